/**
 * An admin's "Crear cliente" / "Editar cliente": name, e-mail, NIT, company (searched),
 * branch (which gives the route and the advisor), price list and, for a new client, its
 * first phone. An edit sends only what changed. The service's refusals are said next to
 * their field: a phone it cannot read (INVALID_PHONE), a NIT another company or client
 * has (DUPLICATE_NIT), a branch or price list gone meanwhile.
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
import { type CompanyBranch, CompanyBranchFields } from "../companies/CompanyBranchFields.tsx"
import { companyKeys } from "../companies/company-queries.ts"
import { missingPlacement, placementRefusal, placementSentences } from "../companies/placement-refusal.ts"
import { clientKeys, type ClientRecord } from "./client-queries.ts"
import { emailPattern, optionalText, phoneFieldError } from "./client-fields.ts"
import { chosenPriceList, generalList, PriceListSelect } from "./PriceListSelect.tsx"

const text = peopleMessages.clientForm

type ClientField = "name" | "email" | "nit" | "companyId" | "branchId" | "priceListId" | "phone"

const sentences: Readonly<Record<ClientField, string>> = {
  name: text.nameRequired,
  email: text.emailInvalid,
  nit: text.nitInvalid,
  ...placementSentences,
  phone: text.phoneInvalid
}

/** Which field a refusal of the service is about. */
const refusedFields = (failure: unknown): FieldErrors<ClientField> => {
  const phone = phoneFieldError(failure)
  if (phone !== undefined) return { phone }
  if (hasCode(failure, "DUPLICATE_NIT")) return { nit: describeFailure(failure).sentence }
  const placement = placementRefusal(failure)
  if (placement !== undefined) return placement
  const fields = fieldErrorsOf(failure, { ...sentences, phones: text.phoneInvalid })
  const { phones, ...rest } = fields
  return phones === undefined ? rest : { ...rest, phone: phones }
}

interface ClientFormProps {
  /** The client to edit; absent to create one. */
  readonly client: ClientRecord | undefined
  readonly onCancel: () => void
  /** The client's id once saved. */
  readonly onSaved: (clientId: string) => void
}

const ClientForm = ({ client, onCancel, onSaved }: ClientFormProps) => {
  const [name, setName] = useState(client?.name ?? "")
  const [email, setEmail] = useState(client?.email ?? "")
  const [nit, setNit] = useState(client?.nit ?? "")
  const [place, setPlace] = useState<CompanyBranch>({
    company: client?.companyId === null || client === undefined ? undefined : { id: client.companyId, name: client.companyName },
    branchId: client?.branchId ?? ""
  })
  const { company, branchId } = place
  const [priceListId, setPriceListId] = useState(client?.priceListId ?? generalList)
  const [phone, setPhone] = useState("")
  const [phoneLabel, setPhoneLabel] = useState("")
  const queryClient = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<ClientField>(form)

  const check = (): FieldErrors<ClientField> => ({
    ...(name.trim() === "" ? { name: text.nameRequired } : {}),
    ...(email.trim() === "" || emailPattern.test(email.trim()) ? {} : { email: text.emailInvalid }),
    ...(client !== undefined && nit.trim() === "" ? { nit: text.nitRequired } : {}),
    ...missingPlacement(place)
  })

  const chosenList = chosenPriceList(priceListId)

  const save = useMutation({
    mutationFn: async () => {
      if (company === undefined) throw new Error("no company chosen")
      if (client === undefined) {
        const created = await call(api.POST("/api/clients", {
          body: {
            name: name.trim(),
            companyId: company.id,
            branchId,
            email: optionalText(email),
            nit: optionalText(nit),
            priceListId: chosenList,
            ...(phone.trim() === "" ? {} : { phones: [{ phone: phone.trim(), label: optionalText(phoneLabel) }] })
          }
        }))
        return created.id
      }
      const patch = {
        ...(name.trim() === client.name ? {} : { name: name.trim() }),
        ...(optionalText(email) === client.email ? {} : { email: optionalText(email) }),
        ...(nit.trim() === client.nit ? {} : { nit: nit.trim() }),
        ...(company.id === client.companyId ? {} : { companyId: company.id }),
        ...(branchId === client.branchId ? {} : { branchId }),
        ...(chosenList === client.priceListId ? {} : { priceListId: chosenList })
      }
      await call(api.PUT("/api/clients/{id}", { params: { path: { id: client.id } }, body: patch }))
      return client.id
    },
    onSuccess: (clientId) => {
      void queryClient.invalidateQueries({ queryKey: clientKeys.all })
      void queryClient.invalidateQueries({ queryKey: companyKeys.all })
      onSaved(clientId)
    },
    onError: (failure) => fields.show(refusedFields(failure))
  })

  const submit = checkedSubmit(fields.show, check, () => save.mutate())

  const edit = (field: ClientField, set: (value: string) => void) => (value: string) => {
    set(value)
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <TextInputField label={text.name} value={name} onChange={edit("name", setName)} error={fields.errors.name} isRequired autoFocus />
      <TextInputField label={text.email} type="email" value={email} onChange={edit("email", setEmail)} error={fields.errors.email} autoComplete="off" />
      <TextInputField
        label={text.nit}
        value={nit}
        onChange={edit("nit", setNit)}
        error={fields.errors.nit}
        description={client === undefined ? text.nitHint : undefined}
        isRequired={client !== undefined}
      />
      <CompanyBranchFields value={place} onChange={setPlace} fields={fields} />
      <p className="muted small">{text.branchNote}</p>
      <PriceListSelect value={priceListId} onChange={edit("priceListId", setPriceListId)} error={fields.errors.priceListId} currentId={client?.priceListId ?? null} />
      {client === undefined && (
        <fieldset className="people-fieldset stack">
          <legend>{text.phoneTitle}</legend>
          <TextInputField
            label={text.phone}
            type="tel"
            value={phone}
            onChange={edit("phone", setPhone)}
            error={fields.errors.phone}
            description={text.phoneHint}
            autoComplete="off"
          />
          <TextInputField label={text.phoneLabel} value={phoneLabel} onChange={setPhoneLabel} error={undefined} />
        </fieldset>
      )}
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const ClientFormDialog = ({ isOpen, ...props }: ClientFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.client === undefined ? text.createTitle : text.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <ClientForm key={props.client?.id ?? "new"} {...props} />
  </ModalDialog>
)
