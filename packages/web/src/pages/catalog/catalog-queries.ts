/**
 * The Catálogo screens' server state: the products (`GET /api/products/catalog`, searched
 * and filtered by the service, never paged by it: a few hundred products), the ERP's last
 * product sync, the price lists and the promotions (each listed whole by the service), the
 * clients a promotion can name, and the calls that change lists and promotions.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components, paths } from "../../api/schema"

export type CatalogProduct = components["schemas"]["CatalogProduct"]
export type PriceList = components["schemas"]["PriceList"]
export type Promotion = components["schemas"]["Promotion"]
export type PriceListBody = NonNullable<paths["/api/price-lists"]["post"]["requestBody"]>["content"]["application/json"]
export type PriceListPatch = NonNullable<paths["/api/price-lists/{id}"]["put"]["requestBody"]>["content"]["application/json"]
export type PromotionBody = NonNullable<paths["/api/promotions"]["post"]["requestBody"]>["content"]["application/json"]
export type PromotionPatch = NonNullable<paths["/api/promotions/{id}"]["put"]["requestBody"]>["content"]["application/json"]

export interface ProductFilter {
  readonly search: string | undefined
  readonly categoryId: string | undefined
}

export const catalogKeys = {
  products: (filter: ProductFilter) => ["catalog", "products", filter] as const,
  allProducts: ["catalog", "products", { search: undefined, categoryId: undefined }] as const,
  syncStatus: ["catalog", "erp-sync-status"] as const,
  priceLists: ["catalog", "price-lists"] as const,
  promotions: ["catalog", "promotions"] as const,
  clients: ["catalog", "clients"] as const
}

export const productsQuery = (filter: ProductFilter) =>
  queryOptions({
    queryKey: catalogKeys.products(filter),
    queryFn: () =>
      call(api.GET("/api/products/catalog", {
        params: {
          query: {
            ...(filter.search === undefined ? {} : { search: filter.search }),
            ...(filter.categoryId === undefined ? {} : { categoryId: filter.categoryId })
          }
        }
      })),
    placeholderData: keepPreviousData
  })

/** Every active product, for choosing one (a price, a promotion). */
export const allProductsQuery = productsQuery({ search: undefined, categoryId: undefined })

export const syncStatusQuery = queryOptions({
  queryKey: catalogKeys.syncStatus,
  queryFn: () => call(api.GET("/api/integrations/erp/sync/status")),
  retry: false
})

export const priceListsQuery = queryOptions({
  queryKey: catalogKeys.priceLists,
  queryFn: () => call(api.GET("/api/price-lists")),
  select: (answer) => answer.items
})

export const promotionsQuery = queryOptions({
  queryKey: catalogKeys.promotions,
  queryFn: () => call(api.GET("/api/promotions")),
  select: (answer) => answer.items
})

export const clientsQuery = queryOptions({
  queryKey: catalogKeys.clients,
  queryFn: () => call(api.GET("/api/clients")),
  select: (answer) => answer.items,
  staleTime: 60_000
})

export const priceListCalls = {
  create: (body: PriceListBody) => call(api.POST("/api/price-lists", { body })),
  update: (id: string, body: PriceListPatch) => call(api.PUT("/api/price-lists/{id}", { params: { path: { id } }, body })),
  remove: (id: string) => call(api.DELETE("/api/price-lists/{id}", { params: { path: { id } } }))
}

export const promotionCalls = {
  create: (body: PromotionBody) => call(api.POST("/api/promotions", { body })),
  update: (id: string, body: PromotionPatch) => call(api.PUT("/api/promotions/{id}", { params: { path: { id } }, body })),
  remove: (id: string) => call(api.DELETE("/api/promotions/{id}", { params: { path: { id } } }))
}
