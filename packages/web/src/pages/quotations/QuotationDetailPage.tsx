/**
 * One quotation (`/cotizaciones/<id>`): its code and status, dates, branch, route date
 * and advisor; its lines and total; its status history; its comments. A client can
 * repeat it ("Repetir pedido" opens "Hacer pedido" with `?repetir=<id>`, which fills the
 * cart at today's prices). An advisor or admin also sees its state in the ERP; an admin
 * changes its status (StatusActions) and sends an approved one to the ERP (ErpPanel),
 * each outcome said in the page's status line. A quotation that does not exist or is not
 * the caller's is "no encontrada", like a malformed id.
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { ApiFailure } from "../../api/failure.ts"
import type { components } from "../../api/schema"
import { formatCivilDate, formatDateTime } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { type Role, useUser } from "../../session/session.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { ErpPanel } from "./ErpPanel.tsx"
import { QuotationComments } from "./QuotationComments.tsx"
import { QuotationLines } from "./QuotationLines.tsx"
import { quotationQuery } from "./quotation-queries.ts"
import { QuotationStatusBadge } from "./QuotationStatusBadge.tsx"
import { StatusActions } from "./StatusActions.tsx"
import { StatusHistory } from "./StatusHistory.tsx"

type WebQuotation = components["schemas"]["WebQuotation"]

const text = quotationMessages.quotation

const isNotFound = (error: unknown) => error instanceof ApiFailure && (error.status === 404 || error.status === 400)

const BackLink = ({ isClient }: { readonly isClient: boolean }) => (
  <Link to="/cotizaciones" className="back-link">{isClient ? text.backClient : text.backStaff}</Link>
)

const Summary = ({ quotation, isClient }: { readonly quotation: WebQuotation; readonly isClient: boolean }) => (
  <dl className="facts">
    <div><dt>{text.status}</dt><dd><QuotationStatusBadge status={quotation.status} /></dd></div>
    <div><dt>{text.createdAt}</dt><dd>{formatDateTime(quotation.createdAt)}</dd></div>
    <div><dt>{text.updatedAt}</dt><dd>{formatDateTime(quotation.updatedAt)}</dd></div>
    <div>
      <dt>{text.routeDate}</dt>
      <dd>{quotation.routeDate === null ? text.noRouteDate : formatCivilDate(quotation.routeDate)}</dd>
    </div>
    <div><dt>{text.branch}</dt><dd>{quotation.branch?.name ?? text.none}</dd></div>
    <div><dt>{text.advisor}</dt><dd>{quotation.advisor?.name ?? text.none}</dd></div>
    {!isClient && (
      <div>
        <dt>{text.client}</dt>
        <dd>{quotation.company === null ? quotation.clientName : `${quotation.clientName} · ${quotation.company.name}`}</dd>
      </div>
    )}
    <div><dt>{text.source}</dt><dd>{text.sources[quotation.source]}</dd></div>
    {quotation.notes !== null && quotation.notes !== "" && (
      <div className="fact-wide"><dt>{text.notes}</dt><dd className="comment-text">{quotation.notes}</dd></div>
    )}
  </dl>
)

/** What an advisor or admin adds: the ERP state, and an admin's status changes and ERP send. */
const StaffSections = ({ quotation, role }: { readonly quotation: WebQuotation; readonly role: Role }) => {
  const [announcement, announce] = useAnnouncement()
  const isAdmin = role === "admin"
  return (
    <>
      <StatusLine announcement={announcement} />
      <div className="detail-columns">
        {isAdmin && (
          <section className="card stack" aria-labelledby="actions-title">
            <h2 id="actions-title">{quotationMessages.actions.title}</h2>
            <StatusActions quotation={quotation} announce={announce} />
          </section>
        )}
        <section className="card stack" aria-labelledby="erp-title">
          <h2 id="erp-title">{quotationMessages.erp.title}</h2>
          <ErpPanel quotation={quotation} isAdmin={isAdmin} announce={announce} />
        </section>
      </div>
    </>
  )
}

const QuotationView = ({ quotation, role }: { readonly quotation: WebQuotation; readonly role: Role }) => {
  const isClient = role === "client"
  return (
    <article className="stack">
      <BackLink isClient={isClient} />
      <header className="page-header">
        <h1>{text.title(quotation.code)}</h1>
        {isClient && (
          <Link to="/pedido" search={{ repetir: quotation.id }} className="button primary" aria-describedby="repeat-hint">
            {text.repeat}
          </Link>
        )}
      </header>
      {isClient && <p id="repeat-hint" className="muted small">{text.repeatHint}</p>}
      <section className="card" aria-labelledby="summary-title">
        <h2 id="summary-title">{text.summary}</h2>
        <Summary quotation={quotation} isClient={isClient} />
      </section>
      {!isClient && <StaffSections quotation={quotation} role={role} />}
      <section className="stack" aria-labelledby="lines-title">
        <h2 id="lines-title">{text.lines}</h2>
        <QuotationLines items={quotation.items} total={quotation.total} />
      </section>
      <div className="detail-columns">
        <section className="card" aria-labelledby="history-title">
          <h2 id="history-title">{text.history}</h2>
          <StatusHistory history={quotation.statusHistory} />
        </section>
        <section className="card" aria-labelledby="comments-title">
          <h2 id="comments-title">{quotationMessages.comments.title}</h2>
          <QuotationComments quotationId={quotation.id} />
        </section>
      </div>
    </article>
  )
}

export const QuotationDetailPage = () => {
  const { quotationId } = useParams({ from: "/app/cotizaciones/$quotationId" })
  const role = useUser().role
  const isClient = role === "client"
  const quotation = useQuery(quotationQuery(quotationId))

  if (quotation.isPending) return <Loading />
  if (quotation.isError) {
    return isNotFound(quotation.error)
      ? (
        <section className="stack narrow">
          <h1>{text.notFoundTitle}</h1>
          <p>{text.notFoundBody}</p>
          <p><BackLink isClient={isClient} /></p>
        </section>
      )
      : (
        <section className="stack">
          <BackLink isClient={isClient} />
          <h1>{messages.errors.title}</h1>
          <ErrorNotice error={quotation.error} onRetry={() => void quotation.refetch()} />
        </section>
      )
  }
  return <QuotationView quotation={quotation.data} role={role} />
}
