/**
 * An endpoint's actions: "Editar", "Activar" / "Desactivar" (deactivating is confirmed: it
 * fails the pending deliveries), "Enviar evento de prueba" (a `ping` sent now, its result
 * said in the status line), "Cambiar secreto" and "Eliminar" (confirmed; back to the list).
 * Each outcome is refreshed from the server's answer.
 */
import { useMutation } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { Button } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import type { Announce } from "../../ui/StatusLine.tsx"
import { EndpointFormDialog } from "./EndpointFormDialog.tsx"
import { RotateSecretDialog } from "./RotateSecretDialog.tsx"
import { attemptOutcome } from "./attempt-outcome.ts"
import { useEndpointRefresh, type WebhookEndpoint } from "./webhook-queries.ts"

const text = webhookMessages.endpoint

type Dialog = "edit" | "deactivate" | "rotate" | "remove"

export const EndpointActions = ({ endpoint, announce }: { readonly endpoint: WebhookEndpoint; readonly announce: Announce }) => {
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined)
  const refresh = useEndpointRefresh()
  const navigate = useNavigate()
  const id = endpoint.id

  const setActive = useMutation({
    mutationFn: (active: boolean) => call(api.PATCH("/api/webhooks/{id}", { params: { path: { id } }, body: { active } })),
    onSuccess: (changed) => {
      setDialog(undefined)
      refresh(changed)
      announce(changed.active ? text.activated(changed.name) : text.deactivated(changed.name))
    }
  })
  const test = useMutation({
    mutationFn: () => call(api.POST("/api/webhooks/{id}/test", { params: { path: { id } } })),
    onSuccess: (result) => {
      refresh()
      const outcome = attemptOutcome(result)
      announce(outcome.ok ? webhookMessages.test.delivered(result.statusCode, result.durationMs) : webhookMessages.test.failed(outcome.detail), outcome.ok ? "success" : "error")
    }
  })
  const remove = useMutation({
    mutationFn: () => call(api.DELETE("/api/webhooks/{id}", { params: { path: { id } } })),
    onSuccess: () => {
      refresh()
      void navigate({ to: "/webhooks" })
    }
  })

  const open = (next: Dialog) => {
    setActive.reset()
    remove.reset()
    setDialog(next)
  }

  return (
    <div className="stack">
      {(setActive.isError && dialog === undefined) && <ErrorNotice error={setActive.error} />}
      {test.isError && <ErrorNotice error={test.error} />}
      <div className="row endpoint-actions">
        <Button className="button primary" onPress={() => test.mutate()} isDisabled={test.isPending}>
          {test.isPending ? webhookMessages.test.sending : webhookMessages.test.send}
        </Button>
        <Button className="button secondary" onPress={() => open("edit")}>{text.edit}</Button>
        {endpoint.active
          ? <Button className="button secondary" onPress={() => open("deactivate")}>{text.deactivate}</Button>
          : (
            <Button className="button secondary" onPress={() => setActive.mutate(true)} isDisabled={setActive.isPending}>
              {setActive.isPending ? text.activating : text.activate}
            </Button>
          )}
        <Button className="button secondary" onPress={() => open("rotate")}>{webhookMessages.rotate.open}</Button>
        <Button className="button danger" onPress={() => open("remove")}>{text.remove}</Button>
      </div>
      <EndpointFormDialog
        isOpen={dialog === "edit"}
        endpoint={endpoint}
        onCancel={() => setDialog(undefined)}
        onSaved={(changed, message) => {
          setDialog(undefined)
          refresh(changed)
          announce(message)
        }}
      />
      <RotateSecretDialog
        isOpen={dialog === "rotate"}
        endpoint={endpoint}
        onClose={() => setDialog(undefined)}
        onRotated={(changed) => {
          refresh(changed)
          announce(webhookMessages.rotate.rotated)
        }}
      />
      <ConfirmDialog
        isOpen={dialog === "deactivate"}
        title={text.deactivateTitle}
        body={text.deactivateBody(endpoint.name)}
        confirmLabel={text.deactivate}
        pendingLabel={text.deactivating}
        isPending={setActive.isPending}
        error={setActive.error}
        onConfirm={() => setActive.mutate(false)}
        onCancel={() => setDialog(undefined)}
      />
      <ConfirmDialog
        isOpen={dialog === "remove"}
        title={text.removeTitle}
        body={text.removeBody(endpoint.name)}
        confirmLabel={text.remove}
        pendingLabel={text.removing}
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onCancel={() => setDialog(undefined)}
      />
    </div>
  )
}
