/**
 * "Recuperar entregas fallidas": every failed delivery of the events of a period (Bogotá
 * time; "Hasta" empty means now) is sent again as a fresh try. An inactive endpoint is
 * refused (ENDPOINT_INACTIVE), said in the dialog.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { fromBogotaInput, toBogotaInput } from "./bogota-time.ts"
import type { WebhookEndpoint } from "./webhook-queries.ts"

const text = webhookMessages.recover

type Field = "since" | "until"

const dayMs = 24 * 60 * 60 * 1000

const RecoverForm = ({ endpoint, onCancel, onRecovered }: {
  readonly endpoint: WebhookEndpoint
  readonly onCancel: () => void
  readonly onRecovered: (queued: number) => void
}) => {
  const [since, setSince] = useState(() => toBogotaInput(Date.now() - dayMs))
  const [until, setUntil] = useState("")
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<Field>(form)
  const recover = useMutation({
    mutationFn: (period: { readonly since: string; readonly until?: string }) =>
      call(api.POST("/api/webhooks/{id}/recover", { params: { path: { id: endpoint.id } }, body: period })),
    onSuccess: (answer) => onRecovered(answer.queued),
    onError: (failure) => fields.show(fieldErrorsOf(failure, { since: text.sinceRequired, until: text.untilBeforeSince }))
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const from = fromBogotaInput(since)
    const to = until.trim() === "" ? undefined : fromBogotaInput(until)
    if (from === undefined) return fields.show({ since: text.sinceRequired })
    if (until.trim() !== "" && (to === undefined || to <= from)) return fields.show({ until: text.untilBeforeSince })
    recover.mutate(to === undefined ? { since: from } : { since: from, until: to })
  }
  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value)
    fields.clear(field)
  }
  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      <p>{text.intro}</p>
      {recover.isError && <ErrorNotice error={recover.error} />}
      <TextInputField type="datetime-local" label={text.since} value={since} onChange={edit("since", setSince)} error={fields.errors.since} isRequired autoFocus />
      <TextInputField type="datetime-local" label={text.until} description={text.untilHint} value={until} onChange={edit("until", setUntil)} error={fields.errors.until} />
      <DialogActions onCancel={onCancel} isSaving={recover.isPending} submitLabel={text.submit} savingLabel={text.submitting} />
    </Form>
  )
}

export const RecoverDialog = ({ isOpen, endpoint, onClose, onRecovered }: {
  readonly isOpen: boolean
  readonly endpoint: WebhookEndpoint
  readonly onClose: () => void
  readonly onRecovered: (queued: number) => void
}) => (
  <ModalDialog title={text.title} isOpen={isOpen} onClose={onClose}>
    <RecoverForm endpoint={endpoint} onCancel={onClose} onRecovered={onRecovered} />
  </ModalDialog>
)
