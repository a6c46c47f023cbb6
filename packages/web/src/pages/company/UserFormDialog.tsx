/**
 * "Agregar usuario" / "Editar usuario": name, e-mail, password (at least 6 characters;
 * optional when editing: blank keeps it) and branch. An edit sends only what changed.
 * A taken e-mail (DUPLICATE_EMAIL) is said next to the e-mail field.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Button, FieldError, Form, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { type FieldErrors, fieldErrorsOf, hasErrors, useFieldErrors } from "../../ui/field-errors.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { type AccountField, AccountFields, accountOf, accountPatch, accountProblems, accountSentences, takenEmail } from "../../ui/AccountFields.tsx"
import type { Branch, MyCompany } from "../order/order-queries.ts"

type CompanyUser = MyCompany["users"][number]
type UserField = AccountField | "branchId"

const text = messages.companyUsers

const sentences: Readonly<Record<UserField, string>> = { ...accountSentences, branchId: text.branchRequired }

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
  const [account, setAccount] = useState(() => accountOf(user))
  const [branchId, setBranchId] = useState<string | undefined>(user === undefined ? defaultBranchId : user.branchId ?? undefined)
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<UserField>(form)

  const name = account.name.trim()

  const save = useMutation({
    mutationFn: async () => {
      if (user === undefined) {
        await call(api.POST("/api/my-company/users", {
          body: { name, email: account.email.trim(), password: account.password, ...(branchId === undefined ? {} : { branchId }) }
        }))
        return text.added(name)
      }
      const patch = {
        ...accountPatch(account, user),
        ...(branchId === undefined || branchId === user.branchId ? {} : { branchId })
      }
      await call(api.PUT("/api/my-company/users/{id}", { params: { path: { id: user.id } }, body: patch }))
      return text.saved(name)
    },
    onSuccess: onSaved,
    onError: (failure) =>
      fields.show(takenEmail(failure) ?? fieldErrorsOf(failure, sentences))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problems: FieldErrors<UserField> = accountProblems(account, user === undefined)
    if (hasErrors(problems)) return fields.show(problems)
    save.mutate()
  }

  const edit = (field: AccountField, value: string) => {
    setAccount((current) => ({ ...current, [field]: value }))
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <AccountFields account={account} isNew={user === undefined} onChange={edit} errors={fields.errors} />
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
