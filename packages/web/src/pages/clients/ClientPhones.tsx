/**
 * An admin's view of a client's phones: each number (E.164) with its label, the one the
 * chatbot answers marked, "Quitar" (confirmed), and "Agregar teléfono". A number the
 * service cannot read (INVALID_PHONE) or that the client already has (DUPLICATE_PHONE) is
 * said next to the field.
 */
import { useMutation } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { Button, Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { checkedSubmit, type FieldErrors, fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { TextInputField } from "../../ui/TextInputField.tsx"
import type { ClientRecord } from "./client-queries.ts"
import { optionalText, phoneFieldError } from "./client-fields.ts"

const text = peopleMessages.phones

type Phone = ClientRecord["phones"][number]
type PhoneField = "phone" | "label"

const AddPhoneForm = ({ clientId, onAdded }: { readonly clientId: string; readonly onAdded: (announcement: string) => void }) => {
  const [phone, setPhone] = useState("")
  const [label, setLabel] = useState("")
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<PhoneField>(form)
  const add = useMutation({
    mutationFn: () =>
      call(api.POST("/api/clients/{id}/phones", { params: { path: { id: clientId } }, body: { phone: phone.trim(), label: optionalText(label) } })),
    onSuccess: (added) => {
      setPhone("")
      setLabel("")
      onAdded(text.added(added.phone))
    },
    onError: (failure) => {
      const sentence = phoneFieldError(failure)
      fields.show(sentence === undefined ? fieldErrorsOf(failure, { phone: text.invalid, label: text.labelInvalid }) : { phone: sentence })
    }
  })
  const submit = checkedSubmit(
    fields.show,
    (): FieldErrors<PhoneField> => (phone.trim() === "" ? { phone: text.required } : {}),
    () => add.mutate()
  )
  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack phone-form" aria-labelledby="add-phone-title">
      <h3 id="add-phone-title">{text.addTitle}</h3>
      <div className="form-row">
        <TextInputField
          label={text.phone}
          type="tel"
          value={phone}
          onChange={(value) => {
            setPhone(value)
            fields.clear("phone")
          }}
          error={fields.errors.phone}
          description={peopleMessages.clientForm.phoneHint}
          autoComplete="off"
        />
        <TextInputField label={text.label} value={label} onChange={setLabel} error={fields.errors.label} />
      </div>
      <div>
        <Button type="submit" className="button primary" isDisabled={add.isPending}>{add.isPending ? text.adding : text.add}</Button>
      </div>
    </Form>
  )
}

export const ClientPhones = ({ client, onChanged }: {
  readonly client: ClientRecord
  readonly onChanged: (announcement: string) => void
}) => {
  const [removing, setRemoving] = useState<Phone | undefined>(undefined)
  const removal = useMutation({
    mutationFn: (phone: Phone) =>
      call(api.DELETE("/api/clients/{id}/phones/{phoneId}", { params: { path: { id: client.id, phoneId: phone.id } } })),
    onSuccess: (_, phone) => {
      setRemoving(undefined)
      onChanged(text.removed(phone.phone))
    }
  })
  return (
    <section className="card stack" aria-labelledby="phones-title">
      <h2 id="phones-title">{text.title}</h2>
      {client.phones.length === 0
        ? <p className="muted">{text.empty}</p>
        : (
          <ul className="phone-list">
            {client.phones.map((phone) => (
              <li key={phone.id}>
                <span>
                  <strong>{phone.phone}</strong>
                  {phone.label !== "" && <span className="muted"> · {phone.label}</span>}
                  {phone.isMessaging && <> <span className="tag">{text.messaging}</span></>}
                </span>
                <Button
                  className="button danger small"
                  aria-label={text.removeLabel(phone.phone)}
                  onPress={() => {
                    removal.reset()
                    setRemoving(phone)
                  }}
                >
                  {text.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
      <AddPhoneForm clientId={client.id} onAdded={onChanged} />
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={text.confirmTitle}
        body={removing === undefined ? "" : text.confirmBody(removing.phone, client.name)}
        confirmLabel={text.remove}
        pendingLabel={text.removing}
        isPending={removal.isPending}
        error={removal.error}
        onConfirm={() => removing !== undefined && removal.mutate(removing)}
        onCancel={() => setRemoving(undefined)}
      />
    </section>
  )
}
