/**
 * `GET /api/integrations/clients/:clientId/prices` (spec "Integration API"): what the
 * service would charge the client now for the selected products — the same loader
 * (`PricingCatalog.load`) and the same core `priceProduct` as quotation creation.
 *
 * At least one filter is required (`MISSING_PARAMS`); `limit` defaults to 20 and is
 * capped at 50. `notFound` lists the requested SKUs / ids that are not sellable
 * (missing, inactive, or priced in no list), independently of `search`, `categoryId`
 * and `limit`, which only narrow `items`.
 */
import { Context, DateTime, Effect, Layer, Option } from "effect"
import { priceProduct } from "@quote/core/pricing"
import { ClientNotFound } from "@quote/core/errors/clients"
import { MissingParams } from "@quote/core/errors/quotations"
import type { ClientId } from "@quote/core/ids"
import type { ClientPriceSheet, PriceItem, PricesQuery } from "@quote/core/views/integrations"
import { type PricedProduct, PricingCatalog, type ProductSelection } from "../pricing/pricing-catalog.ts"

export const DEFAULT_PRICES_LIMIT = 20
export const MAX_PRICES_LIMIT = 50

const nonEmpty = <A extends string>(values: ReadonlyArray<A> | undefined): ReadonlyArray<A> | undefined =>
  values === undefined || values.length === 0 ? undefined : [...new Set(values)]

const blankToUndefined = (text: string | undefined): string | undefined =>
  text === undefined || text.trim() === "" ? undefined : text.trim()

export class ClientPrices extends Context.Service<ClientPrices, {
  readonly list: (clientId: ClientId, query: PricesQuery) => Effect.Effect<ClientPriceSheet, MissingParams | ClientNotFound>
}>()("@quote/adapters/ClientPrices") {
  static readonly layer = Layer.effect(
    ClientPrices,
    Effect.gen(function*() {
      const catalog = yield* PricingCatalog

      const list = Effect.fn("ClientPrices.list")(function*(clientId: ClientId, query: PricesQuery) {
        const skus = nonEmpty(query.skus)
        const productIds = nonEmpty(query.productIds)
        const search = blankToUndefined(query.search)
        const categoryId = query.categoryId
        if (skus === undefined && productIds === undefined && search === undefined && categoryId === undefined) {
          return yield* new MissingParams({
            message: "Give at least one filter: skus, productIds, search or categoryId",
            details: { required: ["skus", "productIds", "search", "categoryId"] }
          })
        }
        const pricing = yield* catalog.clientPricing(clientId)
        if (Option.isNone(pricing)) {
          return yield* new ClientNotFound({ message: "The client does not exist or is inactive", details: { clientId } })
        }
        const { clientId: pricedClient, priceList } = pricing.value
        const limit = Math.min(query.limit ?? DEFAULT_PRICES_LIMIT, MAX_PRICES_LIMIT)
        const selection: ProductSelection = { skus, productIds, search, categoryId, limit }
        const now = yield* DateTime.now
        const products = yield* catalog.load(pricedClient, selection)

        // notFound is about existence only: re-read the requested keys alone when the
        // other filters or the limit may have left an existing product out of `items`.
        const keysOnly = search === undefined && categoryId === undefined && products.length < limit
        const existing: ReadonlyArray<PricedProduct> = skus === undefined && productIds === undefined
          ? []
          : keysOnly
          ? products
          : yield* catalog.load(pricedClient, { skus, productIds })
        const foundSkus = new Set(existing.map((product) => product.sku))
        const foundIds = new Set(existing.map((product) => product.id))

        const items = products.flatMap((product): Array<PriceItem> => {
          const price = priceProduct(product.pricing, { clientId: pricedClient, at: now })
          if (price === undefined) return []
          return [{
            productId: product.id,
            sku: product.sku,
            name: product.name,
            unit: product.unit,
            category: product.category,
            stock: product.stock,
            stockTracked: product.stockTracked,
            stockSyncedAt: product.stockSyncedAt,
            priceListPrice: price.priceListPrice,
            promotionPrice: price.promotionPrice,
            finalPrice: price.finalPrice,
            priceType: price.priceType
          }]
        })
        return {
          clientId: pricedClient,
          priceList,
          currency: "COP" as const,
          computedAt: DateTime.toDateUtc(now),
          catalogSyncedAt: yield* catalog.catalogSyncedAt,
          items,
          notFound: {
            productIds: (productIds ?? []).filter((id) => !foundIds.has(id)),
            skus: (skus ?? []).filter((sku) => !foundSkus.has(sku))
          }
        }
      })

      return ClientPrices.of({ list })
    })
  ).pipe(Layer.provide(PricingCatalog.layer))
}
