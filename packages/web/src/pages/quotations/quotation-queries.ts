/**
 * The quotation screens' server state (TanStack Query): the keys, so that whoever changes
 * a quotation (a new order, a comment, a status change, a send to the ERP) can invalidate
 * what shows it, and the calls.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { QuotationFilters, QuotationStatus } from "./quotation-list-search.ts"

/** The list's page size: the service's default, written out so the pager can rely on it. */
export const quotationPageSize = 20

/** The client picker shows this many matches; the search narrows them. */
const clientMatchLimit = 20

export const quotationKeys = {
  all: ["quotations"] as const,
  lists: ["quotations", "list"] as const,
  list: (filters: QuotationFilters, page: number) => ["quotations", "list", { ...filters, page }] as const,
  detail: (id: string) => ["quotations", "detail", id] as const,
  comments: (id: string) => ["quotations", "detail", id, "comments"] as const,
  clientMatches: (search: string, advisorId: string | undefined) => ["quotations", "clients", { search, advisorId }] as const,
  clientName: (clientId: string) => ["quotations", "clients", clientId] as const
}

export const quotationListQuery = (filters: QuotationFilters, page: number) =>
  queryOptions({
    queryKey: quotationKeys.list(filters, page),
    queryFn: () => call(api.GET("/api/quotations", { params: { query: { ...filters, page, limit: quotationPageSize } } })),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData
  })

/** Every quotation the filters match, as the service's CSV (all pages, streamed). */
export const quotationCsv = (filters: QuotationFilters): Promise<Blob> =>
  call(api.GET("/api/quotations/export", { params: { query: filters }, parseAs: "blob" }))

export const quotationQuery = (id: string) =>
  queryOptions({
    queryKey: quotationKeys.detail(id),
    queryFn: () => call(api.GET("/api/quotations/{id}", { params: { path: { id } } }))
  })

export const quotationCommentsQuery = (id: string) =>
  queryOptions({
    queryKey: quotationKeys.comments(id),
    queryFn: () => call(api.GET("/api/quotations/{id}/comments", { params: { path: { id } } }))
  })

/** The clients whose name or e-mail contains `search` (the service searches), within the advisor's. */
export const clientMatchesQuery = (search: string, advisorId: string | undefined) =>
  queryOptions({
    queryKey: quotationKeys.clientMatches(search, advisorId),
    queryFn: ({ signal }) =>
      call(api.GET("/api/advisor/clients", {
        params: {
          query: { limit: clientMatchLimit, ...(search === "" ? {} : { search }), ...(advisorId === undefined ? {} : { advisorId }) }
        },
        signal
      })),
    placeholderData: keepPreviousData,
    staleTime: 30_000
  })

/** The name of the client a URL filters by (the list shows its id only). */
export const clientNameQuery = (clientId: string) =>
  queryOptions({
    queryKey: quotationKeys.clientName(clientId),
    queryFn: async () => {
      const history = await call(api.GET("/api/advisor/clients/{clientId}/quotations", { params: { path: { clientId } } }))
      return history.client.name
    },
    staleTime: 5 * 60_000
  })

/** `PATCH /api/quotations/:id/status` (admins): the quotation as it now is. */
export const changeQuotationStatus = (id: string, status: QuotationStatus) =>
  call(api.PATCH("/api/quotations/{id}/status", { params: { path: { id } }, body: { status } }))

/** `POST /api/integrations/erp/quotations/:id/push` (admins): the ERP's answer. */
export const pushQuotationToErp = (id: string) =>
  call(api.POST("/api/integrations/erp/quotations/{id}/push", { params: { path: { id } } }))
