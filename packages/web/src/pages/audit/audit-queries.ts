/**
 * The Auditoría screen's server state: a page of the trail (`GET /api/audit`, newest
 * first, filtered and paged by the service with its cursor), and who the entries can name
 * — the administrators and advisors, and the API keys — for the "Autor" filter and to
 * show a name instead of an id.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import { auditRange, type AuditSearch } from "./audit-search.ts"

export type AuditEntry = components["schemas"]["AuditEntry"]

export const auditPageSize = 20

export interface Actor {
  readonly id: string
  readonly name: string
  readonly kind: "user" | "api_key"
  /** A user's role. */
  readonly role?: string
}

export const auditKeys = {
  page: (search: AuditSearch) => ["audit", search] as const,
  actors: ["audit", "actors"] as const
}

export const auditPageQuery = (search: AuditSearch) =>
  queryOptions({
    queryKey: auditKeys.page(search),
    queryFn: () =>
      call(api.GET("/api/audit", {
        params: {
          query: {
            limit: auditPageSize,
            ...(search.accion === undefined ? {} : { action: search.accion }),
            ...(search.tipo === undefined ? {} : { entityType: search.tipo }),
            ...(search.registro === undefined ? {} : { entityId: search.registro }),
            ...(search.autor === undefined ? {} : { actorId: search.autor }),
            ...(search.antes === undefined ? {} : { cursor: search.antes }),
            ...auditRange(search)
          }
        }
      })),
    placeholderData: keepPreviousData
  })

/** The people and keys who change things: admins, advisors and every API key. */
export const actorsQuery = queryOptions({
  queryKey: auditKeys.actors,
  queryFn: async (): Promise<ReadonlyArray<Actor>> => {
    const [admins, advisors, keys] = await Promise.all([
      call(api.GET("/api/users", { params: { query: { role: "admin" } } })),
      call(api.GET("/api/users", { params: { query: { role: "advisor" } } })),
      call(api.GET("/api/api-keys"))
    ])
    return [
      ...[...admins.items, ...advisors.items].map((user) => ({ id: user.id, name: user.name, kind: "user" as const, role: user.role })),
      ...keys.items.map((key) => ({ id: key.id, name: key.name, kind: "api_key" as const }))
    ]
  },
  staleTime: 60_000
})
