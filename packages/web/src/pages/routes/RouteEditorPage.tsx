/**
 * A route's page (`/rutas/:routeId`) and "Nueva ruta" (`/rutas/nueva`): the calendar
 * editor with its live preview. A saved change is read back from the service (the form
 * starts again from the route it answers); a new route opens at its own address; a
 * deactivated one returns to the list. Either announcement is said where the admin lands.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useParams } from "@tanstack/react-router"
import { routeMessages } from "../../i18n/operations-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import type { Route } from "./route-draft.ts"
import { RouteDeactivation } from "./RouteDeactivation.tsx"
import { RouteEditor } from "./RouteEditor.tsx"
import { announceOnNextPage, usePendingAnnouncement } from "./route-flash.ts"
import { routeKeys, routesQuery } from "./route-queries.ts"

const text = routeMessages

const BackLink = () => <Link to="/rutas" className="back-link">{text.back}</Link>

export const NewRoutePage = () => {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return (
    <section className="stack">
      <BackLink />
      <h1>{text.newTitle}</h1>
      <RouteEditor
        route={undefined}
        onSaved={async (routeId, announcement) => {
          await queryClient.invalidateQueries({ queryKey: routeKeys.list })
          announceOnNextPage(announcement)
          void navigate({ to: "/rutas/$routeId", params: { routeId }, replace: true })
        }}
      />
    </section>
  )
}

const ExistingRoute = ({ route }: { readonly route: Route }) => {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [announcement, announce] = useAnnouncement()
  usePendingAnnouncement(announce)
  return (
    <>
      <div className="page-header">
        <h1 className="break-anywhere">{route.name}</h1>
        <RouteDeactivation
          route={route}
          onDeactivated={(said) => {
            announceOnNextPage(said)
            void navigate({ to: "/rutas" })
          }}
        />
      </div>
      <StatusLine announcement={announcement} />
      {/* Keyed by the route as the service last answered: once a saved change is read back, the form starts again from it. */}
      <RouteEditor
        key={JSON.stringify(route)}
        route={route}
        onSaved={(_, said) => {
          announce(said)
          void queryClient.invalidateQueries({ queryKey: routeKeys.list })
        }}
      />
    </>
  )
}

export const RoutePage = () => {
  const { routeId } = useParams({ from: "/app/rutas/$routeId" })
  const routes = useQuery(routesQuery)
  const route = routes.data?.find((candidate) => candidate.id === routeId)
  return (
    <section className="stack">
      <BackLink />
      {routes.isPending
        ? <Loading />
        : routes.isError
        ? <ErrorNotice error={routes.error} onRetry={() => void routes.refetch()} />
        : route === undefined
        ? (
          <div className="empty-state">
            <h1>{text.notFoundTitle}</h1>
            <p>{text.notFoundBody}</p>
          </div>
        )
        : <ExistingRoute route={route} />}
    </section>
  )
}
