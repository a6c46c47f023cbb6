/**
 * "Webhooks" (admin): the registered endpoints — name, URL, events, state (active,
 * inactive, or disabled by the service) and the last 24 hours' deliveries — and "Crear
 * endpoint". Each endpoint's name opens its page (deliveries, secret, test, …).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import { Button } from "react-aria-components"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StackingTable } from "../../ui/StackingTable.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { EndpointFormDialog } from "./EndpointFormDialog.tsx"
import { EndpointStateBadge } from "./EndpointStateBadge.tsx"
import { endpointsQuery, maxEndpoints, type WebhookEndpoint, webhookKeys } from "./webhook-queries.ts"

const text = webhookMessages.list

const EndpointTable = ({ endpoints }: { readonly endpoints: ReadonlyArray<WebhookEndpoint> }) => (
  <StackingTable columns={[text.name, text.url, text.events, text.state, text.last24h]}>
      {endpoints.map((endpoint) => (
        <tr key={endpoint.id}>
          <th scope="row" className="card-title break-anywhere">
            <Link to="/webhooks/$endpointId" params={{ endpointId: endpoint.id }} aria-label={text.open(endpoint.name)}>{endpoint.name}</Link>
          </th>
          <td data-label={text.url} className="break-anywhere">{endpoint.url}</td>
          <td data-label={text.events}>{text.eventCount(endpoint.events.length)}</td>
          <td data-label={text.state}><EndpointStateBadge endpoint={endpoint} /></td>
          <td data-label={text.last24h}>{text.stats(endpoint.stats.delivered24h, endpoint.stats.failed24h, endpoint.stats.pending)}</td>
        </tr>
      ))}
  </StackingTable>
)

export const WebhooksPage = () => {
  const list = useQuery(endpointsQuery)
  const queryClient = useQueryClient()
  const [adding, setAdding] = useState(false)
  const [announcement, announce] = useAnnouncement()

  const saved = (_: WebhookEndpoint, message: string) => {
    setAdding(false)
    announce(message)
    void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints })
  }

  return (
    <section className="stack">
      <header className="page-header">
        <h1>{text.title}</h1>
        {list.data !== undefined && list.data.items.length > 0 && <p className="muted">{text.count(list.data.items.length)}</p>}
      </header>
      <p className="muted">{text.intro}</p>
      <StatusLine announcement={announcement} />
      <div className="row">
        <Button className="button primary" onPress={() => setAdding(true)}>{text.add}</Button>
        <span className="muted small">{text.limit(maxEndpoints)}</span>
      </div>
      {list.isPending
        ? <Loading />
        : list.isError
        ? <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
        : list.data.items.length === 0
        ? (
          <div className="empty-state">
            <p className="empty-title">{text.empty}</p>
            <p className="muted">{text.emptyHint}</p>
          </div>
        )
        : (
          <>
            {list.data.stats.disabled > 0 && <p className="notice notice-warning">{text.disabledCount(list.data.stats.disabled)}</p>}
            <EndpointTable endpoints={list.data.items} />
          </>
        )}
      <EndpointFormDialog isOpen={adding} endpoint={undefined} onCancel={() => setAdding(false)} onSaved={saved} />
    </section>
  )
}
