/**
 * A local quotation as the ERP request that creates it (spec "Quotations to the ERP"):
 * the quotation, its items and their products are read and checked with the spec's
 * codes, in its order (no items, deleted products, products without ERP id, no tax id,
 * no seller, no ERP customer), then shaped by `toErpQuotationRequest` with each
 * product's ERP taxes and the account's quotation document type.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import {
  ErpCustomerNotFound,
  MissingClientNit,
  MissingSellerId,
  QuoteHasDeletedProducts,
  QuoteHasNoItems,
  QuoteHasUnsyncedProducts,
  type QuoteNotFound,
  type ErpError,
  ErpHttpError
} from "@quote/core/erp/errors"
import type { ErpQuotationRequest } from "@quote/core/erp/erp-quotation"
import { type ErpQuotationDraftLine, toErpQuotationRequest } from "@quote/core/erp/erp-quotation-draft"
import { cleanNit } from "@quote/core/erp/nit"
import { AppConfig } from "@quote/core/shared/app-config"
import { QuotationId } from "@quote/core/shared/ids"
import { ErpSettingsStore } from "../erp-settings-store.ts"
import { quoteNotFound } from "./push-record.ts"

export interface PreparedQuotation {
  /** The local quotation's code (`COT-…`). */
  readonly code: string
  readonly request: ErpQuotationRequest
}

export type DraftError =
  | QuoteNotFound
  | QuoteHasNoItems
  | QuoteHasDeletedProducts
  | QuoteHasUnsyncedProducts
  | MissingClientNit
  | MissingSellerId
  | ErpCustomerNotFound
  | ErpError

const QuotationRow = Schema.Struct({
  code: Schema.String,
  notes: Schema.NullOr(Schema.String),
  clientNit: Schema.String,
  companyNit: Schema.NullOr(Schema.String),
  sellerId: Schema.NullOr(Schema.Number)
})

const ItemRow = Schema.Struct({
  sku: Schema.String,
  name: Schema.String,
  quantity: Schema.Number,
  unitPrice: Schema.Number,
  productId: Schema.NullOr(Schema.String),
  productSku: Schema.NullOr(Schema.String),
  productActive: Schema.NullOr(Schema.Boolean),
  erpId: Schema.NullOr(Schema.String)
})

export class ErpQuotationDrafts extends Context.Service<ErpQuotationDrafts, {
  /** Validates the quotation and builds its ERP request (the spec's 422s, in its order). */
  readonly prepare: (quoteId: QuotationId) => Effect.Effect<PreparedQuotation, DraftError>
}>()("@quote/adapters/erp/ErpQuotationDrafts") {
  static readonly layer = Layer.effect(
    ErpQuotationDrafts,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const erp = yield* ErpGateway
      const store = yield* ErpSettingsStore
      const config = yield* AppConfig

      const quotationRow = SqlSchema.findOneOption({
        Request: QuotationId,
        Result: QuotationRow,
        execute: (quoteId) =>
          sql`select q.code, q.notes, c.nit as client_nit, co.nit as company_nit, u.erp_seller_id as seller_id
                from quotations q
                join clients c on c.id = q.client_id
                left join companies co on co.id = coalesce(q.company_id, c.company_id)
                left join users u on u.id = q.advisor_id
               where q.id = ${quoteId}`
      })
      const itemRows = SqlSchema.findAll({
        Request: QuotationId,
        Result: ItemRow,
        execute: (quoteId) =>
          sql`select i.sku, i.name, i.quantity, i.unit_price, i.product_id,
                     p.sku as product_sku, p.active as product_active, p.erp_id
                from quotation_items i left join products p on p.id = i.product_id
               where i.quotation_id = ${quoteId}
               order by i.position, i.created_at, i.id`
      })

      /** The document type to quote with: cached in the settings, else the ERP's first active one. */
      const documentId = Effect.gen(function*() {
        const cached = yield* store.quotationDocumentId
        if (Option.isSome(cached)) return cached.value
        const types = yield* erp.quotationDocumentTypes
        const active = types.find((type) => type.active)
        if (active === undefined) {
          return yield* new ErpHttpError({
            message: "The ERP account has no active quotation document type (type C)",
            details: {
              reason: "status",
              operation: "GET /v1/document-types",
              status: null,
              errors: [],
              codes: [],
              timeoutMs: null,
              attempts: 1
            }
          })
        }
        yield* store.rememberQuotationDocumentId(active.id)
        return active.id
      })

      const prepare = Effect.fn("ErpQuotationDrafts.prepare")(function*(quoteId: QuotationId) {
        const quotation = yield* quotationRow(quoteId).pipe(
          Effect.orDie,
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(quoteNotFound(quoteId)), onSome: Effect.succeed }))
        )
        const items = yield* itemRows(quoteId).pipe(Effect.orDie)
        const [first, ...rest] = items
        if (first === undefined) {
          return yield* new QuoteHasNoItems({ message: "The quotation has no items", details: { quoteId } })
        }
        const deleted = items.filter((item) => item.productId === null || item.productActive === false)
        if (deleted.length > 0) {
          return yield* new QuoteHasDeletedProducts({
            message: "Some products of the quotation were removed from the catalog",
            details: { skus: deleted.map((item) => item.sku) }
          })
        }
        const unsynced = items.filter((item) => item.erpId === null)
        if (unsynced.length > 0) {
          return yield* new QuoteHasUnsyncedProducts({
            message: "Some products of the quotation have no ERP id; sync the catalog first",
            details: { unsyncedSkus: unsynced.map((item) => item.productSku ?? item.sku) }
          })
        }
        // The client's own tax id; a `NIT-…` placeholder falls back to its company's.
        const nit = [quotation.clientNit, quotation.companyNit]
          .map(cleanNit)
          .find((candidate) => candidate._tag === "Valid")
        if (nit === undefined || nit._tag !== "Valid") {
          return yield* new MissingClientNit({
            message: "Neither the client nor its company has a tax id (NIT)",
            details: { quoteId }
          })
        }
        const seller = quotation.sellerId ?? Option.getOrNull(config.erpDefaultSellerId)
        if (seller === null) {
          return yield* new MissingSellerId({
            message: "The advisor has no ERP seller id and ERP_DEFAULT_SELLER_ID is not set",
            details: { quoteId }
          })
        }
        const customer = yield* erp.findCustomerByIdentification(nit.identification)
        if (Option.isNone(customer)) {
          return yield* new ErpCustomerNotFound({
            message: `The ERP has no customer with NIT ${nit.identification}; export the company first`,
            details: { nit: nit.identification }
          })
        }
        const erpProducts = yield* erp.productsByIds(items.flatMap((item) => item.erpId === null ? [] : [item.erpId]))
        const taxes = new Map(erpProducts.map((product) => [product.id, product.taxes.map((tax) => tax.id)]))
        const line = (item: typeof first): ErpQuotationDraftLine => ({
          code: item.productSku ?? item.sku,
          description: item.name,
          quantity: item.quantity,
          price: item.unitPrice,
          taxIds: taxes.get(item.erpId ?? "") ?? []
        })
        const request = toErpQuotationRequest({
          code: quotation.code,
          notes: quotation.notes,
          documentId: yield* documentId,
          customerIdentification: nit.identification,
          seller,
          sentAtMs: DateTime.toEpochMillis(yield* DateTime.now),
          lines: [line(first), ...rest.map(line)]
        })
        const draft: PreparedQuotation = { code: quotation.code, request }
        return draft
      })

      return ErpQuotationDrafts.of({ prepare })
    })
  )
}
