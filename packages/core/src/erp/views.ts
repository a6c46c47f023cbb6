/**
 * The answers and requests of the ERP integration (spec "ERP integration",
 * `/api/integrations/erp`, and `GET /api/cron/erp-sync`): declared once, used as the
 * services' types and the endpoints' schemas, and as the decoder of the rows the
 * services read. Field names follow the spec, including its snake_case where it shows
 * it (the sync runs, `PUT /settings`' `settings`, the quotation push history); those
 * are read with the stored column names as they are. Three views already live beside
 * their domain rules and are reused as they are: the run summary
 * (`erp/erp-sync-run.ts`), the local customer (`erp/erp-local-customer.ts`) and the
 * customer history row (`erp/erp-customer-operation.ts`).
 */
import * as Schema from "effect/Schema"
import { Timestamp } from "../shared/fields.ts"
import { ErpPartnerId } from "./erp-settings.ts"
import { SyncMode, SyncRunStatus, SyncRunSummary, SyncTrigger } from "./erp-sync-run.ts"
import { CompanyId, SyncRunId } from "../shared/ids.ts"

/** Text the ERP requests take: trimmed, not blank. */
export const NonBlank = Schema.Trim.check(Schema.isNonEmpty({ message: "must not be blank" }), Schema.isMaxLength(500))

// ---------------------------------------------------------------------------------------
// Settings and the connection test

/** The latest product sync run as the settings page shows it (all null before the first). */
export const ErpLastSync = Schema.Struct({
  startedAt: Schema.NullOr(Timestamp),
  finishedAt: Schema.NullOr(Timestamp),
  status: Schema.NullOr(Schema.String),
  count: Schema.NullOr(Schema.Finite).annotate({ description: "Products processed by the last run" }),
  error: Schema.NullOr(Schema.String)
})
export type ErpLastSync = typeof ErpLastSync.Type

/** `GET /settings` (the credentials themselves are `ErpSettings` in `erp/erp-settings.ts`). */
export const ErpSettingsView = Schema.Struct({
  partnerId: Schema.NullOr(Schema.String),
  username: Schema.NullOr(Schema.String),
  accessKey: Schema.NullOr(Schema.String).annotate({ description: "Masked: only the last 4 characters show" }),
  accessKeySet: Schema.Boolean,
  baseUrl: Schema.String,
  tokenExpiresAt: Schema.NullOr(Timestamp).annotate({
    description: "Expiry of the token obtained by the last connection test; cleared when the credentials change"
  }),
  lastSync: ErpLastSync
}).annotate({ identifier: "ErpSettings" })
export type ErpSettingsView = typeof ErpSettingsView.Type

