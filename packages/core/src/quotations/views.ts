/**
 * The spec's quotation shapes, declared once: what creating a quotation takes (web and
 * chat), the integration shape (spec "Quotation (integration and webhook shape)"), the
 * web and admin shapes with the client's name and company, the panel's list page and
 * query, and a comment. The services return these types, the endpoints use them as
 * schemas, and the quotation rows decode straight into them (columns named as fields).
 */
import * as Schema from "effect/Schema"
import { Timestamp } from "../shared/fields.ts"
import { Role } from "../auth/access.ts"
import { BranchId, ClientId, CommentId, CompanyId, ProductId, QuotationId, UserId } from "../shared/ids.ts"
import { QuotationStatus } from "./quotation-status.ts"
import { QuotationSource } from "../webhooks/event-catalog.ts"
import { AdvisorIdQuery } from "../advisor/views.ts"

// ---------------------------------------------------------------------------------------
// Requests

export const MAX_QUOTATION_ITEMS = 200
export const MAX_NOTES_LENGTH = 2000
/** Upper bound of a line quantity, so no total can outgrow integer COP. */
export const MAX_QUANTITY = 100_000

export const QuotationLinePayload = Schema.Struct({
  sku: Schema.optional(Schema.String.check(Schema.isTrimmed(), Schema.isBetweenLength(1, 100))),
  productId: Schema.optional(ProductId),
  quantity: Schema.Finite.check(
    Schema.isGreaterThan(0, { message: "quantity must be greater than 0" }),
    Schema.isLessThanOrEqualTo(MAX_QUANTITY)
  )
}).check(
  Schema.makeFilter(
    (line) =>
      line.sku !== undefined || line.productId !== undefined
        ? undefined
        : { path: ["sku"], issue: "each item needs a sku or a productId" },
    // In the OpenAPI document: `{sku, quantity}` or `{productId, quantity}`. `anyOf`, not
    // `oneOf`: a line may name both when they are the same product.
    { toJsonSchema: () => ({ anyOf: [{ required: ["sku"] }, { required: ["productId"] }] }) }
  )
).annotate({
  identifier: "QuotationLineRequest",
  description: "A product (by `sku` or `productId`; both must then name the same product) and its quantity"
})

export const QuotationItemsPayload = Schema.Array(QuotationLinePayload).check(
  Schema.isBetweenLength(1, MAX_QUOTATION_ITEMS, { message: `items must hold 1 to ${MAX_QUOTATION_ITEMS} lines` })
)

export const NotesPayload = Schema.String.check(Schema.isMaxLength(MAX_NOTES_LENGTH))

/**
 * The body of the web `POST /api/quotations`: the client is the caller's own (`clientId`,
 * if sent, must be it) and `branchId` defaults to the client's branch.
 */
export const NewWebQuotation = Schema.Struct({
  clientId: Schema.optional(ClientId),
  branchId: Schema.optional(BranchId),
  items: QuotationItemsPayload,
  notes: Schema.optional(NotesPayload)
})
export type NewWebQuotation = typeof NewWebQuotation.Type

const DateParam = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "expected a YYYY-MM-DD date" }))

/** The panel list's filters (its export takes the same). */
const quotationFilterFields = {
  status: Schema.optional(QuotationStatus),
  source: Schema.optional(QuotationSource),
  clientId: Schema.optional(ClientId),
  /** Created on or after this Bogotá day. */
  dateFrom: Schema.optional(DateParam),
  /** Created on or before this Bogotá day. */
  dateTo: Schema.optional(DateParam),
  /** Admins: one advisor's quotations; an advisor may name only itself, a client nobody (403 `FORBIDDEN`). */
  advisorId: AdvisorIdQuery
}

/** Every quotation the filters match, newest first, without paging (`GET /api/quotations/export`). */
export const QuotationExportQuery = Schema.Struct(quotationFilterFields)
export type QuotationExportQuery = typeof QuotationExportQuery.Type

/** The panel list's filters and page. */
export const QuotationListQuery = Schema.Struct({
  ...quotationFilterFields,
  /** 1-based; default 1. */
  page: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
  /** Default 20. */
  limit: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })))
})
export type QuotationListQuery = typeof QuotationListQuery.Type

// ---------------------------------------------------------------------------------------
// Answers

