/**
 * The Clientes screens' server state (TanStack Query): the keys, so that whoever changes
 * a client (its form, its phones, a company's branch) can invalidate what shows it, and
 * the fetchers.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import type { AdvisorListSearch } from "../../ui/list-search.ts"

export type AdvisorClient = components["schemas"]["AdvisorClient"]
export type ClientRecord = components["schemas"]["Client"]
export type ClientHistory = components["schemas"]["ClientQuotationHistory"]

/** The list's page size: the service's default, written out so the pager can rely on it. */
export const clientPageSize = 20

export const clientKeys = {
  all: ["clients"] as const,
  list: (search: AdvisorListSearch) => ["clients", "list", search] as const,
  history: (id: string) => ["clients", "history", id] as const,
  record: (id: string) => ["clients", "record", id] as const
}

/** The advisor's clients (an admin's: all, or one advisor's), one page, searched by name or e-mail. */
export const clientListQuery = (search: AdvisorListSearch) =>
  queryOptions({
    queryKey: clientKeys.list(search),
    queryFn: () =>
      call(api.GET("/api/advisor/clients", {
        params: {
          query: {
            page: search.pagina ?? 1,
            limit: clientPageSize,
            ...(search.buscar === undefined ? {} : { search: search.buscar }),
            ...(search.asesor === undefined ? {} : { advisorId: search.asesor })
          }
        }
      })),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData
  })

/** Every client the list's search and advisor select (not only the page), as the service's CSV file. */
export const clientCsv = (search: AdvisorListSearch): Promise<Blob> =>
  call(api.GET("/api/advisor/clients/export", {
    params: {
      query: {
        ...(search.buscar === undefined ? {} : { search: search.buscar }),
        ...(search.asesor === undefined ? {} : { advisorId: search.asesor })
      }
    },
    parseAs: "blob"
  }))

/** A client's facts and latest quotations, as its advisor (or an admin) sees them. */
export const clientHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.history(id),
    queryFn: () => call(api.GET("/api/advisor/clients/{clientId}/quotations", { params: { path: { clientId: id } } }))
  })

/** The client record an admin edits: its company, branch, price list and phones. */
export const clientRecordQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.record(id),
    queryFn: () => call(api.GET("/api/clients/{id}", { params: { path: { id } } }))
  })