const BaseUrl = Schema.String.check(
  Schema.isPattern(/^https?:\/\/[^\s/?#]+[^\s?#]*$/, { message: "must be an http(s) URL without query" }),
  Schema.isMaxLength(500)
)

/** `PUT /settings`: only the sent fields change. */
export const ErpSettingsPatch = Schema.Struct({
  partnerId: Schema.optionalKey(ErpPartnerId.annotate({ description: "3–100 letters or digits (Siigo's Partner-Id)" })),
  username: Schema.optionalKey(NonBlank),
  accessKey: Schema.optionalKey(NonBlank),
  baseUrl: Schema.optionalKey(BaseUrl)
})
export type ErpSettingsPatch = typeof ErpSettingsPatch.Type

/** `PUT /settings`' answer; `settings` in the spec's snake_case. */
export const ErpSettingsUpdate = Schema.Struct({
  updated: Schema.Literal(true),
  settings: Schema.Struct({
    partner_id: Schema.NullOr(Schema.String),
    username: Schema.NullOr(Schema.String),
    base_url: Schema.String
  })
})
export type ErpSettingsUpdate = typeof ErpSettingsUpdate.Type

export const ErpConnectionCheck = Schema.Struct({
  ok: Schema.Literal(true),
  partnerId: Schema.String,
  username: Schema.String,
  tokenExpiresAt: Timestamp,
  productCountSample: Schema.Int
}).annotate({ identifier: "ErpConnectionCheck" })
export type ErpConnectionCheck = typeof ErpConnectionCheck.Type

// ---------------------------------------------------------------------------------------
// Product sync runs (`erp_sync_runs`, in the spec's snake_case)

export const ErpSyncRun = Schema.Struct({
  id: SyncRunId,
  kind: Schema.String,
  mode: SyncMode,
  status: SyncRunStatus,
  trigger_source: SyncTrigger,
  started_at: Timestamp,
  finished_at: Schema.NullOr(Timestamp),
  duration_ms: Schema.NullOr(Schema.Finite),
  items_processed: Schema.Int,
  items_created: Schema.Int,
  items_updated: Schema.Int,
  items_deactivated: Schema.Int,
  errors: Schema.Int,
  error_message: Schema.NullOr(Schema.String),
  message: Schema.NullOr(Schema.String)
}).annotate({ identifier: "ErpSyncRun" })
export type ErpSyncRun = typeof ErpSyncRun.Type

/** A run in `GET /sync/logs`: the run and who started it. */
export const ErpSyncLogEntry = Schema.Struct({ ...ErpSyncRun.fields, triggered_by_name: Schema.NullOr(Schema.String) })
export type ErpSyncLogEntry = typeof ErpSyncLogEntry.Type

/** `GET /sync/status`. */
export const ErpProductSyncStatus = Schema.Struct({
  running: Schema.Boolean,
  last: Schema.NullOr(ErpSyncRun),
  lastFullSyncAt: Schema.NullOr(Timestamp),
  lastSuccessfulSyncAt: Schema.NullOr(Timestamp)
})
export type ErpProductSyncStatus = typeof ErpProductSyncStatus.Type

/** `GET /api/cron/erp-sync` when nothing ran. */
export const ErpSyncSkipped = Schema.Struct({
  skipped: Schema.Literal(true),
  reason: Schema.Literals(["running", "test-environment"])
}).annotate({ identifier: "ErpSyncSkipped" })
export type ErpSyncSkipped = typeof ErpSyncSkipped.Type

/** `GET /api/cron/erp-sync`: a run summary, or why nothing ran. */
export type ErpCronSyncResult = SyncRunSummary | ErpSyncSkipped

// ---------------------------------------------------------------------------------------
// Customers

/** An ERP customer with its local match (`GET /customers`). */
export const ErpCustomerListItem = Schema.Struct({
  erpId: Schema.String,
  identification: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  alreadyImported: Schema.Boolean,
  localCompanyId: Schema.NullOr(CompanyId),
  localCompanyName: Schema.NullOr(Schema.String)
}).annotate({ identifier: "ErpCustomer" })
export type ErpCustomerListItem = typeof ErpCustomerListItem.Type

export const ErpCustomerList = Schema.Struct({
  items: Schema.Array(ErpCustomerListItem),
  total: Schema.Int,
  page: Schema.Int,
  pageSize: Schema.Int
})
export type ErpCustomerList = typeof ErpCustomerList.Type

/** One import's result; `isNew` tells created (201) from updated (200) apart. */
const importedCustomer = <New extends boolean>(isNew: Schema.Codec<New>, identifier: string) =>
  Schema.Struct({
    companyId: CompanyId,
    isNew,
    name: Schema.String,
    nit: Schema.String,
    erpCustomerId: Schema.String
  }).annotate({ identifier })

export const ErpImportedCustomer = importedCustomer(Schema.Literal(true), "ErpImportedCustomer")
export const ErpUpdatedCustomer = importedCustomer(Schema.Literal(false), "ErpUpdatedCustomer")
export type ErpCustomerImportResult = typeof ErpImportedCustomer.Type | typeof ErpUpdatedCustomer.Type

const ErpImportEntry = Schema.Struct({
  erpId: Schema.String,
  companyId: CompanyId,
  name: Schema.String,
  nit: Schema.String
})

/** `POST /customers/import`: each id imported, updated or failed. */
export const ErpBulkImport = Schema.Struct({
  imported: Schema.Array(ErpImportEntry),
  updated: Schema.Array(ErpImportEntry),
  errors: Schema.Array(Schema.Struct({
    erpId: Schema.String,
    error: Schema.String,
    code: Schema.String.annotate({ description: "The error code the single import would have answered" })
  }))
}).annotate({ identifier: "ErpBulkImport" })
export type ErpBulkImport = typeof ErpBulkImport.Type

/** `POST /customers/:companyId/export`. */
export const ErpExportedCustomer = Schema.Struct({
  erpCustomerId: Schema.String,
  companyId: CompanyId,
  name: Schema.String
})
export type ErpExportedCustomer = typeof ErpExportedCustomer.Type

/** `GET /sellers`: an ERP user (`ErpSeller`) as the advisors' seller picker needs it. */
export const ErpSellerItem = Schema.Struct({
  id: Schema.Int,
  username: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  active: Schema.Boolean
})
export type ErpSellerItem = typeof ErpSellerItem.Type

// ---------------------------------------------------------------------------------------
// Quotations to the ERP

/** `POST /quotes/:quoteId` and its retry and legacy alias. */
export const ErpQuotePush = Schema.Struct({
  integrationId: Schema.String,
  erpQuoteId: Schema.String,
  status: Schema.Literal("success"),
  quotationCode: Schema.String,
  erpResponse: Schema.Struct({
    id: Schema.String,
    name: Schema.NullOr(Schema.String),
    number: Schema.NullOr(Schema.Finite),
    total: Schema.Finite
  })
}).annotate({ identifier: "ErpQuotePush" })
export type ErpQuotePush = typeof ErpQuotePush.Type

/** One push attempt (`erp_quotation_operations`, `GET /quotes/:quoteId/history`), in the spec's snake_case. */
export const ErpQuotationOperation = Schema.Struct({
  id: Schema.String,
  erp_quote_id: Schema.NullOr(Schema.String),
  status: Schema.Literals(["pending", "success", "error"]),
  error_message: Schema.NullOr(Schema.String),
  attempt_count: Schema.Int,
  created_at: Timestamp,
  updated_at: Timestamp,
  triggered_by_name: Schema.NullOr(Schema.String)
})
export type ErpQuotationOperation = typeof ErpQuotationOperation.Type

/** `POST /quotes/:quoteId/refresh-url`. */
export const ErpRefreshedUrl = Schema.Struct({
  erpUrl: Schema.NullOr(Schema.String),
  erpUuid: Schema.String,
  raw: Schema.Unknown.annotate({ description: "The ERP's quotation as received" })
})
export type ErpRefreshedUrl = typeof ErpRefreshedUrl.Type
