/**
 * "Rotar llave": a new key with the same name and scopes, and how long the old one keeps
 * working (0–168 hours, 48 by default) while the system that uses it is updated; the new
 * key's expiry. The answer — the new key's value — goes to `onRotated`.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { apiKeysMessages } from "../../i18n/api-keys-messages.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import type { ApiKey, RotatedApiKey } from "./api-key-queries.ts"
import { ChoiceField } from "./ChoiceField.tsx"
import { defaultGraceHours, expiresInDaysOf, expiryChoices, graceChoices, noExpiry } from "./expiry-options.ts"

const text = apiKeysMessages.rotate

const RotateForm = ({ apiKey, onCancel, onRotated }: {
  readonly apiKey: ApiKey
  readonly onCancel: () => void
  readonly onRotated: (rotated: RotatedApiKey) => void
}) => {
  const [grace, setGrace] = useState(defaultGraceHours)
  const [expiry, setExpiry] = useState(noExpiry)
  const rotate = useMutation({
    mutationFn: () => {
      const expiresInDays = expiresInDaysOf(expiry)
      return call(api.POST("/api/api-keys/{id}/rotate", {
        params: { path: { id: apiKey.id } },
        body: { graceHours: Number(grace), ...(expiresInDays === undefined ? {} : { expiresInDays }) }
      }))
    },
    onSuccess: onRotated
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    rotate.mutate()
  }
  return (
    <Form onSubmit={submit} className="stack">
      <p>{text.intro(apiKey.name)}</p>
      {rotate.isError && <ErrorNotice error={rotate.error} />}
      <ChoiceField label={text.grace} hint={text.graceHint} options={graceChoices} value={grace} onChange={setGrace} />
      <ChoiceField label={apiKeysMessages.form.expiry} hint={apiKeysMessages.form.expiryHint} options={expiryChoices} value={expiry} onChange={setExpiry} />
      <DialogActions onCancel={onCancel} isSaving={rotate.isPending} submitLabel={text.submit} savingLabel={text.submitting} />
    </Form>
  )
}

export const RotateKeyDialog = ({ apiKey, onCancel, onRotated }: {
  readonly apiKey: ApiKey | undefined
  readonly onCancel: () => void
  readonly onRotated: (rotated: RotatedApiKey) => void
}) => (
  <ModalDialog title={text.title} isOpen={apiKey !== undefined} onClose={onCancel}>
    {apiKey !== undefined && <RotateForm key={apiKey.id} apiKey={apiKey} onCancel={onCancel} onRotated={onRotated} />}
  </ModalDialog>
)
