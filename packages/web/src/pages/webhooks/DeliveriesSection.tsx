/**
 * An endpoint's deliveries, newest first: the status filter and how many are shown live in
 * the URL (`?estado=failed&entregas=100`); each delivery with its event, state, attempts,
 * last answer and "Reintentar"; "Recuperar entregas" re-sends the failed ones of a period.
 */
import { useMutation, useQuery } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { useState } from "react"
import { Button } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import type { Announce } from "../../ui/StatusLine.tsx"
import { DeliveryTable } from "./DeliveryTable.tsx"
import { RecoverDialog } from "./RecoverDialog.tsx"
import { deliveriesQuery, useEndpointRefresh, type WebhookDelivery, type WebhookEndpoint } from "./webhook-queries.ts"
import { defaultDeliveryLimit, deliveryStatuses, isDeliveryStatus, maxDeliveryLimit } from "./webhook-search.ts"

const text = webhookMessages.deliveries

const allStatuses = "all"
const statusOptions = [
  { id: allStatuses, label: text.all },
  ...deliveryStatuses.map((status) => ({ id: status, label: webhookMessages.deliveryStatus[status] }))
]

export const DeliveriesSection = ({ endpoint, announce }: { readonly endpoint: WebhookEndpoint; readonly announce: Announce }) => {
  const search = useSearch({ from: "/app/webhooks/$endpointId" })
  const navigate = useNavigate({ from: "/webhooks/$endpointId" })
  const limit = search.entregas ?? defaultDeliveryLimit
  const deliveries = useQuery(deliveriesQuery(endpoint.id, search.estado, limit))
  const refresh = useEndpointRefresh()
  const [recovering, setRecovering] = useState(false)

  const retry = useMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      call(api.POST("/api/webhooks/deliveries/{id}/retry", { params: { path: { id: delivery.id } } })),
    onSuccess: (result) => {
      refresh()
      announce(text.retried(result.ok), result.ok ? "success" : "error")
    }
  })

  const items = deliveries.data?.items ?? []
  return (
    <section className="card stack" aria-labelledby="deliveries-title">
      <div className="section-header">
        <h2 id="deliveries-title">{text.title}</h2>
        <div className="row">
          <Button className="button secondary" onPress={() => void deliveries.refetch()}>{text.refresh}</Button>
          <Button className="button secondary" onPress={() => setRecovering(true)}>{webhookMessages.recover.open}</Button>
        </div>
      </div>
      <p className="muted">{text.intro}</p>
      <NativeSelect
        label={text.filter}
        className="filter"
        options={statusOptions}
        value={search.estado ?? allStatuses}
        onChange={(status) => void navigate({ search: isDeliveryStatus(status) ? { estado: status } : {} })}
      />
      {retry.isError && <ErrorNotice error={retry.error} />}
      {deliveries.isPending
        ? <Loading />
        : deliveries.isError
        ? <ErrorNotice error={deliveries.error} onRetry={() => void deliveries.refetch()} />
        : items.length === 0
        ? (
          <div className="empty-state">
            <p>{search.estado === undefined ? text.empty : text.emptyFiltered}</p>
            {search.estado !== undefined && <Link to="." search={{}}>{text.showAll}</Link>}
          </div>
        )
        : (
          <div className={deliveries.isPlaceholderData ? "stack is-updating" : "stack"} aria-busy={deliveries.isPlaceholderData}>
            <DeliveryTable
              deliveries={items}
              retrying={retry.isPending ? retry.variables.id : undefined}
              onRetry={(delivery) => retry.mutate(delivery)}
            />
            {items.length >= limit && limit < maxDeliveryLimit && (
              <div className="row">
                <span className="muted small">{text.showing(items.length)}</span>
                <Link
                  to="."
                  search={(previous) => ({ ...previous, entregas: Math.min(limit + defaultDeliveryLimit, maxDeliveryLimit) })}
                  className="button secondary"
                >
                  {text.more}
                </Link>
              </div>
            )}
          </div>
        )}
      <RecoverDialog
        isOpen={recovering}
        endpoint={endpoint}
        onClose={() => setRecovering(false)}
        onRecovered={(queued) => {
          setRecovering(false)
          refresh()
          announce(webhookMessages.recover.queued(queued))
        }}
      />
    </section>
  )
}
