/**
 * "Cambiar el secreto de firma": the hours the old secret keeps signing (0–168, 24 by
 * default), then the new secret, shown this once, and until when the old one still signs.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import { formatDateTime } from "../../format.ts"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { EndpointSecret } from "./EndpointSecret.tsx"
import type { WebhookEndpoint } from "./webhook-queries.ts"

const text = webhookMessages.rotate

type RotatedEndpoint = components["schemas"]["RotatedWebhookEndpoint"]

const maxGraceHours = 168

/** The hours typed, when they are a whole number within 0–168. */
const graceHoursOf = (typed: string): number | undefined => {
  const hours = Number(typed.trim())
  return typed.trim() !== "" && Number.isInteger(hours) && hours >= 0 && hours <= maxGraceHours ? hours : undefined
}

const RotateForm = ({ endpoint, onCancel, onRotated }: {
  readonly endpoint: WebhookEndpoint
  readonly onCancel: () => void
  readonly onRotated: (rotated: RotatedEndpoint) => void
}) => {
  const [grace, setGrace] = useState("24")
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<"graceHours">(form)
  const rotate = useMutation({
    mutationFn: (graceHours: number) =>
      call(api.POST("/api/webhooks/{id}/rotate-secret", { params: { path: { id: endpoint.id } }, body: { graceHours } })),
    onSuccess: onRotated,
    onError: (failure) => fields.show(fieldErrorsOf(failure, { graceHours: text.graceInvalid }))
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const hours = graceHoursOf(grace)
    if (hours === undefined) return fields.show({ graceHours: text.graceInvalid })
    rotate.mutate(hours)
  }
  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      <p>{text.intro}</p>
      {rotate.isError && <ErrorNotice error={rotate.error} />}
      <TextInputField
        label={text.grace}
        description={text.graceHint}
        value={grace}
        onChange={(value) => {
          setGrace(value)
          fields.clear("graceHours")
        }}
        error={fields.errors.graceHours}
        isRequired
        autoFocus
      />
      <DialogActions onCancel={onCancel} isSaving={rotate.isPending} submitLabel={text.submit} savingLabel={text.submitting} />
    </Form>
  )
}

export const RotateSecretDialog = ({ isOpen, endpoint, onClose, onRotated }: {
  readonly isOpen: boolean
  readonly endpoint: WebhookEndpoint
  readonly onClose: () => void
  readonly onRotated: (rotated: RotatedEndpoint) => void
}) => {
  const [rotated, setRotated] = useState<RotatedEndpoint | undefined>(undefined)
  const close = () => {
    setRotated(undefined)
    onClose()
  }
  return (
    <ModalDialog title={rotated === undefined ? text.title : webhookMessages.secret.title} isOpen={isOpen} onClose={close}>
      {rotated === undefined
        ? (
          <RotateForm
            endpoint={endpoint}
            onCancel={close}
            onRotated={(answer) => {
              setRotated(answer)
              onRotated(answer)
            }}
          />
        )
        : (
          <EndpointSecret secret={rotated.secret} onDone={close}>
            <p>
              {rotated.previousSecretExpiresAt === null
                ? webhookMessages.secret.previousStopped
                : webhookMessages.secret.previousUntil(formatDateTime(rotated.previousSecretExpiresAt))}
            </p>
          </EndpointSecret>
        )}
    </ModalDialog>
  )
}
