/**
 * The Rutas screens' server state: the active routes (`GET /api/routes`, ordered by name;
 * the service does not page them — a distributor has tens of routes) and the calls that
 * change one. A route is read from that list: the service has no `GET /api/routes/:id`.
 */
import { queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { RouteCreate, RoutePatch } from "./route-draft.ts"

export const routeKeys = {
  all: ["routes"] as const,
  list: ["routes", "list"] as const
}

export const routesQuery = queryOptions({
  queryKey: routeKeys.list,
  queryFn: () => call(api.GET("/api/routes")),
  select: (answer) => answer.items
})

export const createRoute = (body: RouteCreate) => call(api.POST("/api/routes", { body }))

export const updateRoute = (id: string, body: RoutePatch) =>
  call(api.PUT("/api/routes/{id}", { params: { path: { id } }, body }))

export const deactivateRoute = (id: string) => call(api.DELETE("/api/routes/{id}", { params: { path: { id } } }))
