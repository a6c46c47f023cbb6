/**
 * The chatbot integration API (`/api/integrations`, spec "Integration API"): API key
 * only, one scope per endpoint. The ERP endpoints under `/api/integrations/erp` are a
 * different group (admin login).
 */
import { Schema, SchemaTransformation } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { CutoffStatus } from "@quote/core/calendar/cutoff-status"
import { IdempotencyKeyReused, MissingParams } from "@quote/core/errors/quotations"
import {
  creationErrors,
  NotesPayload,
  QuotationItemsPayload,
  quotationFields,
  strictPayload,
  Uuid
} from "./quotations.ts"
import { access, ApiKeyAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { ClientNotFound, InvalidPhone } from "@quote/core/errors/clients"
import { NotFound } from "@quote/core/errors/common"
import { BranchNotFound } from "@quote/core/errors/companies"

// ---------------------------------------------------------------------------------------
// Errors

// ---------------------------------------------------------------------------------------
// Request pieces

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

export const IdempotencyKeyHeader = Schema.String.check(Schema.isBetweenLength(1, 100)).annotate({
  description: "Required. At most 100 characters; scoped to the API key and the keys that replaced it by rotation"
})

/** The body of `POST /quotations`: prices, advisor and route are the server's. */
export const CreateIntegrationQuotationPayload = Schema.Struct({
  clientId: Uuid,
  branchId: Uuid,
  items: QuotationItemsPayload,
  notes: Schema.optional(NotesPayload)
})

// ---------------------------------------------------------------------------------------
// Response shapes

const RefJson = Schema.Struct({ id: Schema.String, name: Schema.String })

export const LookupJson = Schema.Struct({
  phone: Schema.String.annotate({ description: "Normalized (E.164)" }),
  matchCount: Schema.Number,
  needsDisambiguation: Schema.Boolean,
  matches: Schema.Array(Schema.Struct({
    clientId: Schema.String,
    clientName: Schema.String,
    company: Schema.Struct({ id: Schema.String, name: Schema.String, nit: Schema.String }),
    defaultBranchId: Schema.String,
    branches: Schema.Array(Schema.Struct({
      id: Schema.String,
      name: Schema.String,
      city: Schema.NullOr(Schema.String),
      address: Schema.NullOr(Schema.String),
      isDefault: Schema.Boolean,
      route: Schema.NullOr(Schema.Struct({
        id: Schema.String,
        name: Schema.String,
        schedule: Schema.String.annotate({ description: "The route's scheduleLabel" })
      })),
      advisor: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String, email: Schema.String }))
    }))
  }))
}).annotate({ identifier: "ClientLookup" })

export const BranchCutoffJson = Schema.Struct({
  clientId: Schema.NullOr(Schema.String),
  branchId: Schema.String,
  branchName: Schema.String,
  route: Schema.NullOr(RefJson),
  ...CutoffStatus.fields
}).annotate({ identifier: "BranchCutoffStatus" })

export const PriceItemJson = Schema.Struct({
  productId: Schema.String,
  sku: Schema.String,
  name: Schema.String,
  unit: Schema.String,
  category: Schema.NullOr(Schema.String),
  stock: Schema.Number,
  stockTracked: Schema.Boolean,
  stockSyncedAt: Schema.NullOr(Schema.Date),
  priceListPrice: Schema.Number,
  promotionPrice: Schema.NullOr(Schema.Number),
  finalPrice: Schema.Number.annotate({ description: "The price to communicate; do not recompute it" }),
  priceType: Schema.Literals(["promotion", "price_list"])
}).annotate({ identifier: "PriceItem" })

export const ClientPricesJson = Schema.Struct({
  clientId: Schema.String,
  priceList: Schema.NullOr(RefJson),
  currency: Schema.Literal("COP"),
  computedAt: Schema.Date,
  catalogSyncedAt: Schema.NullOr(Schema.Date),
  items: Schema.Array(PriceItemJson),
  notFound: Schema.Struct({ productIds: Schema.Array(Schema.String), skus: Schema.Array(Schema.String) })
}).annotate({ identifier: "ClientPrices" })

/** The integration shape, as created (201) or as a replay of an earlier request with the same key (200). */
const integrationQuotation = <R extends boolean>(replayed: Schema.Codec<R>, identifier: string) =>
  Schema.Struct({ ...quotationFields, replayed }).annotate({ identifier })

export const CreatedQuotationJson = integrationQuotation(Schema.Literal(false), "IntegrationQuotation").pipe(
  HttpApiSchema.status(201)
)
export const ReplayedQuotationJson = integrationQuotation(Schema.Literal(true), "ReplayedIntegrationQuotation")
/** `GET /quotations/:id`: the creation shape, never a replay. */
export const IntegrationQuotationJson = integrationQuotation(Schema.Literal(false), "IntegrationQuotation")

// ---------------------------------------------------------------------------------------
// Endpoints

export class IntegrationsApi extends HttpApiGroup.make("integrations")
  .add(
    HttpApiEndpoint.get("lookupClients", "/clients/lookup", {
      query: { phone: Schema.optional(Schema.String) },
      success: LookupJson,
      error: errorEnvelopes(MissingParams, InvalidPhone)
    }).middleware(ApiKeyAuthentication).annotateMerge(access.apiKeyScope("clients:read"))
      .annotate(
        OpenApi.Description,
        "Access: API key with scope `clients:read`. Active clients of active companies whose contact phones hold the number (normalized to E.164). `needsDisambiguation` is true with several matches or a company with several active branches."
      ),
    HttpApiEndpoint.get("cutoff", "/cutoff", {
      query: { clientId: Schema.optional(Uuid), branchId: Schema.optional(Uuid) },
      success: BranchCutoffJson,
      error: errorEnvelopes(MissingParams, ClientNotFound, BranchNotFound)
    }).middleware(ApiKeyAuthentication).annotateMerge(access.apiKeyScope("cutoff:read"))
      .annotate(
        OpenApi.Description,
        "Access: API key with scope `cutoff:read`. The Cutoff status of the branch's route (the rule that validates quotation creation): both ids → the branch must be of the client's company; only clientId → the client's branch; only branchId → that branch."
      ),
    HttpApiEndpoint.get("clientPrices", "/clients/:clientId/prices", {
      params: { clientId: Uuid },
      query: {
        skus: Schema.optional(commaSeparated(Schema.String)),
        productIds: Schema.optional(commaSeparated(Uuid)),
        search: Schema.optional(Schema.String.check(Schema.isMaxLength(100))),
        categoryId: Schema.optional(Uuid),
        limit: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)))
      },
      success: ClientPricesJson,
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
      params: { id: Uuid },
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

