/**
 * The ERP (Siigo) integration (spec "ERP integration", `/api/integrations/erp`, admin
 * only): settings and connection test, product sync with its status and logs,
 * customers (ERP list, local list, import, export, history, sellers) and quotation
 * pushes. Field names follow the spec, including its snake_case where it shows it.
 * Fixed paths (`/customers/local`, `/customers/import`) come before parameterized ones.
 * docs/erp-integration.md has the decisions.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import {
  AlreadySynced,
  DbCommitFailed,
  ErpCustomerNotFound,
  InvalidNit,
  MissingClientNit,
  MissingNit,
  MissingSellerId,
  NoErpId,
  QuoteHasDeletedProducts,
  QuoteHasNoItems,
  QuoteHasUnsyncedProducts,
  QuoteNotFound,
  SyncAlreadyRunning
} from "@quote/core/erp/erp-integration-errors"
import { ErpPartnerId } from "@quote/core/erp/erp-settings"
import { SyncMode, SyncRunStatus, SyncTrigger } from "@quote/core/erp/erp-sync-run"
import { ErpAuthFailed, ErpHttpError, ErpNotConfigured, ErpNotConnected } from "@quote/core/erp/errors"
import { DuplicateNitResponse } from "./companies.ts"
import { httpError } from "./error-envelope.ts"
import { access, UserAuthentication } from "./security.ts"
import { CompanyNotFoundResponse, EmptyPatchResponse, Uuid } from "./users.ts"
import { ErpSyncStatus, LocalCustomer } from "@quote/core/erp/erp-local-customer"

// ---------------------------------------------------------------------------------------
// Errors

export const ErpNotConfiguredResponse = httpError(
  ErpNotConfigured,
  400,
  "The ERP partner id, username and access key are not all set"
)
export const ErpAuthFailedResponse = httpError(ErpAuthFailed, 502, "The ERP refused the credentials; `details` has its codes")
export const ErpHttpErrorResponse = httpError(
  ErpHttpError,
  502,
  "The ERP rejected the call or did not answer after retries; `details.codes` has its error codes"
)
export const ErpNotConnectedResponse = httpError(
  ErpNotConnected,
  503,
  "This environment has no ERP connection (the test environment)"
)
/** Every failure of a call that reaches the ERP. */
const erpFailures = [ErpNotConfiguredResponse, ErpAuthFailedResponse, ErpHttpErrorResponse, ErpNotConnectedResponse] as const

export const SyncAlreadyRunningResponse = httpError(
  SyncAlreadyRunning,
  409,
  "A product sync is running (or this quotation is being sent right now)"
)
const QuoteNotFoundResponse = httpError(QuoteNotFound, 404, "The quotation does not exist")
const AlreadySyncedResponse = httpError(
  AlreadySynced,
  409,
  "Already sent; `details.erpQuoteId`, `details.integrationId`. Use retry to force"
)
const pushErrors = [
  QuoteNotFoundResponse,
  AlreadySyncedResponse,
  SyncAlreadyRunningResponse,
  httpError(QuoteHasNoItems, 422, "The quotation has no items"),
  httpError(QuoteHasDeletedProducts, 422, "A product was removed from the catalog; `details.skus`"),
  httpError(QuoteHasUnsyncedProducts, 422, "A product has no ERP id; `details.unsyncedSkus`"),
  httpError(MissingClientNit, 422, "The client has no tax id"),
  httpError(MissingSellerId, 422, "The advisor has no ERP seller id and no default seller id is configured"),
  httpError(ErpCustomerNotFound, 422, "No ERP customer has the client's tax id"),
  httpError(DbCommitFailed, 500, "The ERP accepted the quotation but the local save failed; `details.erpQuoteId`"),
  ...erpFailures
] as const

// ---------------------------------------------------------------------------------------
// Shapes

const LastSyncJson = Schema.Struct({
  startedAt: Schema.NullOr(Schema.Date),
  finishedAt: Schema.NullOr(Schema.Date),
  status: Schema.NullOr(Schema.String),
  count: Schema.NullOr(Schema.Number).annotate({ description: "Products processed by the last run" }),
  error: Schema.NullOr(Schema.String)
})

