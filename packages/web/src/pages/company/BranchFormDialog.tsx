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
import { type BranchPlaceField, BranchPlaceFields, branchPlaceOf } from "../../ui/BranchPlaceFields.tsx"
import type { Branch } from "../order/order-queries.ts"

const text = messages.branches

const optional = (value: string): string | null => (value.trim() === "" ? null : value.trim())

interface BranchFormProps {
  /** The branch to edit; absent to add one. */
  readonly branch: Branch | undefined
  readonly onCancel: () => void
  readonly onSaved: (announcement: string) => void
}

const BranchForm = ({ branch, onCancel, onSaved }: BranchFormProps) => {
  const [place, setPlace] = useState(() => branchPlaceOf(branch))
  const { name, city, address } = place
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<BranchPlaceField>(form)

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

  const edit = (field: BranchPlaceField, value: string) => {
    setPlace((current) => ({ ...current, [field]: value }))
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <BranchPlaceFields place={place} onChange={edit} errors={fields.errors} />
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
