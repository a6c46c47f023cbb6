/**
 * Quotations of the web and admin panel (`/api/quotations`, CONTRACT.md "Quotations"),
 * and what the integration API's creation shares with them (strict bodies, errors). The
 * request and answer shapes are declared in `@quote/core/quotations/views`.
 */
import * as Schema from "effect/Schema"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { IdempotencyKeyReused, InvalidStatusTransition } from "@quote/core/quotations/errors"
import { RouteClosed } from "@quote/core/routes/errors"
import { QuotationStatus } from "@quote/core/quotations/quotation-status"
import { access, UserAuthentication } from "./security.ts"
import { CsvDownload } from "./csv-download.ts"
import { Forbidden } from "@quote/core/auth/errors"
import { QuotationId } from "@quote/core/shared/ids"
import {
  NewWebQuotation,
  QuotationComment,
  QuotationExportQuery,
  QuotationListQuery,
  QuotationPage,
  WebQuotation
} from "@quote/core/quotations/views"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { ProductNotFound } from "@quote/core/catalog/errors"
import { ClientNotFound } from "@quote/core/clients/errors"
import { NotFound, ValidationError } from "@quote/core/shared/errors"
import { BranchNotFound } from "@quote/core/companies/errors"

// ---------------------------------------------------------------------------------------
// Shared with the integration API's creation

/**
 * Strict bodies: a field outside the schema (prices, status, source, …) is a `400
 * VALIDATION_ERROR`. Set on the payload slot only, so response encoding stays lenient.
 */
export const strictPayload = { errors: "all", onExcessProperty: "error" } as const

/** Errors of quotation creation common to web and chat. */
export const creationErrors = errorEnvelopes(ClientNotFound, BranchNotFound, ProductNotFound, RouteClosed, ValidationError)

// ---------------------------------------------------------------------------------------
// Endpoints

const IdParams = { id: QuotationId }

/** The web create's optional key: a double click or a retried request creates one quotation. */
const WebIdempotencyKeyHeader = Schema.String.check(Schema.isBetweenLength(1, 100)).annotate({
  description: "Optional. 1–100 characters, scoped to the calling user (e.g. one key per cart)"
})

export class QuotationsApi extends HttpApiGroup.make("quotations")
  .add(
    HttpApiEndpoint.post("create", "/", {
      headers: { "idempotency-key": Schema.optional(WebIdempotencyKeyHeader) },
      payload: NewWebQuotation,
      // 201 created; 200 a repeat of an Idempotency-Key, with the quotation it created.
      success: [WebQuotation.pipe(HttpApiSchema.status(201)), WebQuotation],
      error: [...creationErrors, errorEnvelope(IdempotencyKeyReused)]
    }).middleware(UserAuthentication).annotateMerge(access.roles("client"))
      .annotate(HttpApi.PayloadParseOptions, strictPayload)
      .annotate(
        OpenApi.Description,
        "Access: role client. Creates a web quotation (source web, status pending) for the caller's client; `branchId` defaults to the client's branch. Prices, advisor and route are the server's. With an `Idempotency-Key` (optional, scoped to the user), a repeat with the same key and body answers 200 with the quotation already created (nothing new is created, no event); the same key with a different body is 409 IDEMPOTENCY_KEY_REUSED."
      ),
    HttpApiEndpoint.get("list", "/", {
      query: QuotationListQuery,
      success: QuotationPage,
      error: errorEnvelopes(ValidationError, Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(
        OpenApi.Description,
        "Access: every logged-in user; a client sees its company's quotations, an advisor those assigned to them, an admin all (or one advisor's with `advisorId`; an advisor may name only itself, a client nobody: 403 FORBIDDEN). `dateFrom`/`dateTo` are inclusive Bogotá dates on the creation time. Newest first; `page` default 1, `limit` default 20 (max 100)."
      ),
    HttpApiEndpoint.get("export", "/export", {
      query: QuotationExportQuery,
      success: CsvDownload,
      error: errorEnvelopes(ValidationError, Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(
        OpenApi.Description,
        "Access: as `GET /api/quotations`, with the same filters and scope. Every quotation they match, newest first, as CSV (Spanish headers: code, creation time in Bogotá, status, source, client, company, branch, advisor, route date, item count, total in COP, notes), streamed whatever the number."
      ),
    HttpApiEndpoint.get("get", "/:id", {
      params: IdParams,
      success: WebQuotation,
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn()),
    HttpApiEndpoint.patch("changeStatus", "/:id/status", {
      params: IdParams,
      payload: Schema.Struct({ status: QuotationStatus }),
      success: WebQuotation,
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
      success: QuotationComment.pipe(HttpApiSchema.status(201)),
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(
        OpenApi.Description,
        "Access: an admin, the quotation's advisor, or a user of its company; for anyone else the quotation is 404 NOT_FOUND. Emits quotation.comment_added."
      ),
    HttpApiEndpoint.get("listComments", "/:id/comments", {
      params: IdParams,
      success: Schema.Struct({ items: Schema.Array(QuotationComment) }),
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.signedIn())
  )
  .prefix("/api/quotations")
  .annotate(OpenApi.Title, "Quotations")
{}

