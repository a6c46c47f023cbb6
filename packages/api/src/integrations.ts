/**
 * The chatbot integration API (`/api/integrations`, spec "Integration API"): API key
 * only, one scope per endpoint. The ERP endpoints under `/api/integrations/erp` are a
 * different group (admin login).
 */
import * as Schema from "effect/Schema"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { IdempotencyKeyReused, MissingParams } from "@quote/core/quotations/errors"
import { creationErrors, strictPayload } from "./quotations.ts"
import { NotesPayload, Quotation, QuotationItemsPayload } from "@quote/core/quotations/views"
import { BranchId, ClientId, QuotationId } from "@quote/core/shared/ids"
import { BranchCutoff, ClientPriceSheet, LookupResult, PricesQuery } from "@quote/core/integrations/views"
import { access, ApiKeyAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { ClientNotFound, InvalidPhone } from "@quote/core/clients/errors"
import { NotFound } from "@quote/core/shared/errors"
import { BranchNotFound } from "@quote/core/companies/errors"

// ---------------------------------------------------------------------------------------
// Request pieces

export const IdempotencyKeyHeader = Schema.String.check(Schema.isBetweenLength(1, 100)).annotate({
  description: "Required. At most 100 characters; scoped to the API key and the keys that replaced it by rotation"
})

/** The body of `POST /quotations`: prices, advisor and route are the server's. */
export const CreateIntegrationQuotationPayload = Schema.Struct({
  clientId: ClientId,
  branchId: BranchId,
  items: QuotationItemsPayload,
  notes: Schema.optional(NotesPayload)
})

// ---------------------------------------------------------------------------------------
// Response shapes

/** The integration shape, as created (201) or as a replay of an earlier request with the same key (200). */
const integrationQuotation = <R extends boolean>(replayed: Schema.Codec<R>, identifier: string) =>
  Schema.Struct({ ...Quotation.fields, replayed }).annotate({ identifier })

/** `GET /quotations/:id`: the creation shape, never a replay. Declared once: one OpenAPI component. */
export const IntegrationQuotationJson = integrationQuotation(Schema.Literal(false), "IntegrationQuotation")
export const CreatedQuotationJson = IntegrationQuotationJson.pipe(HttpApiSchema.status(201))
export const ReplayedQuotationJson = integrationQuotation(Schema.Literal(true), "ReplayedIntegrationQuotation")

// ---------------------------------------------------------------------------------------
// Endpoints

export class IntegrationsApi extends HttpApiGroup.make("integrations")
  .add(
    HttpApiEndpoint.get("lookupClients", "/clients/lookup", {
      query: { phone: Schema.optional(Schema.String) },
      success: LookupResult,
      error: errorEnvelopes(MissingParams, InvalidPhone)
    }).middleware(ApiKeyAuthentication).annotateMerge(access.apiKeyScope("clients:read"))
      .annotate(
        OpenApi.Description,
        "Access: API key with scope `clients:read`. Active clients of active companies whose contact phones hold the number (normalized to E.164). `needsDisambiguation` is true with several matches or a company with several active branches."
      ),
    HttpApiEndpoint.get("cutoff", "/cutoff", {
      query: { clientId: Schema.optional(ClientId), branchId: Schema.optional(BranchId) },
      success: BranchCutoff,
      error: errorEnvelopes(MissingParams, ClientNotFound, BranchNotFound)
    }).middleware(ApiKeyAuthentication).annotateMerge(access.apiKeyScope("cutoff:read"))
      .annotate(
        OpenApi.Description,
        "Access: API key with scope `cutoff:read`. The Cutoff status of the branch's route (the rule that validates quotation creation): both ids → the branch must be of the client's company; only clientId → the client's branch; only branchId → that branch."
      ),
    HttpApiEndpoint.get("clientPrices", "/clients/:clientId/prices", {
      params: { clientId: ClientId },
      query: PricesQuery.fields,
      success: ClientPriceSheet,
      error: errorEnvelopes(MissingParams, ClientNotFound)
    }).middleware(ApiKeyAuthentication).annotateMerge(access.apiKeyScope("prices:read"))
      .annotate(
        OpenApi.Description,
        "Access: API key with scope `prices:read`. What the client would be charged now (same computation as quotation creation). At least one of skus, productIds (comma-separated), search, categoryId. `limit` default 20, values above 50 are capped at 50."
      ),
    HttpApiEndpoint.post("createQuotation", "/quotations", {
      headers: { "idempotency-key": IdempotencyKeyHeader },
      payload: CreateIntegrationQuotationPayload,
      success: [CreatedQuotationJson, ReplayedQuotationJson],
      error: [...creationErrors, errorEnvelope(IdempotencyKeyReused)]
    }).middleware(ApiKeyAuthentication).annotateMerge(access.apiKeyScope("quotations:write"))
      .annotate(HttpApi.PayloadParseOptions, strictPayload)
      .annotate(
        OpenApi.Description,
        "Access: API key with scope `quotations:write`. Creates a pending chat quotation; prices, advisor, route and route date are the server's, and any other body field is 400 VALIDATION_ERROR. A repeat with the same Idempotency-Key answers 200 with the same quotation and `replayed: true`; the same key with a different body is 409 IDEMPOTENCY_KEY_REUSED."
      ),
    HttpApiEndpoint.get("getQuotation", "/quotations/:id", {
      params: { id: QuotationId },
      success: IntegrationQuotationJson,
      error: errorEnvelope(NotFound)
    }).middleware(ApiKeyAuthentication).annotateMerge(access.apiKeyScope("quotations:write"))
      .annotate(
        OpenApi.Description,
        "Access: API key with scope `quotations:write`. Only quotations created by this key or the keys of its rotation chain; any other is 404 NOT_FOUND."
      )
  )
  .prefix("/api/integrations")
  .annotate(OpenApi.Title, "Integration API")
{}

