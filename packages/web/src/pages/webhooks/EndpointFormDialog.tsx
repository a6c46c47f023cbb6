/**
 * "Crear endpoint" / "Editar endpoint": name, https URL, the event types to receive (one
 * checkbox each, from `GET /api/webhooks/events`) and the quotation sources. A new
 * endpoint's signing secret is shown once, in the same dialog, before it closes; an edit
 * sends only what changed. The URL's refusal (INVALID_WEBHOOK_URL) is said next to it.
 */
import { useMutation, useQuery } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { ApiFailure } from "../../api/failure.ts"
import type { components } from "../../api/schema"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { CheckboxGroupField } from "../../ui/CheckboxGroupField.tsx"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { fieldErrorsOf, type FieldErrors, useFieldErrors } from "../../ui/field-errors.ts"
import { Loading } from "../../ui/Loading.tsx"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { EndpointSecret } from "./EndpointSecret.tsx"
import { eventCatalogQuery, type WebhookEndpoint, type WebhookEventType, type WebhookSource } from "./webhook-queries.ts"

const text = webhookMessages.form

type Field = "name" | "url" | "events" | "sources"
type CreatedEndpoint = components["schemas"]["CreatedWebhookEndpoint"]

const allSources: ReadonlyArray<WebhookSource> = ["web", "chat"]
const sourceOptions = allSources.map((source) => ({ id: source, label: text.sourceNames[source] }))

const isSource = (value: string): value is WebhookSource => allSources.some((source) => source === value)
const sameSet = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((item) => b.includes(item))

/** Both sources is "all" (null), so that a source added later reaches the endpoint too. */
const sourcesBody = (chosen: ReadonlyArray<WebhookSource>): Array<WebhookSource> | null =>
  sameSet(chosen, allSources) ? null : [...chosen]

/** The form's own checks, before anything is sent. */
const checkForm = (name: string, url: string, events: ReadonlyArray<string>, sources: ReadonlyArray<string>): FieldErrors<Field> => ({
  ...(name.trim() === "" ? { name: text.nameRequired } : {}),
  ...(url.trim() === "" ? { url: text.urlRequired } : {}),
  ...(events.length === 0 ? { events: text.eventsRequired } : {}),
  ...(sources.length === 0 ? { sources: text.sourcesRequired } : {})
})

/** A refusal's field errors: the URL's reason, or the fields a VALIDATION_ERROR names. */
const refusalErrors = (failure: unknown): FieldErrors<Field> => {
  if (failure instanceof ApiFailure && failure.code === "INVALID_WEBHOOK_URL") {
    const reason = failure.details?.reason
    return { url: (typeof reason === "string" ? webhookMessages.urlReasons[reason] : undefined) ?? webhookMessages.urlReasons.INVALID_URL }
  }
  return fieldErrorsOf(failure, { name: text.nameRequired, url: webhookMessages.urlReasons.INVALID_URL, events: text.eventsRequired, sources: text.sourcesRequired })
}

interface FormProps {
  /** The endpoint to edit; absent to create one. */
  readonly endpoint: WebhookEndpoint | undefined
  readonly onCancel: () => void
  /** Saved: the server's endpoint and the sentence to announce. */
  readonly onSaved: (endpoint: WebhookEndpoint, announcement: string) => void
}

const EndpointForm = ({ endpoint, onCancel, onSaved, onCreated }: FormProps & { readonly onCreated: (created: CreatedEndpoint) => void }) => {
  const catalog = useQuery(eventCatalogQuery)
  const [name, setName] = useState(endpoint?.name ?? "")
  const [url, setUrl] = useState(endpoint?.url ?? "")
  const [events, setEvents] = useState<ReadonlyArray<string>>(endpoint?.events ?? [])
  const [sources, setSources] = useState<ReadonlyArray<WebhookSource>>(endpoint?.sources ?? allSources)
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<Field>(form)

  const subscribable = (catalog.data?.events ?? []).filter((event) => event.subscribable)
  const chosenEvents = subscribable.map((event) => event.type).filter((type): type is WebhookEventType => type !== "ping" && events.includes(type))

  const save = useMutation({
    mutationFn: async () => {
      if (endpoint === undefined) {
        const created = await call(api.POST("/api/webhooks", {
          body: { name: name.trim(), url: url.trim(), events: chosenEvents, sources: sourcesBody(sources) }
        }))
        return { created }
      }
      const patch = {
        ...(name.trim() === endpoint.name ? {} : { name: name.trim() }),
        ...(url.trim() === endpoint.url ? {} : { url: url.trim() }),
        ...(sameSet(chosenEvents, endpoint.events) ? {} : { events: chosenEvents }),
        ...(sameSet(sources, endpoint.sources ?? allSources) ? {} : { sources: sourcesBody(sources) })
      }
      return { saved: await call(api.PATCH("/api/webhooks/{id}", { params: { path: { id: endpoint.id } }, body: patch })) }
    },
    onSuccess: (answer) => {
      if ("created" in answer) onCreated(answer.created)
      else onSaved(answer.saved, text.saved(answer.saved.name))
    },
    onError: (failure) => fields.show(refusalErrors(failure))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const errors = checkForm(name, url, chosenEvents, sources)
    if (Object.keys(errors).length > 0) return fields.show(errors)
    save.mutate()
  }

  const edit = <Value,>(field: Field, set: (value: Value) => void) => (value: Value) => {
    set(value)
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <TextInputField label={text.name} description={text.nameHint} value={name} onChange={edit("name", setName)} error={fields.errors.name} isRequired autoFocus />
      <TextInputField label={text.url} description={text.urlHint} value={url} onChange={edit("url", setUrl)} error={fields.errors.url} type="url" isRequired autoComplete="url" />
      {catalog.isPending
        ? <Loading label={text.loadingEvents} />
        : catalog.isError
        ? <ErrorNotice error={catalog.error} onRetry={() => void catalog.refetch()} />
        : (
          <CheckboxGroupField
            label={text.events}
            description={text.eventsHint}
            options={subscribable.map((event) => ({ id: event.type, label: webhookMessages.eventNames[event.type], detail: event.type }))}
            value={events}
            onChange={edit("events", setEvents)}
            error={fields.errors.events}
          />
        )}
      <CheckboxGroupField
        label={text.sources}
        description={text.sourcesHint}
        options={sourceOptions}
        value={sources}
        onChange={edit("sources", (chosen: Array<string>) => setSources(chosen.filter(isSource)))}
        error={fields.errors.sources}
      />
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const EndpointFormDialog = ({ isOpen, ...props }: FormProps & { readonly isOpen: boolean }) => {
  const [created, setCreated] = useState<CreatedEndpoint | undefined>(undefined)
  const close = () => {
    if (created !== undefined) props.onSaved(created, text.created(created.name))
    else props.onCancel()
    setCreated(undefined)
  }
  return (
    <ModalDialog
      title={created !== undefined ? webhookMessages.secret.title : props.endpoint === undefined ? text.addTitle : text.editTitle}
      isOpen={isOpen}
      onClose={close}
    >
      {created !== undefined
        ? <EndpointSecret secret={created.secret} onDone={close} />
        : <EndpointForm key={props.endpoint?.id ?? "new"} {...props} onCreated={setCreated} />}
    </ModalDialog>
  )
}
