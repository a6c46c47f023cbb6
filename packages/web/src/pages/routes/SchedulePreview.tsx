/**
 * "Vista previa del calendario": as the admin types, the schedule's label, whether the
 * window is open now and until when (or when it reopens), the route date an order placed
 * now goes to, the next four route dates and the message clients read — the Cutoff
 * status `@quote/core/preview` computes at the browser's now, which is what the service
 * answers once the route is saved. An unusable calendar is explained instead.
 *
 * Every date is a `<time>` whose `dateTime` is the status's own value, so a test (or a
 * person copying it) can compare it with the service's answer to the letter.
 */
import { formatCivilDate, formatDateTime } from "../../format.ts"
import { routeMessages } from "../../i18n/operations-messages.ts"
import type { ScheduleCheck } from "./schedule-check.ts"

const text = routeMessages.preview

const PreviewFacts = ({ status }: { readonly status: Extract<ScheduleCheck, { valid: true }>["status"] }) => {
  const until = status.isOpen ? status.deadline : status.windowOpensAt
  const routeDay = status.upcomingRouteDates[0]
  return (
    <dl className="preview-facts">
      <dt>{text.schedule}</dt>
      <dd className="preview-label">{status.schedule?.label}</dd>
      <dt>{text.now}</dt>
      <dd className={status.isOpen ? "route-state-open" : "route-state-closed"}>
        <strong>{status.isOpen ? text.open : text.closed}</strong>
        {until !== null && (
          <>
            {" "}{status.isOpen ? text.openUntil : text.opensAt}{" "}
            <time dateTime={until}>{formatDateTime(until)}</time>
          </>
        )}
      </dd>
      {routeDay !== undefined && (
        <>
          <dt>{status.isOpen ? text.routeDate : text.nextRouteDate}</dt>
          <dd><time dateTime={routeDay}>{formatCivilDate(routeDay)}</time></dd>
        </>
      )}
      <dt id="preview-upcoming">{text.upcoming}</dt>
      <dd>
        <ol className="route-dates" aria-labelledby="preview-upcoming">
          {status.upcomingRouteDates.map((day) => (
            <li key={day}><time dateTime={day}>{formatCivilDate(day, "short")}</time></li>
          ))}
        </ol>
      </dd>
      <dt>{text.message}</dt>
      <dd className="preview-message">{status.message}</dd>
    </dl>
  )
}

export const SchedulePreview = ({ check }: { readonly check: ScheduleCheck }) => (
  <section className="card stack route-preview" aria-labelledby="route-preview-title">
    <h2 id="route-preview-title">{text.title}</h2>
    <p className="muted small">{text.intro}</p>
    {/* Polite: read when the admin pauses, not at every keystroke's intermediate state. */}
    <div aria-live="polite" className={check.valid ? "preview-body" : "preview-body preview-invalid"}>
      {check.valid
        ? <PreviewFacts status={check.status} />
        : (
          <div className="notice notice-error">
            <p><strong>{text.invalid}</strong></p>
            <p>{check.problem.sentence}</p>
          </div>
        )}
    </div>
  </section>
)
