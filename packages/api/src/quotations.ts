/**
 * Quotations of the web and admin panel (`/api/quotations`, CONTRACT.md "Quotations"),
 * and the quotation shapes the integration API shares (spec "Quotation (integration
 * and webhook shape)").
 */
import { Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Role } from "@quote/core/access"
import { InvalidStatusTransition } from "@quote/core/errors/quotations"
import { RouteClosed } from "@quote/core/errors/routes"
import { QuotationStatus } from "@quote/core/quotation-status"
import { access, UserAuthentication } from "./security.ts"
import { Uuid } from "./common.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { ProductNotFound } from "@quote/core/errors/catalog"
import { ClientNotFound } from "@quote/core/errors/clients"
import { NotFound, ValidationError } from "@quote/core/errors/common"
import { BranchNotFound } from "@quote/core/errors/companies"

// ---------------------------------------------------------------------------------------
// Request pieces shared with the integration API

export const MAX_QUOTATION_ITEMS = 200
export const MAX_NOTES_LENGTH = 2000
/** Upper bound of a line quantity, so no total can outgrow integer COP. */
export const MAX_QUANTITY = 100_000

export const QuotationLinePayload = Schema.Struct({
  sku: Schema.optional(Schema.String.check(Schema.isTrimmed(), Schema.isBetweenLength(1, 100))),
  productId: Schema.optional(Uuid),
  quantity: Schema.Finite.check(
    Schema.isGreaterThan(0, { message: "quantity must be greater than 0" }),
    Schema.isLessThanOrEqualTo(MAX_QUANTITY)
  )
}).check(
  Schema.makeFilter((line) =>
    line.sku !== undefined || line.productId !== undefined
      ? undefined
      : { path: ["sku"], issue: "each item needs a sku or a productId" }
  )
).annotate({ identifier: "QuotationLineRequest", description: "A product (by `sku` or `productId`; both must then name the same product) and its quantity" })

export const QuotationItemsPayload = Schema.Array(QuotationLinePayload).check(
  Schema.isBetweenLength(1, MAX_QUOTATION_ITEMS, { message: `items must hold 1 to ${MAX_QUOTATION_ITEMS} lines` })
)

export const NotesPayload = Schema.String.check(Schema.isMaxLength(MAX_NOTES_LENGTH))

/**
 * Strict bodies: a field outside the schema (prices, status, source, …) is a `400
 * VALIDATION_ERROR`. Set on the payload slot only, so response encoding stays lenient.
 */
export const strictPayload = { errors: "all", onExcessProperty: "error" } as const

// ---------------------------------------------------------------------------------------
// Response shapes

const RefJson = Schema.Struct({ id: Schema.String, name: Schema.String })

export const QuotationItemJson = Schema.Struct({
  productId: Schema.NullOr(Schema.String),
  sku: Schema.String,
  name: Schema.String,
  quantity: Schema.Number,
  unitPrice: Schema.Number.annotate({ description: "COP" }),
  priceType: Schema.Literals(["promotion", "price_list"]),
  subtotal: Schema.Number.annotate({ description: "COP" })
}).annotate({ identifier: "QuotationItem" })

/** The spec's integration shape (without `replayed`). */
export const quotationFields = {
  id: Schema.String,
  code: Schema.String,
  status: QuotationStatus,
  source: Schema.Literals(["web", "chat"]),
  total: Schema.Number.annotate({ description: "COP" }),
  notes: Schema.NullOr(Schema.String),
  routeDate: Schema.NullOr(Schema.String).annotate({ description: "YYYY-MM-DD" }),
  clientId: Schema.String,
  branch: Schema.NullOr(RefJson),
  advisor: Schema.NullOr(RefJson),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
  items: Schema.Array(QuotationItemJson)
}

const { items: _items, ...summaryFields } = quotationFields

/** Web and admin shape: the integration shape plus the client's name and company. */
export const WebQuotationJson = Schema.Struct({
  ...quotationFields,
  clientName: Schema.String,
  company: Schema.NullOr(RefJson)
}).annotate({ identifier: "WebQuotation" })

