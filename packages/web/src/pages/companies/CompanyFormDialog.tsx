/**
 * An admin's "Crear empresa" / "Editar empresa": razón social and NIT (both required),
 * e-mail, phone and address. An edit sends only what changed (the service keeps a value
 * it is sent null for, so a cleared e-mail stays as it was). A NIT another company or
 * client has (DUPLICATE_NIT) or one the ERP cannot take (INVALID_NIT) is said next to
 * the NIT.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { describeFailure, hasCode } from "../../api/failure.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { checkedSubmit, type FieldErrors, fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { emailPattern, optionalText } from "../clients/client-fields.ts"
import { type AdvisorCompany, companyKeys } from "./company-queries.ts"

const text = peopleMessages.companyForm

type CompanyField = "name" | "nit" | "email" | "phone" | "address"

const sentences: Readonly<Record<CompanyField, string>> = {
  name: text.nameRequired,
  nit: text.nitRequired,
  email: text.emailInvalid,
  phone: text.tooLong,
  address: text.tooLong
}

const refusedFields = (failure: unknown): FieldErrors<CompanyField> =>
  hasCode(failure, "DUPLICATE_NIT") || hasCode(failure, "INVALID_NIT")
    ? { nit: describeFailure(failure).sentence }
    : fieldErrorsOf(failure, sentences)

interface CompanyFormProps {
  /** The company to edit; absent to create one. */
  readonly company: AdvisorCompany | undefined
  readonly onCancel: () => void
  readonly onSaved: (companyId: string, announcement: string) => void
}

const CompanyForm = ({ company, onCancel, onSaved }: CompanyFormProps) => {
  const [values, setValues] = useState<Readonly<Record<CompanyField, string>>>({
    name: company?.name ?? "",
    nit: company?.nit ?? "",
    email: company?.email ?? "",
    phone: company?.phone ?? "",
    address: company?.address ?? ""
  })
  const queryClient = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<CompanyField>(form)
  const name = values.name.trim()

  const check = (): FieldErrors<CompanyField> => ({
    ...(name === "" ? { name: text.nameRequired } : {}),
    ...(values.nit.trim() === "" ? { nit: text.nitRequired } : {}),
    ...(values.email.trim() === "" || emailPattern.test(values.email.trim()) ? {} : { email: text.emailInvalid })
  })

  const save = useMutation({
    mutationFn: async () => {
      if (company === undefined) {
        const created = await call(api.POST("/api/companies", {
          body: {
            name,
            nit: values.nit.trim(),
            email: optionalText(values.email),
            phone: optionalText(values.phone),
            address: optionalText(values.address)
          }
        }))
        return { id: created.id, announcement: text.created(name) }
      }
      const changed = (field: CompanyField) => values[field].trim() !== (company[field] ?? "")
      const patch = {
        ...(changed("name") ? { name } : {}),
        ...(changed("nit") ? { nit: values.nit.trim() } : {}),
        ...(changed("email") && values.email.trim() !== "" ? { email: values.email.trim() } : {}),
        ...(changed("phone") ? { phone: values.phone.trim() } : {}),
        ...(changed("address") ? { address: values.address.trim() } : {})
      }
      await call(api.PUT("/api/companies/{id}", { params: { path: { id: company.id } }, body: patch }))
      return { id: company.id, announcement: text.saved(name) }
    },
    onSuccess: ({ id, announcement }) => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all })
      onSaved(id, announcement)
    },
    onError: (failure) => fields.show(refusedFields(failure))
  })

  const submit = checkedSubmit(fields.show, check, () => save.mutate())

  const edit = (field: CompanyField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <TextInputField label={text.name} value={values.name} onChange={edit("name")} error={fields.errors.name} isRequired autoFocus />
      <TextInputField label={text.nit} value={values.nit} onChange={edit("nit")} error={fields.errors.nit} isRequired description={text.nitHint} />
      <TextInputField label={text.email} type="email" value={values.email} onChange={edit("email")} error={fields.errors.email} autoComplete="off" />
      <TextInputField label={text.phone} type="tel" value={values.phone} onChange={edit("phone")} error={fields.errors.phone} autoComplete="off" />
      <TextInputField label={text.address} value={values.address} onChange={edit("address")} error={fields.errors.address} autoComplete="off" />
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const CompanyFormDialog = ({ isOpen, ...props }: CompanyFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.company === undefined ? text.createTitle : text.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <CompanyForm key={props.company?.id ?? "new"} {...props} />
  </ModalDialog>
)
