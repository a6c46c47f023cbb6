/**
 * The quotation screens' server state (TanStack Query): the keys, so that whoever changes
 * a quotation (a new order, a comment) can invalidate what shows it, and the fetchers.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { QuotationStatus } from "./quotation-list-search.ts"

/** The list's page size: the service's default, written out so the pager can rely on it. */
export const quotationPageSize = 20

export const quotationKeys = {
  all: ["quotations"] as const,
  list: (status: QuotationStatus | undefined, page: number) => ["quotations", "list", { status, page }] as const,
  detail: (id: string) => ["quotations", "detail", id] as const,
  comments: (id: string) => ["quotations", "detail", id, "comments"] as const
}

export const quotationListQuery = (status: QuotationStatus | undefined, page: number) =>
  queryOptions({
    queryKey: quotationKeys.list(status, page),
    queryFn: () =>
      call(api.GET("/api/quotations", {
        params: { query: { page, limit: quotationPageSize, ...(status === undefined ? {} : { status }) } }
      })),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData
  })

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
