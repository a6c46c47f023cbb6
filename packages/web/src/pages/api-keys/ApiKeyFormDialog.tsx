/**
 * "Crear llave de API" (name, scopes, requests per minute, expiry) and "Editar llave"
 * (name, scopes and requests per minute; a key's expiry is set when it is made or
 * rotated). An edit sends only what changed.
 * Creating hands the new key — its value shown this once — to `onCreated`.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { apiKeysMessages } from "../../i18n/api-keys-messages.ts"
import { CheckboxGroupField } from "../../ui/CheckboxGroupField.tsx"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { type FieldErrors, fieldErrorsOf, hasErrors, useFieldErrors } from "../../ui/field-errors.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { type ApiKey, type ApiKeyScope, apiKeyScopes, isApiKeyScope, type IssuedApiKey, scopeDescription } from "./api-key-queries.ts"
import { ChoiceField } from "./ChoiceField.tsx"
import { expiresInDaysOf, expiryChoices, noExpiry } from "./expiry-options.ts"

type KeyField = "name" | "scopes" | "rateLimitPerMinute"

const text = apiKeysMessages.form

/** The service's own checks (packages/core/src/api-keys/views.ts), said before asking it. */
const maxNameLength = 200
const maxRateLimit = 1_000_000

const sentences: Readonly<Record<KeyField, string>> = {
  name: text.nameRequired,
  scopes: text.scopesRequired,
  rateLimitPerMinute: text.rateLimitInvalid
}

/** The limit typed: a whole number within 1–1,000,000, null when blank (the service's default), undefined when neither. */
const rateLimitOf = (typed: string): number | null | undefined => {
  if (typed.trim() === "") return null
  const limit = Number(typed.trim())
  return Number.isInteger(limit) && limit >= 1 && limit <= maxRateLimit ? limit : undefined
}

const scopeOptions = apiKeyScopes.map((scope) => ({ id: scope, label: scope, detail: scopeDescription(scope) }))

const sameScopes = (a: ReadonlyArray<ApiKeyScope>, b: ReadonlyArray<ApiKeyScope>): boolean =>
  a.length === b.length && a.every((scope) => b.includes(scope))

interface ApiKeyFormProps {
  /** The key to edit; absent to create one. */
  readonly apiKey: ApiKey | undefined
  readonly onCancel: () => void
  readonly onSaved: (announcement: string) => void
  readonly onCreated: (issued: IssuedApiKey) => void
}

const ApiKeyForm = ({ apiKey, onCancel, onSaved, onCreated }: ApiKeyFormProps) => {
  const [name, setName] = useState(apiKey?.name ?? "")
  const [scopes, setScopes] = useState<ReadonlyArray<ApiKeyScope>>(apiKey?.scopes ?? [])
  const [expiry, setExpiry] = useState(noExpiry)
  const [rateLimit, setRateLimit] = useState(apiKey?.rateLimitPerMinute?.toString() ?? "")
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<KeyField>(form)

  const check = (): FieldErrors<KeyField> => ({
    ...(name.trim() === "" ? { name: text.nameRequired } : name.trim().length > maxNameLength ? { name: text.nameTooLong } : {}),
    ...(scopes.length === 0 ? { scopes: text.scopesRequired } : {}),
    ...(rateLimitOf(rateLimit) === undefined ? { rateLimitPerMinute: text.rateLimitInvalid } : {})
  })

  const create = useMutation({
    mutationFn: () => {
      const expiresInDays = expiresInDaysOf(expiry)
      const rateLimitPerMinute = rateLimitOf(rateLimit) ?? null
      return call(api.POST("/api/api-keys", {
        body: {
          name: name.trim(),
          scopes: [...scopes],
          ...(expiresInDays === undefined ? {} : { expiresInDays }),
          ...(rateLimitPerMinute === null ? {} : { rateLimitPerMinute })
        }
      }))
    },
    onSuccess: onCreated,
    onError: (failure) => fields.show(fieldErrorsOf(failure, sentences))
  })

  const update = useMutation({
    mutationFn: async (key: ApiKey) => {
      const rateLimitPerMinute = rateLimitOf(rateLimit) ?? null
      const saved = await call(api.PATCH("/api/api-keys/{id}", {
        params: { path: { id: key.id } },
        body: {
          ...(name.trim() === key.name ? {} : { name: name.trim() }),
          ...(sameScopes(scopes, key.scopes) ? {} : { scopes: [...scopes] }),
          ...(rateLimitPerMinute === key.rateLimitPerMinute ? {} : { rateLimitPerMinute })
        }
      }))
      return text.saved(saved.name)
    },
    onSuccess: onSaved,
    onError: (failure) => fields.show(fieldErrorsOf(failure, sentences))
  })

  const saving = apiKey === undefined ? create : update
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problems = check()
    if (hasErrors(problems)) return fields.show(problems)
    if (apiKey === undefined) create.mutate()
    else update.mutate(apiKey)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {saving.isError && <ErrorNotice error={saving.error} />}
      <TextInputField
        label={text.name}
        description={text.nameHint}
        value={name}
        onChange={(value) => {
          setName(value)
          fields.clear("name")
        }}
        error={fields.errors.name}
        isRequired
        autoComplete="off"
        autoFocus
      />
      <CheckboxGroupField
        detailDescribes
        label={text.scopes}
        description={text.scopesHint}
        options={scopeOptions}
        value={scopes}
        onChange={(chosen) => {
          setScopes(chosen.filter(isApiKeyScope))
          fields.clear("scopes")
        }}
        error={fields.errors.scopes}
      />
      <TextInputField
        label={text.rateLimit}
        description={text.rateLimitHint}
        type="number"
        value={rateLimit}
        onChange={(value) => {
          setRateLimit(value)
          fields.clear("rateLimitPerMinute")
        }}
        error={fields.errors.rateLimitPerMinute}
        autoComplete="off"
      />
      {apiKey === undefined && (
        <ChoiceField label={text.expiry} hint={text.expiryHint} options={expiryChoices} value={expiry} onChange={setExpiry} />
      )}
      <DialogActions
        onCancel={onCancel}
        isSaving={saving.isPending}
        {...(apiKey === undefined ? { submitLabel: text.submitCreate, savingLabel: text.submittingCreate } : {})}
      />
    </Form>
  )
}

export const ApiKeyFormDialog = ({ isOpen, ...props }: ApiKeyFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.apiKey === undefined ? text.createTitle : text.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <ApiKeyForm key={props.apiKey?.id ?? "new"} {...props} />
  </ModalDialog>
)
