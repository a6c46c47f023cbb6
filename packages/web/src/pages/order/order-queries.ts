/**
 * "Hacer pedido"'s server state (TanStack Query): the company and its branches, a
 * branch's route status, the categories, and the client's price sheet (its price list
 * plus promotions, computed by the service — never recomputed here).
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"

export type PriceSheet = components["schemas"]["ClientPrices"]
export type CutoffStatus = components["schemas"]["ClientCutoffStatus"]
export type MyCompany = components["schemas"]["MyCompany"]
export type Branch = MyCompany["branches"][number]

/** The most products one price-sheet answer holds (the service's bound). */
export const priceSheetLimit = 200

export const orderKeys = {
  myCompany: ["my-company"] as const,
  prices: ["my-company", "prices"] as const,
  cutoffs: ["routes", "me", "cutoff"] as const,
  cutoff: (branchId: string) => ["routes", "me", "cutoff", branchId] as const,
  categories: ["categories"] as const
}

export const myCompanyQuery = queryOptions({
  queryKey: orderKeys.myCompany,
  queryFn: () => call(api.GET("/api/my-company"))
})

/** How often the route panel asks again while it is on screen. */
const cutoffPollMillis = 60_000

export const cutoffQuery = (branchId: string) =>
  queryOptions({
    queryKey: orderKeys.cutoff(branchId),
    queryFn: () => call(api.GET("/api/routes/me/cutoff", { params: { query: { branchId } } })),
    refetchInterval: cutoffPollMillis,
    // The window may have closed while the tab was hidden.
    staleTime: 0
  })

export const categoriesQuery = queryOptions({
  queryKey: orderKeys.categories,
  queryFn: () => call(api.GET("/api/categories")),
  staleTime: 5 * 60_000
})

export interface CatalogFilter {
  readonly search: string | undefined
  readonly categoryId: string | undefined
}

/** The catalog at this client's prices: every active priced product (by name) or those matching. */
export const catalogQuery = ({ search, categoryId }: CatalogFilter) =>
  queryOptions({
    queryKey: [...orderKeys.prices, "catalog", { search, categoryId }] as const,
    queryFn: () =>
      call(api.GET("/api/my-company/prices", {
        params: {
          query: {
            limit: priceSheetLimit,
            ...(search === undefined ? {} : { search }),
            ...(categoryId === undefined ? {} : { categoryId })
          }
        }
      })),
    // Keep the last answer on screen while the next search loads.
    placeholderData: keepPreviousData
  })

/** Today's prices of some products; those no longer available come back in `notFound`. */
export const fetchPricesOf = (productIds: ReadonlyArray<string>): Promise<PriceSheet> =>
  call(api.GET("/api/my-company/prices", {
    params: { query: { productIds: productIds.join(","), limit: priceSheetLimit } }
  }))

export const pricesOfQuery = (productIds: ReadonlyArray<string>) =>
  queryOptions({
    queryKey: [...orderKeys.prices, "products", [...productIds].sort()] as const,
    queryFn: () => fetchPricesOf(productIds.slice(0, priceSheetLimit))
  })
