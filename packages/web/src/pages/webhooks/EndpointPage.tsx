/**
 * One webhook endpoint (`/webhooks/<id>`): its data and state — with the reason when the
 * service disabled it —, its actions (edit, activate or deactivate, send a test event,
 * change the secret, delete) and its deliveries. The endpoint is read from the list
 * (`GET /api/webhooks`); an id that is not there is "no encontrado".
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { formatDateTime } from "../../format.ts"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { DeliveriesSection } from "./DeliveriesSection.tsx"
import { EndpointActions } from "./EndpointActions.tsx"
import { EndpointStateBadge } from "./EndpointStateBadge.tsx"
import { endpointsQuery, type WebhookEndpoint } from "./webhook-queries.ts"

const text = webhookMessages.endpoint

const BackLink = () => <Link to="/webhooks" className="back-link">{text.back}</Link>

const orNever = (at: string | null) => (at === null ? text.never : formatDateTime(at))

const DisabledNotice = ({ endpoint }: { readonly endpoint: WebhookEndpoint }) =>
  endpoint.disabledReason === null ? null : (
    <div className="notice notice-warning">
      <p><strong>{webhookMessages.state.disabled}.</strong> {webhookMessages.disabledReason[endpoint.disabledReason]}</p>
      {endpoint.disabledAt !== null && <p>{webhookMessages.disabledReason.since(formatDateTime(endpoint.disabledAt))}</p>}
      <p>{webhookMessages.disabledReason.hint}</p>
    </div>
  )

const EndpointFacts = ({ endpoint }: { readonly endpoint: WebhookEndpoint }) => (
  <dl className="facts">
    <div className="fact-wide"><dt>{text.url}</dt><dd className="break-anywhere">{endpoint.url}</dd></div>
    <div><dt>{text.state}</dt><dd><EndpointStateBadge endpoint={endpoint} /></dd></div>
    <div><dt>{text.secret}</dt><dd>{webhookMessages.secret.hint(endpoint.secretHint)}</dd></div>
    <div><dt>{text.createdAt}</dt><dd>{formatDateTime(endpoint.createdAt)}</dd></div>
    <div><dt>{text.lastSuccess}</dt><dd>{orNever(endpoint.lastSuccessAt)}</dd></div>
    <div><dt>{text.lastFailure}</dt><dd>{orNever(endpoint.lastFailureAt)}</dd></div>
    <div>
      <dt>{text.last24h}</dt>
      <dd>{webhookMessages.list.stats(endpoint.stats.delivered24h, endpoint.stats.failed24h, endpoint.stats.pending)}</dd>
    </div>
    <div className="fact-wide">
      <dt>{text.events}</dt>
      <dd>
        <ul className="plain-list">
          {endpoint.events.map((type) => <li key={type}>{webhookMessages.eventNames[type]} <code>{type}</code></li>)}
        </ul>
      </dd>
    </div>
    <div>
      <dt>{text.sources}</dt>
      <dd>
        {endpoint.sources === null
          ? text.allSources
          : endpoint.sources.map((source) => webhookMessages.form.sourceNames[source]).join(", ")}
      </dd>
    </div>
  </dl>
)

export const EndpointPage = () => {
  const { endpointId } = useParams({ from: "/app/webhooks/$endpointId" })
  const list = useQuery(endpointsQuery)
  const [announcement, announce] = useAnnouncement()

  if (list.isPending) return <Loading />
  if (list.isError) {
    return (
      <section className="stack">
        <BackLink />
        <h1>{webhookMessages.list.title}</h1>
        <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
      </section>
    )
  }
  const endpoint = list.data.items.find((item) => item.id === endpointId)
  if (endpoint === undefined) {
    return (
      <section className="stack narrow">
        <BackLink />
        <h1>{text.notFoundTitle}</h1>
        <p>{text.notFoundBody}</p>
      </section>
    )
  }
  return (
    <article className="stack">
      <BackLink />
      <header className="page-header">
        <h1 className="break-anywhere">{endpoint.name}</h1>
      </header>
      <StatusLine announcement={announcement} />
      <DisabledNotice endpoint={endpoint} />
      <section className="card stack" aria-labelledby="endpoint-details-title">
        <h2 id="endpoint-details-title">{text.details}</h2>
        <EndpointFacts endpoint={endpoint} />
        <EndpointActions endpoint={endpoint} announce={announce} />
      </section>
      <DeliveriesSection endpoint={endpoint} announce={announce} />
    </article>
  )
}
