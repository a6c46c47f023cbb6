/**
 * "Agregar sucursal" / "Editar sucursal": name (required), city and address. An edit
 * sends only what changed (a cleared city or address is sent as null); the route is the
 * advisor's to assign and is not asked here.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import type { Branch } from "../order/order-queries.ts"

const text = messages.branches

type BranchField = "name" | "city" | "address"

const optional = (value: string): string | null => (value.trim() === "" ? null : value.trim())

interface BranchFormProps {
  /** The branch to edit; absent to add one. */
  readonly branch: Branch | undefined
  readonly onCancel: () => void
  readonly onSaved: (announcement: string) => void
}

const BranchForm = ({ branch, onCancel, onSaved }: BranchFormProps) => {
  const [name, setName] = useState(branch?.name ?? "")
  const [city, setCity] = useState(branch?.city ?? "")
  const [address, setAddress] = useState(branch?.address ?? "")
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<BranchField>(form)

  const save = useMutation({
    mutationFn: async () => {
      if (branch === undefined) {
        await call(api.POST("/api/my-company/branches", { body: { name: name.trim(), city: optional(city), address: optional(address) } }))
        return text.added(name.trim())
      }
      const patch = {
        ...(name.trim() === branch.name ? {} : { name: name.trim() }),
        ...(optional(city) === branch.city ? {} : { city: optional(city) }),
        ...(optional(address) === branch.address ? {} : { address: optional(address) })
      }
      await call(api.PUT("/api/my-company/branches/{id}", { params: { path: { id: branch.id } }, body: patch }))
      return text.saved(name.trim())
    },
    onSuccess: onSaved,
    onError: (failure) =>
      fields.show(fieldErrorsOf(failure, { name: text.nameRequired, city: messages.forms.invalid, address: messages.forms.invalid }))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (name.trim() === "") return fields.show({ name: text.nameRequired })
    save.mutate()
  }

  const edit = (field: BranchField, set: (value: string) => void) => (value: string) => {
    set(value)
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <TextInputField label={text.name} value={name} onChange={edit("name", setName)} error={fields.errors.name} isRequired autoFocus />
      <TextInputField label={text.city} value={city} onChange={edit("city", setCity)} error={fields.errors.city} autoComplete="address-level2" />
      <TextInputField label={text.address} value={address} onChange={edit("address", setAddress)} error={fields.errors.address} autoComplete="street-address" />
      <p className="muted small">{text.routeNote}</p>
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const BranchFormDialog = ({ isOpen, ...props }: BranchFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.branch === undefined ? text.add : text.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <BranchForm key={props.branch?.id ?? "new"} {...props} />
  </ModalDialog>
)
