/**
 * The route panel of "Hacer pedido", a `status` region: whether the branch's route takes
 * orders now, until when (with a live countdown), the route date the order goes to and
 * the next route dates; when closed, the service's Spanish message and when it reopens;
 * a branch without a route says it cannot order. Only real changes are announced: the
 * ticking countdown is hidden from screen readers (`Countdown`).
 */
import type { UseQueryResult } from "@tanstack/react-query"
import { formatCivilDate, formatDateTime } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Countdown } from "./Countdown.tsx"
import type { CutoffStatus } from "./order-queries.ts"

const text = messages.order.route

/** How many route dates the panel lists. */
const upcomingShown = 4

/** The Bogotá date of a route date the service sends as a `-05:00` timestamp (or a plain date). */
const civilDay = (at: string): string => at.slice(0, 10)

const UpcomingDates = ({ dates }: { readonly dates: ReadonlyArray<string> }) =>
  dates.length === 0 ? null : (
    <div className="route-upcoming">
      <h3>{text.upcoming}</h3>
      <ul className="route-dates">
        {dates.slice(0, upcomingShown).map((day) => <li key={day}>{formatCivilDate(civilDay(day), "short")}</li>)}
      </ul>
    </div>
  )

const RouteName = ({ status }: { readonly status: CutoffStatus }) =>
  status.route === null ? null : (
    <>
      <dt>{text.route}</dt>
      <dd>
        {status.route.name}
        {status.schedule !== null && <span className="muted route-schedule">{status.schedule.label}</span>}
      </dd>
    </>
  )

const OpenRoute = ({ status }: { readonly status: CutoffStatus }) => (
  <>
    <p className="route-state route-state-open"><strong>{text.open}</strong> {text.openHint}</p>
    <dl className="route-facts">
      {status.routeDate !== null && (
        <>
          <dt>{text.goesTo}</dt>
          <dd><strong>{formatCivilDate(civilDay(status.routeDate))}</strong></dd>
        </>
      )}
      {status.deadline !== null && (
        <>
          <dt>{text.deadline}</dt>
          <dd>
            {formatDateTime(status.deadline)}
            <Countdown until={status.deadline} phrase={text.closesIn} />
          </dd>
        </>
      )}
      <RouteName status={status} />
    </dl>
    <UpcomingDates dates={status.upcomingRouteDates} />
  </>
)

const ClosedRoute = ({ status }: { readonly status: CutoffStatus }) => {
  const reopens = status.windowOpensAt ?? status.nextOpenDate
  return (
    <>
      <p className="route-state route-state-closed"><strong>{text.closed}</strong> {text.closedHint}</p>
      <p>{status.message}</p>
      <dl className="route-facts">
        {reopens !== null && (
          <>
            <dt>{text.reopens}</dt>
            <dd>
              {formatDateTime(reopens)}
              <Countdown until={reopens} phrase={text.opensIn} />
            </dd>
          </>
        )}
        {status.routeDate !== null && (
          <>
            <dt>{text.nextGoesTo}</dt>
            <dd>{formatCivilDate(civilDay(status.routeDate))}</dd>
          </>
        )}
        <RouteName status={status} />
      </dl>
      <UpcomingDates dates={status.upcomingRouteDates} />
    </>
  )
}

const MissingRoute = ({ status }: { readonly status: CutoffStatus }) => (
  <>
    <p className="route-state route-state-closed"><strong>{text.missing}</strong> {text.missingHint}</p>
    <p>{status.message}</p>
  </>
)

export const RouteStatusPanel = ({ query }: { readonly query: UseQueryResult<CutoffStatus> }) => {
  const status = query.data
  const state = status === undefined ? "" : status.isOpen ? " route-open" : " route-closed"
  return (
    <section className={`card route-panel${state}`} role="status" aria-labelledby="route-panel-title">
      <h2 id="route-panel-title">{text.title}</h2>
      {status !== undefined
        ? status.missingRoute ? <MissingRoute status={status} />
        : status.isOpen ? <OpenRoute status={status} />
        : <ClosedRoute status={status} />
        : query.isError
        ? <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
        : <p className="muted">{text.loading}</p>}
    </section>
  )
}
