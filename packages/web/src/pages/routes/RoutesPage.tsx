/**
 * "Rutas" (admin): the active routes with their calendar, whether each takes orders now
 * (computed in the browser by `@quote/core/preview`, as the service would answer), city
 * and advisor; "Nueva ruta", "Editar" (the calendar editor) and "Desactivar" (confirmed).
 * The service lists every active route at once, by name (no paging: tens of routes).
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { routeMessages } from "../../i18n/operations-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { ListSection } from "../../ui/ListSection.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { useNow } from "../order/use-now.ts"
import { advisorsQuery } from "../users/user-queries.ts"
import { draftOf, type Route, scheduleOf } from "./route-draft.ts"
import { usePendingAnnouncement } from "./route-flash.ts"
import { routesQuery } from "./route-queries.ts"
import { RouteDeactivation } from "./RouteDeactivation.tsx"
import { checkSchedule } from "./schedule-check.ts"

const text = routeMessages

const OpenNow = ({ route, now }: { readonly route: Route; readonly now: number }) => {
  const check = checkSchedule(scheduleOf(draftOf(route)), now)
  const isOpen = check.valid && check.status.isOpen
  return <span className={isOpen ? "badge badge-approved" : "badge badge-draft"}>{isOpen ? text.openNow : text.closedNow}</span>
}

const RouteRow = ({ route, now, advisorName, onDeactivated }: {
  readonly route: Route
  readonly now: number
  readonly advisorName: string
  readonly onDeactivated: (announcement: string) => void
}) => (
  <tr>
    <th scope="row" className="card-title break-anywhere">
      <Link to="/rutas/$routeId" params={{ routeId: route.id }}>{route.name}</Link>
    </th>
    <td data-label={text.columns.schedule}>{route.scheduleLabel}</td>
    <td data-label={text.columns.now}><OpenNow route={route} now={now} /></td>
    <td data-label={text.columns.city}>{route.city === "" ? text.none : route.city}</td>
    <td data-label={text.columns.advisor} className="break-anywhere">{advisorName}</td>
    <td className="actions-cell">
      <div className="row-actions">
        <Link to="/rutas/$routeId" params={{ routeId: route.id }} className="button secondary small" aria-label={text.editLabel(route.name)}>
          {text.edit}
        </Link>
        <RouteDeactivation route={route} small onDeactivated={onDeactivated} />
      </div>
    </td>
  </tr>
)

export const RoutesPage = () => {
  const routes = useQuery(routesQuery)
  const advisors = useQuery(advisorsQuery)
  const navigate = useNavigate()
  const [announcement, announce] = useAnnouncement()
  usePendingAnnouncement(announce)
  // Each route's "Ahora" follows the clock; a minute is fine enough for a list.
  const now = useNow(60_000)
  const advisorName = (id: string | null) =>
    id === null ? text.noAdvisor : advisors.data?.find((advisor) => advisor.id === id)?.name ?? text.none

  return (
    <section className="stack">
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <StatusLine announcement={announcement} />
      {routes.isPending
        ? <Loading />
        : routes.isError
        ? <ErrorNotice error={routes.error} onRetry={() => void routes.refetch()} />
        : (
          <ListSection
            id="routes-title"
            texts={{ title: text.listTitle, add: text.add, empty: text.empty }}
            onAdd={() => void navigate({ to: "/rutas/nueva" })}
            columns={[text.columns.name, text.columns.schedule, text.columns.now, text.columns.city, text.columns.advisor]}
            rows={routes.data.map((route) => (
              <RouteRow key={route.id} route={route} now={now} advisorName={advisorName(route.advisorId)} onDeactivated={announce} />
            ))}
          />
        )}
    </section>
  )
}
