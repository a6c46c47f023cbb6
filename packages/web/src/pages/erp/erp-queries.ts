/**
 * The ERP screens' server state (TanStack Query): the keys, so that a change refreshes
 * what shows it, and the fetchers. The sync status is polled while a run is in progress.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import type { LocalSyncStatus, PushedStatus } from "./erp-search.ts"

export type ErpSettings = components["schemas"]["ErpSettings"]
export type ErpSyncRun = components["schemas"]["ErpSyncRun"]
export type ErpCustomer = components["schemas"]["ErpCustomer"]
export type ErpLocalCustomer = components["schemas"]["ErpLocalCustomer"]

/** ERP customers per page: the API's default (25; at most 100). */
export const customerPageSize = 25
/** Quotations per page on "Cotizaciones enviadas". */
export const quotePageSize = 20
/** How often the progress of a running sync is read. */
export const syncPollMs = 1000

export const erpKeys = {
  all: ["erp"] as const,
  settings: ["erp", "settings"] as const,
  syncStatus: ["erp", "sync", "status"] as const,
  syncLogs: (limit: number) => ["erp", "sync", "logs", limit] as const,
  customers: (name: string | undefined, identification: string | undefined, page: number) =>
    ["erp", "customers", "erp", { name, identification, page }] as const,
  localCustomers: (status: LocalSyncStatus | undefined, limit: number) => ["erp", "customers", "local", { status, limit }] as const,
  customersAll: ["erp", "customers"] as const,
  quotes: (status: PushedStatus, page: number) => ["erp", "quotes", { status, page }] as const,
  quote: (id: string) => ["erp", "quote", id] as const,
  quoteHistory: (id: string) => ["erp", "quote", id, "history"] as const
}

export const settingsQuery = queryOptions({
  queryKey: erpKeys.settings,
  queryFn: () => call(api.GET("/api/integrations/erp/settings"))
})

/** The sync status; read every second while `poll` (a run is in progress or was just started). */
export const syncStatusQuery = (poll: boolean) =>
  queryOptions({
    queryKey: erpKeys.syncStatus,
    queryFn: () => call(api.GET("/api/integrations/erp/sync/status")),
    refetchInterval: (query) => (poll || query.state.data?.running === true ? syncPollMs : false)
  })

export const syncLogsQuery = (limit: number) =>
  queryOptions({
    queryKey: erpKeys.syncLogs(limit),
    queryFn: () => call(api.GET("/api/integrations/erp/sync/logs", { params: { query: { limit } } })),
    placeholderData: keepPreviousData
  })

export const erpCustomersQuery = (name: string | undefined, identification: string | undefined, page: number) =>
  queryOptions({
    queryKey: erpKeys.customers(name, identification, page),
    queryFn: () =>
      call(api.GET("/api/integrations/erp/customers", {
        params: {
          query: {
            page,
            page_size: customerPageSize,
            ...(name === undefined ? {} : { name }),
            ...(identification === undefined ? {} : { identification })
          }
        }
      })),
    placeholderData: keepPreviousData,
    // The ERP pages by `total` and `pageSize`: the pager's count of pages.
    select: (answer) => ({ ...answer, totalPages: Math.max(1, Math.ceil(answer.total / answer.pageSize)) }),
    // The ERP is slow and rate-limited: a refusal or an outage is shown, not retried thrice.
    retry: false
  })

export const localCustomersQuery = (status: LocalSyncStatus | undefined, limit: number) =>
  queryOptions({
    queryKey: erpKeys.localCustomers(status, limit),
    queryFn: () =>
      call(api.GET("/api/integrations/erp/customers/local", {
        params: { query: { limit, ...(status === undefined ? {} : { sync_status: status }) } }
      })),
    placeholderData: keepPreviousData
  })

export const pushedQuotesQuery = (status: PushedStatus, page: number) =>
  queryOptions({
    queryKey: erpKeys.quotes(status, page),
    queryFn: () => call(api.GET("/api/quotations", { params: { query: { status, page, limit: quotePageSize } } })),
    placeholderData: keepPreviousData
  })

export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: erpKeys.quote(id),
    queryFn: () => call(api.GET("/api/quotations/{id}", { params: { path: { id } } }))
  })

export const quoteHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: erpKeys.quoteHistory(id),
    queryFn: () => call(api.GET("/api/integrations/erp/quotes/{quoteId}/history", { params: { path: { quoteId: id } } }))
  })
