/**
 * "Agregar usuario" / "Editar usuario": name, e-mail, password (at least 6 characters;
 * optional when editing: blank keeps it) and branch. An edit sends only what changed.
 * A taken e-mail (DUPLICATE_EMAIL) is said next to the e-mail field.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Button, FieldError, Form, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { describeFailure, hasCode } from "../../api/failure.ts"
import { messages } from "../../i18n/messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { type FieldErrors, fieldErrorsOf, hasErrors, useFieldErrors } from "../../ui/field-errors.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import type { Branch, MyCompany } from "../order/order-queries.ts"

type CompanyUser = MyCompany["users"][number]
type UserField = "name" | "email" | "password" | "branchId"

const text = messages.companyUsers

/** The service's own checks (packages/core/src/users/views.ts), said before asking it. */
const minimumPasswordLength = 6
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const sentences: Readonly<Record<UserField, string>> = {
  name: text.nameRequired,
  email: text.emailInvalid,
  password: text.passwordShort,
  branchId: text.branchRequired
}

interface UserFormProps {
  /** The user to edit; absent to add one. */
  readonly user: CompanyUser | undefined
  readonly branches: ReadonlyArray<Branch>
  /** Where a new user goes unless changed: the signed-in user's branch. */
  readonly defaultBranchId: string | undefined
  readonly onCancel: () => void
  readonly onSaved: (announcement: string) => void
}

const UserForm = ({ user, branches, defaultBranchId, onCancel, onSaved }: UserFormProps) => {
  const [name, setName] = useState(user?.name ?? "")
  const [email, setEmail] = useState(user?.email ?? "")
  const [password, setPassword] = useState("")
  const [branchId, setBranchId] = useState<string | undefined>(user === undefined ? defaultBranchId : user.branchId ?? undefined)
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<UserField>(form)

  const check = (): FieldErrors<UserField> => ({
    ...(name.trim() === "" ? { name: text.nameRequired } : {}),
    ...(emailPattern.test(email.trim()) ? {} : { email: text.emailInvalid }),
    ...((user === undefined || password !== "") && password.length < minimumPasswordLength ? { password: text.passwordShort } : {})
  })

  const save = useMutation({
    mutationFn: async () => {
      if (user === undefined) {
        await call(api.POST("/api/my-company/users", {
          body: { name: name.trim(), email: email.trim(), password, ...(branchId === undefined ? {} : { branchId }) }
        }))
        return text.added(name.trim())
      }
      const patch = {
        ...(name.trim() === user.name ? {} : { name: name.trim() }),
        ...(email.trim() === user.email ? {} : { email: email.trim() }),
        ...(password === "" ? {} : { password }),
        ...(branchId === undefined || branchId === user.branchId ? {} : { branchId })
      }
      await call(api.PUT("/api/my-company/users/{id}", { params: { path: { id: user.id } }, body: patch }))
      return text.saved(name.trim())
    },
    onSuccess: onSaved,
    onError: (failure) =>
      fields.show(hasCode(failure, "DUPLICATE_EMAIL") ? { email: describeFailure(failure).sentence } : fieldErrorsOf(failure, sentences))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problems = check()
    if (hasErrors(problems)) return fields.show(problems)
    save.mutate()
  }

  const edit = (field: UserField, set: (value: string) => void) => (value: string) => {
    set(value)
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <TextInputField label={text.name} value={name} onChange={edit("name", setName)} error={fields.errors.name} isRequired autoComplete="name" autoFocus />
      <TextInputField
        label={text.email}
        type="email"
        value={email}
        onChange={edit("email", setEmail)}
        error={fields.errors.email}
        isRequired
        autoComplete="off"
      />
      <TextInputField
        label={user === undefined ? text.password : text.newPassword}
        type="password"
        value={password}
        onChange={edit("password", setPassword)}
        error={fields.errors.password}
        description={user === undefined ? text.passwordHint : text.newPasswordHint}
        isRequired={user === undefined}
        autoComplete="new-password"
      />
      <Select
        value={branchId ?? null}
        onChange={(key) => {
          setBranchId(typeof key === "string" ? key : undefined)
          fields.clear("branchId")
        }}
        isInvalid={fields.errors.branchId !== undefined}
      >
        <Label>{text.branch}</Label>
        <Button className="select-button">
          <SelectValue />
          <span aria-hidden="true" className="select-arrow">▾</span>
        </Button>
        <FieldError className="field-error">{fields.errors.branchId}</FieldError>
        <Popover>
          <ListBox>
            {branches.map((branch) => <ListBoxItem key={branch.id} id={branch.id}>{branch.name}</ListBoxItem>)}
          </ListBox>
        </Popover>
      </Select>
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const UserFormDialog = ({ isOpen, ...props }: UserFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.user === undefined ? text.add : text.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <UserForm key={props.user?.id ?? "new"} {...props} />
  </ModalDialog>
)