export const WebQuotationSummaryJson = Schema.Struct({
  ...summaryFields,
  clientName: Schema.String,
  company: Schema.NullOr(RefJson),
  itemCount: Schema.Number
}).annotate({ identifier: "WebQuotationSummary" })

export const QuotationPageJson = Schema.Struct({
  items: Schema.Array(WebQuotationSummaryJson),
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  totalPages: Schema.Number
}).annotate({ identifier: "QuotationPage" })

export const QuotationCommentJson = Schema.Struct({
  id: Schema.String,
  text: Schema.String,
  createdAt: Schema.Date,
  author: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String, role: Role }))
}).annotate({ identifier: "QuotationComment" })

// ---------------------------------------------------------------------------------------
// Errors

/** Errors of quotation creation common to web and chat. */
export const creationErrors = errorEnvelopes(ClientNotFound, BranchNotFound, ProductNotFound, RouteClosed, ValidationError)

// ---------------------------------------------------------------------------------------
// Endpoints

const IdParams = { id: Uuid }

const DateParam = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "expected a YYYY-MM-DD date" }))

export class QuotationsApi extends HttpApiGroup.make("quotations")
  .add(
    HttpApiEndpoint.post("create", "/", {
      payload: Schema.Struct({
        clientId: Schema.optional(Uuid),
        branchId: Schema.optional(Uuid),
        items: QuotationItemsPayload,
        notes: Schema.optional(NotesPayload)
      }),
      success: WebQuotationJson.pipe(HttpApiSchema.status(201)),
      error: creationErrors
    }).middleware(UserAuthentication).annotateMerge(access.roles("client"))
      .annotate(HttpApi.PayloadParseOptions, strictPayload)
      .annotate(
        OpenApi.Description,
        "Access: role client. Creates a web quotation (source web, status pending) for the caller's client; `branchId` defaults to the client's branch. Prices, advisor and route are the server's."
      ),
    HttpApiEndpoint.get("list", "/", {
      query: {
        status: Schema.optional(QuotationStatus),
        source: Schema.optional(Schema.Literals(["web", "chat"])),
        clientId: Schema.optional(Uuid),
        dateFrom: Schema.optional(DateParam),
        dateTo: Schema.optional(DateParam),
        page: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
        limit: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })))
      },
      success: QuotationPageJson,
      error: errorEnvelope(ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(
        OpenApi.Description,
        "Access: every logged-in user; a client sees its company's quotations, an advisor those assigned to them, an admin all. `dateFrom`/`dateTo` are inclusive Bogotá dates on the creation time. Newest first; `page` default 1, `limit` default 20 (max 100)."
      ),
    HttpApiEndpoint.get("get", "/:id", {
      params: IdParams,
      success: WebQuotationJson,
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn()),
    HttpApiEndpoint.patch("changeStatus", "/:id/status", {
      params: IdParams,
      payload: Schema.Struct({ status: QuotationStatus }),
      success: WebQuotationJson,
      error: errorEnvelopes(NotFound, InvalidStatusTransition)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: role admin. Allowed: pending → approved / rejected (setting the current status again changes nothing). Emits quotation.status_changed plus quotation.approved / quotation.rejected."
      ),
    HttpApiEndpoint.post("addComment", "/:id/comments", {
      params: IdParams,
      payload: Schema.Struct({
        text: Schema.String.check(
          Schema.makeFilter((text: string) => text.trim() !== "" || "text must not be blank"),
          Schema.isMaxLength(5000)
        )
      }),
      success: QuotationCommentJson.pipe(HttpApiSchema.status(201)),
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(
        OpenApi.Description,
        "Access: an admin, the quotation's advisor, or a user of its company; for anyone else the quotation is 404 NOT_FOUND. Emits quotation.comment_added."
      ),
    HttpApiEndpoint.get("listComments", "/:id/comments", {
      params: IdParams,
      success: Schema.Struct({ items: Schema.Array(QuotationCommentJson) }),
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn())
  )
  .prefix("/api/quotations")
  .annotate(OpenApi.Title, "Quotations")
{}

export { Uuid }
