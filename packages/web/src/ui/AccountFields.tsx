/**
 * A login's name, e-mail and password as form fields, with the service's own checks
 * said before asking it (packages/core/src/users/views.ts: an e-mail address, a password
 * of at least 6 characters; editing, a blank password keeps the current one) and a taken
 * e-mail (DUPLICATE_EMAIL) said next to the e-mail. Mi empresa's user form and an
 * admin's both ask them this way.
 */
import { describeFailure, hasCode } from "../api/failure.ts"
import { messages } from "../i18n/messages.ts"
import type { FieldErrors } from "./field-errors.ts"
import { TextInputField } from "./TextInputField.tsx"

export type AccountField = "name" | "email" | "password"

export type Account = Readonly<Record<AccountField, string>>

const text = messages.companyUsers

const minimumPasswordLength = 6
/** The service's e-mail check (`EmailAddress` in packages/core), said before asking it. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The sentence of each field the service may refuse (`VALIDATION_ERROR`). */
export const accountSentences: Readonly<Record<AccountField, string>> = {
  name: text.nameRequired,
  email: text.emailInvalid,
  password: text.passwordShort
}

/** The fields' values for a user (the password always blank), or for a new one. */
export const accountOf = (user: { readonly name: string; readonly email: string } | undefined): Account => ({
  name: user?.name ?? "",
  email: user?.email ?? "",
  password: ""
})

/** What is wrong before asking the service; `isNew`: the password is required. */
export const accountProblems = (account: Account, isNew: boolean): FieldErrors<AccountField> => ({
  ...(account.name.trim() === "" ? { name: text.nameRequired } : {}),
  ...(emailPattern.test(account.email.trim()) ? {} : { email: text.emailInvalid }),
  ...((isNew || account.password !== "") && account.password.length < minimumPasswordLength ? { password: text.passwordShort } : {})
})

/** A taken e-mail, as the error of the e-mail field; undefined for any other failure. */
export const takenEmail = (failure: unknown): FieldErrors<AccountField> | undefined =>
  hasCode(failure, "DUPLICATE_EMAIL") ? { email: describeFailure(failure).sentence } : undefined

/** Only what changed of an edited login (a blank password is no change). */
export const accountPatch = (account: Account, user: { readonly name: string; readonly email: string }) => ({
  ...(account.name.trim() === user.name ? {} : { name: account.name.trim() }),
  ...(account.email.trim() === user.email ? {} : { email: account.email.trim() }),
  ...(account.password === "" ? {} : { password: account.password })
})

export const AccountFields = ({ account, isNew, onChange, errors }: {
  readonly account: Account
  readonly isNew: boolean
  readonly onChange: (field: AccountField, value: string) => void
  readonly errors: Partial<Record<AccountField, string>>
}) => (
  <>
    <TextInputField label={text.name} value={account.name} onChange={(value) => onChange("name", value)} error={errors.name} isRequired autoComplete="name" autoFocus />
    <TextInputField
      label={text.email}
      type="email"
      value={account.email}
      onChange={(value) => onChange("email", value)}
      error={errors.email}
      isRequired
      autoComplete="off"
    />
    <TextInputField
      label={isNew ? text.password : text.newPassword}
      type="password"
      value={account.password}
      onChange={(value) => onChange("password", value)}
      error={errors.password}
      description={isNew ? text.passwordHint : text.newPasswordHint}
      isRequired={isNew}
      autoComplete="new-password"
    />
  </>
)
