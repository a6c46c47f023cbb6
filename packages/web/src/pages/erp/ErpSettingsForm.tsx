/**
 * "Datos de conexión": the Partner-Id, the API user, the access key and the API's address.
 * The access key is write-only: never shown (the service answers it masked; not even that
 * is displayed), left blank to keep the stored one. Only what changed is sent.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Button, Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { formatDateTime } from "../../format.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { fieldErrorsOf, type FieldErrors, useFieldErrors } from "../../ui/field-errors.ts"
import type { Announce } from "../../ui/StatusLine.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { erpKeys, type ErpSettings } from "./erp-queries.ts"

const text = erpMessages.settings

type Field = "partnerId" | "username" | "accessKey" | "baseUrl"

const partnerIdPattern = /^[A-Za-z0-9]{3,100}$/

const checkForm = (partnerId: string, username: string, baseUrl: string): FieldErrors<Field> => ({
  ...(partnerIdPattern.test(partnerId.trim()) ? {} : { partnerId: text.partnerIdInvalid }),
  ...(username.trim() === "" ? { username: text.usernameInvalid } : {}),
  ...(/^https?:\/\/\S+$/.test(baseUrl.trim()) ? {} : { baseUrl: text.baseUrlInvalid })
})

export const ErpSettingsForm = ({ settings, announce }: { readonly settings: ErpSettings; readonly announce: Announce }) => {
  const queryClient = useQueryClient()
  const [partnerId, setPartnerId] = useState(settings.partnerId ?? "")
  const [username, setUsername] = useState(settings.username ?? "")
  const [accessKey, setAccessKey] = useState("")
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl)
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<Field>(form)

  const changes = {
    ...(partnerId.trim() === (settings.partnerId ?? "") ? {} : { partnerId: partnerId.trim() }),
    ...(username.trim() === (settings.username ?? "") ? {} : { username: username.trim() }),
    ...(accessKey.trim() === "" ? {} : { accessKey: accessKey.trim() }),
    ...(baseUrl.trim() === settings.baseUrl ? {} : { baseUrl: baseUrl.trim() })
  }

  const save = useMutation({
    mutationFn: () => call(api.PUT("/api/integrations/erp/settings", { body: changes })),
    onSuccess: (answer) => {
      // The answer's settings, at once; then the rest (the key's state, the token) read again.
      setPartnerId(answer.settings.partner_id ?? "")
      setUsername(answer.settings.username ?? "")
      setBaseUrl(answer.settings.base_url)
      setAccessKey("")
      void queryClient.invalidateQueries({ queryKey: erpKeys.settings })
      announce(text.saved)
    },
    onError: (failure) =>
      fields.show(fieldErrorsOf(failure, {
        partnerId: text.partnerIdInvalid,
        username: text.usernameInvalid,
        accessKey: text.accessKeyInvalid,
        baseUrl: text.baseUrlInvalid
      }))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const errors = checkForm(partnerId, username, baseUrl)
    if (Object.keys(errors).length > 0) return fields.show(errors)
    if (Object.keys(changes).length === 0) return announce(text.nothingChanged, "info")
    save.mutate()
  }

  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value)
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack erp-settings" aria-labelledby="erp-settings-title">
      <h2 id="erp-settings-title">{text.title}</h2>
      {save.isError && <ErrorNotice error={save.error} />}
      <div className="form-grid">
        <TextInputField label={text.partnerId} description={text.partnerIdHint} value={partnerId} onChange={edit("partnerId", setPartnerId)} error={fields.errors.partnerId} isRequired />
        <TextInputField label={text.username} description={text.usernameHint} value={username} onChange={edit("username", setUsername)} error={fields.errors.username} isRequired autoComplete="off" />
        <TextInputField
          label={text.accessKey}
          description={settings.accessKeySet ? text.accessKeySet : text.accessKeyUnset}
          type="password"
          value={accessKey}
          onChange={edit("accessKey", setAccessKey)}
          error={fields.errors.accessKey}
          autoComplete="new-password"
        />
        <TextInputField label={text.baseUrl} description={text.baseUrlHint} type="url" value={baseUrl} onChange={edit("baseUrl", setBaseUrl)} error={fields.errors.baseUrl} isRequired />
      </div>
      <p className="muted small">{settings.tokenExpiresAt === null ? text.tokenNone : text.tokenUntil(formatDateTime(settings.tokenExpiresAt))}</p>
      <div className="row">
        <Button type="submit" className="button primary" isDisabled={save.isPending}>{save.isPending ? text.saving : text.save}</Button>
      </div>
    </Form>
  )
}