export const ErpSettingsJson = Schema.Struct({
  partnerId: Schema.NullOr(Schema.String),
  username: Schema.NullOr(Schema.String),
  accessKey: Schema.NullOr(Schema.String).annotate({ description: "Masked: only the last 4 characters show" }),
  accessKeySet: Schema.Boolean,
  baseUrl: Schema.String,
  tokenExpiresAt: Schema.NullOr(Schema.Date).annotate({
    description: "Expiry of the token obtained by the last connection test; cleared when the credentials change"
  }),
  lastSync: LastSyncJson
}).annotate({ identifier: "ErpSettings" })

const BaseUrl = Schema.String.check(
  Schema.isPattern(/^https?:\/\/[^\s/?#]+[^\s?#]*$/, { message: "must be an http(s) URL without query" }),
  Schema.isMaxLength(500)
)
const NonBlank = Schema.Trim.check(Schema.isNonEmpty({ message: "must not be blank" }), Schema.isMaxLength(500))

const ErpSettingsPatch = Schema.Struct({
  partnerId: Schema.optionalKey(ErpPartnerId.annotate({ description: "3–100 letters or digits (Siigo's Partner-Id)" })),
  username: Schema.optionalKey(NonBlank),
  accessKey: Schema.optionalKey(NonBlank),
  baseUrl: Schema.optionalKey(BaseUrl)
})

const SettingsSavedJson = Schema.Struct({
  updated: Schema.Literal(true),
  settings: Schema.Struct({
    partner_id: Schema.NullOr(Schema.String),
    username: Schema.NullOr(Schema.String),
    base_url: Schema.String
  })
})

const ConnectionCheckJson = Schema.Struct({
  ok: Schema.Literal(true),
  partnerId: Schema.String,
  username: Schema.String,
  tokenExpiresAt: Schema.Date,
  productCountSample: Schema.Int
}).annotate({ identifier: "ErpConnectionCheck" })

export const SyncRunSummaryJson = Schema.Struct({
  logId: Schema.String,
  mode: SyncMode,
  status: Schema.Literals(["success", "partial", "error"]),
  processed: Schema.Int,
  created: Schema.Int,
  updated: Schema.Int,
  errors: Schema.Int,
  deactivated: Schema.Int,
  message: Schema.String,
  durationMs: Schema.Number
}).annotate({ identifier: "ErpSyncRunSummary" })

const SyncRunJson = Schema.Struct({
  id: Schema.String,
  kind: Schema.String,
  mode: SyncMode,
  status: SyncRunStatus,
  trigger_source: SyncTrigger,
  started_at: Schema.Date,
  finished_at: Schema.NullOr(Schema.Date),
  duration_ms: Schema.NullOr(Schema.Number),
  items_processed: Schema.Int,
  items_created: Schema.Int,
  items_updated: Schema.Int,
  items_deactivated: Schema.Int,
  errors: Schema.Int,
  error_message: Schema.NullOr(Schema.String),
  message: Schema.NullOr(Schema.String)
}).annotate({ identifier: "ErpSyncRun" })

const SyncStatusJson = Schema.Struct({
  running: Schema.Boolean,
  last: Schema.NullOr(SyncRunJson),
  lastFullSyncAt: Schema.NullOr(Schema.Date),
  lastSuccessfulSyncAt: Schema.NullOr(Schema.Date)
})

const SyncLogJson = Schema.Struct({ ...SyncRunJson.fields, triggered_by_name: Schema.NullOr(Schema.String) })

const ErpCustomerJson = Schema.Struct({
  erpId: Schema.String,
  identification: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  alreadyImported: Schema.Boolean,
  localCompanyId: Schema.NullOr(Schema.String),
  localCompanyName: Schema.NullOr(Schema.String)
}).annotate({ identifier: "ErpCustomer" })


const LocalCustomerJson = LocalCustomer.annotate({ identifier: "ErpLocalCustomer" })

/** 201 when the import created the company, 200 when it updated one. */
const importedCustomer = <New extends boolean>(isNew: Schema.Codec<New>, identifier: string) =>
  Schema.Struct({
    companyId: Schema.String,
    isNew,
    name: Schema.String,
    nit: Schema.String,
    erpCustomerId: Schema.String
  }).annotate({ identifier })

const ImportEntryJson = Schema.Struct({
  erpId: Schema.String,
  companyId: Schema.String,
  name: Schema.String,
  nit: Schema.String
})

const BulkImportJson = Schema.Struct({
  imported: Schema.Array(ImportEntryJson),
  updated: Schema.Array(ImportEntryJson),
  errors: Schema.Array(Schema.Struct({
    erpId: Schema.String,
    error: Schema.String,
    code: Schema.String.annotate({ description: "The error code the single import would have answered" })
  }))
}).annotate({ identifier: "ErpBulkImport" }).pipe(HttpApiSchema.status(207))

const ErpIds = Schema.Array(NonBlank).check(Schema.isMinLength(1), Schema.isMaxLength(100))

const ExportedJson = Schema.Struct({
  erpCustomerId: Schema.String,
  companyId: Schema.String,
  name: Schema.String
}).pipe(HttpApiSchema.status(201))

const CustomerOperationJson = Schema.Struct({
  id: Schema.String,
  erp_customer_id: Schema.NullOr(Schema.String),
  operation: Schema.Literals(["import", "create", "update"]),
  status: Schema.Literals(["pending", "success", "error"]),
  error_message: Schema.NullOr(Schema.String),
  duration_ms: Schema.NullOr(Schema.Number),
  created_at: Schema.Date,
  updated_at: Schema.Date,
  triggered_by_name: Schema.NullOr(Schema.String)
})

const SellerJson = Schema.Struct({
  id: Schema.Int,
  username: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  active: Schema.Boolean
})

const PushResultJson = Schema.Struct({
  integrationId: Schema.String,
  erpQuoteId: Schema.String,
  status: Schema.Literal("success"),
  quotationCode: Schema.String,
  erpResponse: Schema.Struct({
    id: Schema.String,
    name: Schema.NullOr(Schema.String),
    number: Schema.NullOr(Schema.Number),
    total: Schema.Number
  })
}).annotate({ identifier: "ErpQuotePush" }).pipe(HttpApiSchema.status(201))

const QuotationOperationJson = Schema.Struct({
  id: Schema.String,
  erp_quote_id: Schema.NullOr(Schema.String),
  status: Schema.Literals(["pending", "success", "error"]),
  error_message: Schema.NullOr(Schema.String),
  attempt_count: Schema.Int,
  created_at: Schema.Date,
  updated_at: Schema.Date,
  triggered_by_name: Schema.NullOr(Schema.String)
})

const RefreshedUrlJson = Schema.Struct({
  erpUrl: Schema.NullOr(Schema.String),
  erpUuid: Schema.String,
  raw: Schema.Unknown.annotate({ description: "The ERP's quotation as received" })
})

const limitQuery = (max: number, fallback: number) =>
  Schema.optional(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: max })).annotate({
      description: `Default ${fallback}, at most ${max}`
    })
  )

