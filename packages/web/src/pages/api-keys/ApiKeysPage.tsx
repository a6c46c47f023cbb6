/**
 * "Llaves de API" (admins): every key with its scopes, state, last use and expiry;
 * "Crear llave" (the value shown once), "Editar" (name and scopes), "Rotar" (a new value,
 * the old one working a few more hours) and "Revocar" (confirmed). Each change refetches
 * the list and is announced in the page's status line.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Button } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { apiKeysMessages } from "../../i18n/api-keys-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { type ApiKey, apiKeyKeys, apiKeysQuery } from "./api-key-queries.ts"
import { ApiKeyFormDialog } from "./ApiKeyFormDialog.tsx"
import { ApiKeyTable, type KeyAction } from "./ApiKeyTable.tsx"
import { type Issued, IssuedKeyDialog } from "./IssuedKeyDialog.tsx"
import { RotateKeyDialog } from "./RotateKeyDialog.tsx"

const text = apiKeysMessages

type KeyDialog =
  | { readonly kind: "create" }
  | { readonly kind: KeyAction; readonly apiKey: ApiKey }
  | { readonly kind: "issued"; readonly issued: Issued }

const keyOf = (dialog: KeyDialog | undefined, kind: KeyAction): ApiKey | undefined =>
  dialog !== undefined && dialog.kind === kind && "apiKey" in dialog ? dialog.apiKey : undefined

export const ApiKeysPage = () => {
  const keys = useQuery(apiKeysQuery)
  const queryClient = useQueryClient()
  const [announcement, announce] = useAnnouncement()
  const [dialog, setDialog] = useState<KeyDialog | undefined>(undefined)
  const close = () => setDialog(undefined)

  const changed = (message: string) => {
    announce(message)
    void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all })
  }

  const revocation = useMutation({
    mutationFn: (apiKey: ApiKey) => call(api.DELETE("/api/api-keys/{id}", { params: { path: { id: apiKey.id } } })),
    onSuccess: (_, apiKey) => {
      close()
      changed(text.revoke.done(apiKey.name))
    }
  })

  const issued = (next: Issued) => {
    setDialog({ kind: "issued", issued: next })
    changed(next.kind === "created" ? text.issued.created(next.key.name) : text.issued.rotated(next.key.name))
  }

  const editing = keyOf(dialog, "edit")
  const revoking = keyOf(dialog, "revoke")

  return (
    <section className="stack">
      <header className="page-header">
        <h1>{text.title}</h1>
        {keys.data !== undefined && keys.data.length > 0 && <p className="muted">{text.count(keys.data.length)}</p>}
      </header>
      <div className="section-header">
        <p className="muted narrow">{text.intro}</p>
        <Button className="button primary" onPress={() => setDialog({ kind: "create" })}>{text.create}</Button>
      </div>
      <StatusLine announcement={announcement} />
      {keys.isPending
        ? <Loading label={text.loading} />
        : keys.isError
        ? <ErrorNotice error={keys.error} onRetry={() => void keys.refetch()} />
        : keys.data.length === 0
        ? (
          <div className="empty-state">
            <p className="empty-title">{text.empty}</p>
            <p className="muted">{text.emptyHint}</p>
          </div>
        )
        : (
          <ApiKeyTable
            keys={keys.data}
            now={keys.dataUpdatedAt}
            onAction={(kind, apiKey) => {
              revocation.reset()
              setDialog({ kind, apiKey })
            }}
          />
        )}
      <ApiKeyFormDialog
        isOpen={dialog?.kind === "create" || editing !== undefined}
        apiKey={editing}
        onCancel={close}
        onSaved={(message) => {
          close()
          changed(message)
        }}
        onCreated={(key) => issued({ kind: "created", key })}
      />
      <RotateKeyDialog apiKey={keyOf(dialog, "rotate")} onCancel={close} onRotated={(key) => issued({ kind: "rotated", key })} />
      <IssuedKeyDialog issued={dialog?.kind === "issued" ? dialog.issued : undefined} onDone={close} />
      <ConfirmDialog
        isOpen={revoking !== undefined}
        title={text.revoke.title}
        body={revoking === undefined ? "" : text.revoke.body(revoking.name, revoking.keyPrefix)}
        confirmLabel={text.revoke.confirm}
        pendingLabel={text.revoke.pending}
        isPending={revocation.isPending}
        error={revocation.error}
        onConfirm={() => revoking !== undefined && revocation.mutate(revoking)}
        onCancel={close}
      />
    </section>
  )
}
