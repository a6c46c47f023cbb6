/**
 * Quotations to the ERP (`/api/integrations/erp/quotes`): push, forced retry, the
 * legacy push alias, a quotation's push history and the refresh of its ERP link.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { QuotationId } from "@quote/core/shared/ids"
import { ErpQuotationOperation, ErpQuotePush, ErpRefreshedUrl } from "@quote/core/erp/views"
import { erpFailures } from "./erp-errors.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope } from "./error-envelope.ts"
import {
  SyncAlreadyRunning,
  AlreadySynced,
  DbCommitFailed,
  ErpCustomerNotFound,
  MissingClientNit,
  MissingSellerId,
  NoErpId,
  QuoteHasDeletedProducts,
  QuoteHasNoItems,
  QuoteHasUnsyncedProducts,
  QuoteNotFound
} from "@quote/core/erp/errors"

const pushErrors = [
  errorEnvelope(QuoteNotFound),
  errorEnvelope(AlreadySynced),
  errorEnvelope(SyncAlreadyRunning),
  errorEnvelope(QuoteHasNoItems),
  errorEnvelope(QuoteHasDeletedProducts),
  errorEnvelope(QuoteHasUnsyncedProducts),
  errorEnvelope(MissingClientNit),
  errorEnvelope(MissingSellerId),
  errorEnvelope(ErpCustomerNotFound, { status: 422, description: "No ERP customer has the client's tax id" }),
  errorEnvelope(DbCommitFailed),
  ...erpFailures
] as const

const QuoteParams = { quoteId: QuotationId }

/** What the three push endpoints share. */
const pushShape = { success: ErpQuotePush.pipe(HttpApiSchema.status(201)), error: pushErrors }

export const erpQuoteEndpoints = [
  HttpApiEndpoint.post("pushQuote", "/quotes/:quoteId", { params: QuoteParams, ...pushShape })
    .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(OpenApi.Description, "Access: roles admin. Creates the quotation in the ERP; it becomes `synced`."),
  HttpApiEndpoint.post("retryQuote", "/quotes/:quoteId/retry", { params: QuoteParams, ...pushShape })
    .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(
      OpenApi.Description,
      "Access: roles admin. Same, without the ALREADY_SYNCED refusal (force); a second success still cannot be recorded."
    ),
  HttpApiEndpoint.post("pushQuotationLegacy", "/quotations/:id/push", { params: { id: QuotationId }, ...pushShape })
    .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(OpenApi.Description, "Access: roles admin. Legacy alias of `POST /quotes/:quoteId`."),
  HttpApiEndpoint.get("quoteHistory", "/quotes/:quoteId/history", {
    params: QuoteParams,
    success: Schema.Struct({ items: Schema.Array(ErpQuotationOperation) }),
    error: errorEnvelope(QuoteNotFound)
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.post("refreshUrl", "/quotes/:quoteId/refresh-url", {
    params: QuoteParams,
    success: ErpRefreshedUrl,
    error: [
      errorEnvelope(QuoteNotFound),
      errorEnvelope(NoErpId),
      ...erpFailures
    ]
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
] as const
