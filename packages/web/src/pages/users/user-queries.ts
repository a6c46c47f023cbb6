/**
 * The Usuarios screen's server state: the user list (searched and paged by the service),
 * the advisors other screens offer as a choice, and the ERP's sellers.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import type { UserListSearch } from "./user-list-search.ts"

export type ListedUser = components["schemas"]["User"]
export type UserRole = ListedUser["role"]

export const userPageSize = 20

export const userKeys = {
  all: ["users"] as const,
  list: (search: UserListSearch) => ["users", "list", search] as const,
  advisors: ["users", "advisors"] as const,
  erpSellers: ["users", "erp-sellers"] as const
}

export const userListQuery = (search: UserListSearch) =>
  queryOptions({
    queryKey: userKeys.list(search),
    queryFn: () =>
      call(api.GET("/api/users", {
        params: {
          query: {
            page: search.pagina ?? 1,
            limit: userPageSize,
            ...(search.buscar === undefined ? {} : { search: search.buscar }),
            ...(search.rol === undefined ? {} : { role: search.rol })
          }
        }
      })),
    placeholderData: keepPreviousData
  })

/** Every advisor (a few dozen at most), for the advisor filters and a branch's advisor. Admins only. */
export const advisorsQuery = queryOptions({
  queryKey: userKeys.advisors,
  queryFn: () => call(api.GET("/api/users", { params: { query: { role: "advisor" } } })),
  select: (answer) => answer.items,
  staleTime: 60_000
})

/** The ERP's sellers, when the ERP is connected (else the query fails and the form asks for the number). */
export const erpSellersQuery = queryOptions({
  queryKey: userKeys.erpSellers,
  queryFn: () => call(api.GET("/api/integrations/erp/sellers")),
  select: (answer) => answer.items,
  staleTime: 5 * 60_000,
  retry: false
})