export const erpLimits = {
  logs: { fallback: 50, max: 200 },
  customersPage: { fallback: 25, max: 100 },
  localCustomers: { fallback: 100, max: 500 }
} as const

const QuoteParams = { quoteId: Uuid }

/** What the three push endpoints share. */
const pushShape = { success: PushResultJson, error: pushErrors }

// ---------------------------------------------------------------------------------------
// Endpoints

export class ErpApi extends HttpApiGroup.make("erp")
  .add(
    HttpApiEndpoint.get("getSettings", "/settings", { success: ErpSettingsJson })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.put("updateSettings", "/settings", {
      payload: ErpSettingsPatch,
      success: SettingsSavedJson,
      error: EmptyPatchResponse
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Only sent fields change. The access key is stored encrypted; changing the username or access key invalidates the cached token."
      ),
    HttpApiEndpoint.post("testConnection", "/test-connection", {
      success: ConnectionCheckJson,
      error: erpFailures
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("syncProducts", "/sync/products", {
      payload: [Schema.Struct({ mode: Schema.optionalKey(SyncMode) }), Schema.Null],
      success: SyncRunSummaryJson,
      error: [SyncAlreadyRunningResponse, ErpNotConfiguredResponse, ErpNotConnectedResponse]
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Body optional, `mode` default `full`. Waits for the run: `status` is `success`, `partial` (time budget spent; the next run continues) or `error` (the ERP failed mid-run; `message` says why)."
      ),
    HttpApiEndpoint.get("syncStatus", "/sync/status", { success: SyncStatusJson })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.get("syncLogs", "/sync/logs", {
      query: { limit: limitQuery(erpLimits.logs.max, erpLimits.logs.fallback) },
      success: Schema.Struct({ items: Schema.Array(SyncLogJson) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.get("listCustomers", "/customers", {
      query: {
        page: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
        page_size: limitQuery(erpLimits.customersPage.max, erpLimits.customersPage.fallback),
        name: Schema.optional(Schema.String),
        identification: Schema.optional(Schema.String)
      },
      success: Schema.Struct({
        items: Schema.Array(ErpCustomerJson),
        total: Schema.Int,
        page: Schema.Int,
        pageSize: Schema.Int
      }),
      error: erpFailures
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.get("localCustomers", "/customers/local", {
      query: {
        sync_status: Schema.optional(ErpSyncStatus),
        limit: limitQuery(erpLimits.localCustomers.max, erpLimits.localCustomers.fallback)
      },
      success: Schema.Struct({ items: Schema.Array(LocalCustomerJson) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("importCustomers", "/customers/import", {
      payload: Schema.Struct({ erpIds: ErpIds }),
      success: BulkImportJson
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. 1–100 ids, imported in sequence; each failure is listed in `errors`."),
    HttpApiEndpoint.post("importCustomer", "/customers/import/:erpId", {
      params: { erpId: NonBlank },
      success: [
        importedCustomer(Schema.Literal(true), "ErpImportedCustomer").pipe(HttpApiSchema.status(201)),
        importedCustomer(Schema.Literal(false), "ErpUpdatedCustomer")
      ],
      error: [httpError(ErpCustomerNotFound, 404, "The ERP has no customer with this id"), DuplicateNitResponse, ...erpFailures]
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("exportCustomer", "/customers/:companyId/export", {
      params: { companyId: Uuid },
      success: ExportedJson,
      error: [
        CompanyNotFoundResponse,
        httpError(MissingNit, 422, "The company has no tax id"),
        httpError(InvalidNit, 422, "The tax id is a `NIT-…` placeholder or not a NIT"),
        DuplicateNitResponse,
        ...erpFailures
      ]
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Creates the customer in the ERP when the company has no ERP id (linking an ERP customer with the same NIT if there is one), else updates it. The NIT is sent without dots or check digit, document type 31."
      ),
    HttpApiEndpoint.get("customerHistory", "/customers/:companyId/history", {
      params: { companyId: Uuid },
      success: Schema.Struct({ items: Schema.Array(CustomerOperationJson) }),
      error: CompanyNotFoundResponse
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.get("sellers", "/sellers", {
      success: Schema.Struct({ items: Schema.Array(SellerJson) }),
      error: erpFailures
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("pushQuote", "/quotes/:quoteId", { params: QuoteParams, ...pushShape })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Creates the quotation in the ERP; it becomes `synced`."),
    HttpApiEndpoint.post("retryQuote", "/quotes/:quoteId/retry", { params: QuoteParams, ...pushShape })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Same, without the ALREADY_SYNCED refusal (force); a second success still cannot be recorded."
      ),
    HttpApiEndpoint.post("pushQuotationLegacy", "/quotations/:id/push", { params: { id: Uuid }, ...pushShape })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Legacy alias of `POST /quotes/:quoteId`."),
    HttpApiEndpoint.get("quoteHistory", "/quotes/:quoteId/history", {
      params: QuoteParams,
      success: Schema.Struct({ items: Schema.Array(QuotationOperationJson) }),
      error: QuoteNotFoundResponse
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("refreshUrl", "/quotes/:quoteId/refresh-url", {
      params: QuoteParams,
      success: RefreshedUrlJson,
      error: [
        QuoteNotFoundResponse,
        httpError(NoErpId, 404, "No successful ERP integration exists for the quotation"),
        ...erpFailures
      ]
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
  )
  .prefix("/api/integrations/erp")
  .annotate(OpenApi.Title, "ERP integration")
{}
