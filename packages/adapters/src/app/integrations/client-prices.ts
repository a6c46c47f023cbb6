/**
 * A client's prices now: what the service would charge for the selected products — the
 * same loader (`PricingCatalog.load`) and the same core `priceProduct` as quotation
 * creation. Two entry points share one computation:
 *
 * - `list`: `GET /api/integrations/clients/:clientId/prices` (spec "Integration API").
 *   At least one filter is required (`MISSING_PARAMS`); `limit` defaults to 20 and is
 *   capped at 50.
 * - `forUser`: `GET /api/my-company/prices`, the logged-in client's own prices (the
 *   console's catalog). No filter is required (without one: the sellable products by
 *   name); `limit` 1–200 (the query schema), default 50.
 *
 * `notFound` lists the requested SKUs / ids that are not sellable (missing, inactive, or
 * priced in no list), independently of `search`, `categoryId` and `limit`, which only
 * narrow `items`.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { priceProduct } from "@quote/core/pricing/pricing"
import { ClientNotFound } from "@quote/core/clients/errors"
import { NoCompany } from "@quote/core/my-company/errors"
import { MissingParams } from "@quote/core/quotations/errors"
import type { ClientId } from "@quote/core/shared/ids"
import type { SessionUser } from "@quote/core/auth/views"
import type { ClientPriceSheet, PriceItem, PricesQuery } from "@quote/core/integrations/views"
import { DEFAULT_MY_PRICES_LIMIT, type MyCompanyPricesQuery } from "@quote/core/my-company/views"
import { type PricedProduct, PricingCatalog } from "../pricing/pricing-catalog.ts"

export const DEFAULT_PRICES_LIMIT = 20
export const MAX_PRICES_LIMIT = 50

const nonEmpty = <A extends string>(values: ReadonlyArray<A> | undefined): ReadonlyArray<A> | undefined =>
  values === undefined || values.length === 0 ? undefined : [...new Set(values)]

const blankToUndefined = (text: string | undefined): string | undefined =>
  text === undefined || text.trim() === "" ? undefined : text.trim()

/** The filters both entry points take, and the limit already settled. */
type SheetQuery = Omit<PricesQuery, "limit"> & { readonly limit: number }

export class ClientPrices extends Context.Service<ClientPrices, {
  readonly list: (clientId: ClientId, query: PricesQuery) => Effect.Effect<ClientPriceSheet, MissingParams | ClientNotFound>
  /**
   * The prices of the user's own client record: `NO_COMPANY` without a company (as every
   * `/api/my-company` endpoint), `CLIENT_NOT_FOUND` without an active client record.
   */
  readonly forUser: (
    user: SessionUser,
    query: MyCompanyPricesQuery
  ) => Effect.Effect<ClientPriceSheet, NoCompany | ClientNotFound>
}>()("@quote/adapters/ClientPrices") {
  static readonly layer = Layer.effect(
    ClientPrices,
    Effect.gen(function*() {
      const catalog = yield* PricingCatalog

      const sheet = Effect.fnUntraced(function*(clientId: ClientId, query: SheetQuery) {
        const skus = nonEmpty(query.skus)
        const productIds = nonEmpty(query.productIds)
        const search = blankToUndefined(query.search)
        const categoryId = query.categoryId
        const limit = query.limit
        const pricing = yield* catalog.clientPricing(clientId)
        if (Option.isNone(pricing)) {
          return yield* new ClientNotFound({ message: "The client does not exist or is inactive", details: { clientId } })
        }
        const { clientId: pricedClient, priceList } = pricing.value
        const selection: PricesQuery = { skus, productIds, search, categoryId, limit }
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
          const price = priceProduct(product.pricing, { at: now })
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

      const list = Effect.fn("ClientPrices.list")(function*(clientId: ClientId, query: PricesQuery) {
        if (
          nonEmpty(query.skus) === undefined && nonEmpty(query.productIds) === undefined &&
          blankToUndefined(query.search) === undefined && query.categoryId === undefined
        ) {
          return yield* new MissingParams({
            message: "Give at least one filter: skus, productIds, search or categoryId",
            details: { required: ["skus", "productIds", "search", "categoryId"] }
          })
        }
        return yield* sheet(clientId, { ...query, limit: Math.min(query.limit ?? DEFAULT_PRICES_LIMIT, MAX_PRICES_LIMIT) })
      })

      const forUser = Effect.fn("ClientPrices.forUser")(function*(user: SessionUser, query: MyCompanyPricesQuery) {
        if (user.companyId === null) return yield* new NoCompany({ message: "Tu usuario no pertenece a ninguna empresa" })
        if (user.clientId === null) return yield* new ClientNotFound({ message: "Tu usuario no tiene un registro de cliente" })
        return yield* sheet(user.clientId, { ...query, limit: query.limit ?? DEFAULT_MY_PRICES_LIMIT })
      })

      return ClientPrices.of({ list, forUser })
    })
  ).pipe(Layer.provide(PricingCatalog.layer))
}