/** A party of the quotation as `{id, name}`; `null` once it was deleted. */
export const CompanyRef = Schema.Struct({ id: CompanyId, name: Schema.String })
export type CompanyRef = typeof CompanyRef.Type
export const BranchRef = Schema.Struct({ id: BranchId, name: Schema.String })
export type BranchRef = typeof BranchRef.Type
export const AdvisorRef = Schema.Struct({ id: UserId, name: Schema.String })
export type AdvisorRef = typeof AdvisorRef.Type
/** A user who acted on the quotation, as `{id, name}`. */
export const UserRef = Schema.Struct({ id: UserId, name: Schema.String })
export type UserRef = typeof UserRef.Type

export const QuotationItem = Schema.Struct({
  /** `null` once the product was deleted from the catalog (the line keeps its snapshot). */
  productId: Schema.NullOr(ProductId),
  sku: Schema.String,
  name: Schema.String,
  quantity: Schema.Finite,
  unitPrice: Schema.Finite.annotate({ description: "COP" }),
  priceType: Schema.Literals(["promotion", "price_list"]),
  subtotal: Schema.Finite.annotate({ description: "COP" })
}).annotate({ identifier: "QuotationItem" })
export type QuotationItem = typeof QuotationItem.Type

/** The spec's integration shape (the integration API adds `replayed`). */
export const Quotation = Schema.Struct({
  id: QuotationId,
  code: Schema.String,
  status: QuotationStatus,
  source: QuotationSource,
  total: Schema.Finite.annotate({ description: "COP" }),
  notes: Schema.NullOr(Schema.String),
  routeDate: Schema.NullOr(Schema.String).annotate({ description: "YYYY-MM-DD" }),
  clientId: ClientId,
  branch: Schema.NullOr(BranchRef),
  advisor: Schema.NullOr(AdvisorRef),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  items: Schema.Array(QuotationItem)
})
export type Quotation = typeof Quotation.Type

const { items: _items, ...summaryFields } = Quotation.fields

/** What the web and admin shapes add to the integration shape. */
const clientFields = {
  clientName: Schema.String,
  company: Schema.NullOr(CompanyRef)
}

/**
 * One entry of a quotation's status history, recorded by the database (migrations/0008)
 * at its creation and at every status change, however made.
 */
export const QuotationStatusChange = Schema.Struct({
  status: QuotationStatus,
  previousStatus: Schema.NullOr(QuotationStatus).annotate({ description: "null for the creation entry" }),
  changedAt: Timestamp,
  changedBy: Schema.NullOr(UserRef).annotate({
    description:
      "The user who made the change; null for the chatbot (API key), the service itself, a direct database change, or once the user was deleted"
  })
}).annotate({ identifier: "QuotationStatusChange" })
export type QuotationStatusChange = typeof QuotationStatusChange.Type

/**
 * The quotation in the ERP, as the webhook shape's `erp`: the ERP's document id and link,
 * set by a successful send (`POST /api/integrations/erp/quotes/:quoteId`); both `null`
 * until then, and the link also when the ERP gave none.
 */
export const QuotationErpLink = Schema.Struct({
  quotationId: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String)
}).annotate({ identifier: "QuotationErpLink" })
export type QuotationErpLink = typeof QuotationErpLink.Type

/**
 * Web and admin shape: the integration shape plus the client's name and company, its
 * state in the ERP, and its status history (one quotation's answers only; list items
 * leave the last two out).
 */
export const WebQuotation = Schema.Struct({
  ...Quotation.fields,
  ...clientFields,
  erp: QuotationErpLink,
  statusHistory: Schema.Array(QuotationStatusChange).annotate({ description: "Oldest first; the first entry is the creation" })
}).annotate({ identifier: "WebQuotation" })
export type WebQuotation = typeof WebQuotation.Type

export const WebQuotationSummary = Schema.Struct({ ...summaryFields, ...clientFields, itemCount: Schema.Finite })
  .annotate({ identifier: "WebQuotationSummary" })
export type WebQuotationSummary = typeof WebQuotationSummary.Type

export const QuotationPage = Schema.Struct({
  items: Schema.Array(WebQuotationSummary),
  total: Schema.Finite,
  page: Schema.Finite,
  limit: Schema.Finite,
  totalPages: Schema.Finite
}).annotate({ identifier: "QuotationPage" })
export type QuotationPage = typeof QuotationPage.Type

export const QuotationComment = Schema.Struct({
  id: CommentId,
  text: Schema.String,
  createdAt: Timestamp,
  /** `null` once the author's user was deleted. */
  author: Schema.NullOr(Schema.Struct({ id: UserId, name: Schema.String, role: Role }))
}).annotate({ identifier: "QuotationComment" })
export type QuotationComment = typeof QuotationComment.Type
