/**
 * The chatbot integration API's answers (spec "Integration API") — the phone lookup,
 * the cutoff status of a branch, the client's prices — and the prices query. Declared
 * once: the services' return types, the endpoints' schemas, and what the promise client
 * (`@quote/api/client`) decodes.
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { Timestamp } from "../shared/fields.ts"
import { CutoffStatus } from "../calendar/cutoff-status.ts"
import { BranchId, CategoryId, ClientId, CompanyId, PriceListId, ProductId, RouteId, UserId } from "../shared/ids.ts"

// ---------------------------------------------------------------------------------------
// GET /clients/lookup

export const LookupBranch = Schema.Struct({
  id: BranchId,
  name: Schema.String,
  city: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  isDefault: Schema.Boolean,
  route: Schema.NullOr(Schema.Struct({
    id: RouteId,
    name: Schema.String,
    schedule: Schema.String.annotate({ description: "The route's scheduleLabel" })
  })),
  advisor: Schema.NullOr(Schema.Struct({ id: UserId, name: Schema.String, email: Schema.String }))
})
export type LookupBranch = typeof LookupBranch.Type

export const LookupMatch = Schema.Struct({
  clientId: ClientId,
  clientName: Schema.String,
  company: Schema.Struct({ id: CompanyId, name: Schema.String, nit: Schema.String }),
  defaultBranchId: BranchId,
  branches: Schema.Array(LookupBranch)
})
export type LookupMatch = typeof LookupMatch.Type

export const LookupResult = Schema.Struct({
  phone: Schema.String.annotate({ description: "Normalized (E.164)" }),
  matchCount: Schema.Finite,
  needsDisambiguation: Schema.Boolean,
  matches: Schema.Array(LookupMatch)
}).annotate({ identifier: "ClientLookup" })
export type LookupResult = typeof LookupResult.Type

// ---------------------------------------------------------------------------------------
// GET /cutoff

export const BranchCutoff = Schema.Struct({
  clientId: Schema.NullOr(ClientId),
  branchId: BranchId,
  branchName: Schema.String,
  route: Schema.NullOr(Schema.Struct({ id: RouteId, name: Schema.String })),
  ...CutoffStatus.fields
}).annotate({ identifier: "BranchCutoffStatus" })
export type BranchCutoff = typeof BranchCutoff.Type

// ---------------------------------------------------------------------------------------
// GET /clients/:clientId/prices

const MAX_LISTED_KEYS = 200

/** `a,b,c` → `["a", "b", "c"]` (blank entries dropped). */
const commaSeparated = <S extends Schema.Codec<string, string>>(item: S) =>
  Schema.String.pipe(
    Schema.decodeTo(
      Schema.Array(item).check(Schema.isMaxLength(MAX_LISTED_KEYS)),
      SchemaTransformation.transform<ReadonlyArray<string>, string>({
        decode: (text) => text.split(",").map((part) => part.trim()).filter((part) => part !== ""),
        encode: (values) => values.join(",")
      })
    )
  )

/**
 * The prices query, declared once: the query of `GET /api/integrations/clients/:clientId/prices`
 * (comma-separated `skus` and `productIds` on the wire), what `PricingCatalog` selects
 * products by (for that endpoint, `GET /api/my-company/prices`, whose
 * `MyCompanyPricesQuery` differs only in its limit, and quotation creation), and, with
 * ids as plain strings, the promise client's `PriceQuery`. Identifier lists are OR-ed;
 * `search` and `categoryId` narrow.
 */
export const PricesQuery = Schema.Struct({
  skus: Schema.optional(commaSeparated(Schema.String)),
  productIds: Schema.optional(commaSeparated(ProductId)),
  search: Schema.optional(Schema.String.check(Schema.isMaxLength(100))),
  categoryId: Schema.optional(CategoryId),
  /** Default 20, capped at 50. */
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)))
})
export type PricesQuery = typeof PricesQuery.Type

export const PriceItem = Schema.Struct({
  productId: ProductId,
  sku: Schema.String,
  name: Schema.String,
  unit: Schema.String,
  category: Schema.NullOr(Schema.String),
  stock: Schema.Finite,
  stockTracked: Schema.Boolean,
  stockSyncedAt: Schema.NullOr(Timestamp),
  priceListPrice: Schema.Finite,
  promotionPrice: Schema.NullOr(Schema.Finite),
  finalPrice: Schema.Finite.annotate({ description: "The price to communicate; do not recompute it" }),
  priceType: Schema.Literals(["promotion", "price_list"])
}).annotate({ identifier: "PriceItem" })
export type PriceItem = typeof PriceItem.Type

export const PriceListRef = Schema.Struct({ id: PriceListId, name: Schema.String })
export type PriceListRef = typeof PriceListRef.Type

export const ClientPriceSheet = Schema.Struct({
  clientId: ClientId,
  priceList: Schema.NullOr(PriceListRef),
  currency: Schema.Literal("COP"),
  computedAt: Timestamp,
  catalogSyncedAt: Schema.NullOr(Timestamp),
  items: Schema.Array(PriceItem),
  notFound: Schema.Struct({ productIds: Schema.Array(ProductId), skus: Schema.Array(Schema.String) })
}).annotate({ identifier: "ClientPrices" })
export type ClientPriceSheet = typeof ClientPriceSheet.Type
