/**
 * Errors of the ERP integration endpoints (spec "ERP integration", "Errors"): product
 * sync runs, customer import/export and quotation pushes. Each class carries the spec's
 * code as `static code`, like `../errors.ts`. The ERP transport errors themselves
 * (`ERP_NOT_CONFIGURED`, `ERP_AUTH_FAILED`, `ERP_HTTP_ERROR`, `ERP_NOT_CONNECTED`) are in
 * `./errors.ts`; `COMPANY_NOT_FOUND` and `EMPTY_PATCH` come from `../user-errors.ts`,
 * `DUPLICATE_NIT` from `../company-errors.ts`.
 */
import { Schema } from "effect"
import { errorFields } from "../errors.ts"

/**
 * Another product sync run is in progress (spec `409 SYNC_ALREADY_RUNNING`); also used
 * when a push of the same quotation is still in flight.
 */
export class SyncAlreadyRunning extends Schema.TaggedError<SyncAlreadyRunning>()("SyncAlreadyRunning", errorFields) {
  static readonly code = "SYNC_ALREADY_RUNNING"
}

/** The quotation to send does not exist (spec `404 QUOTE_NOT_FOUND`). */
export class QuoteNotFound extends Schema.TaggedError<QuoteNotFound>()("QuoteNotFound", errorFields) {
  static readonly code = "QUOTE_NOT_FOUND"
}

/** Already sent; `details.erpQuoteId`, `details.integrationId` (spec `409 ALREADY_SYNCED`). */
export class AlreadySynced extends Schema.TaggedError<AlreadySynced>()("AlreadySynced", errorFields) {
  static readonly code = "ALREADY_SYNCED"
}

/** The quotation has no items (spec `422 QUOTE_HAS_NO_ITEMS`). */
export class QuoteHasNoItems extends Schema.TaggedError<QuoteHasNoItems>()("QuoteHasNoItems", errorFields) {
  static readonly code = "QUOTE_HAS_NO_ITEMS"
}

/** An item's product was removed from the catalog; `details.skus` (spec `422 QUOTE_HAS_DELETED_PRODUCTS`). */
export class QuoteHasDeletedProducts
  extends Schema.TaggedError<QuoteHasDeletedProducts>()("QuoteHasDeletedProducts", errorFields)
{
  static readonly code = "QUOTE_HAS_DELETED_PRODUCTS"
}

/** An item's product has no ERP id; `details.unsyncedSkus` (spec `422 QUOTE_HAS_UNSYNCED_PRODUCTS`). */
export class QuoteHasUnsyncedProducts
  extends Schema.TaggedError<QuoteHasUnsyncedProducts>()("QuoteHasUnsyncedProducts", errorFields)
{
  static readonly code = "QUOTE_HAS_UNSYNCED_PRODUCTS"
}

/** Neither the client nor its company has a usable tax id (spec `422 MISSING_CLIENT_NIT`). */
export class MissingClientNit extends Schema.TaggedError<MissingClientNit>()("MissingClientNit", errorFields) {
  static readonly code = "MISSING_CLIENT_NIT"
}

/** The advisor has no ERP seller id and no default is configured (spec `422 MISSING_SELLER_ID`). */
export class MissingSellerId extends Schema.TaggedError<MissingSellerId>()("MissingSellerId", errorFields) {
  static readonly code = "MISSING_SELLER_ID"
}

/**
 * The ERP has no such customer: `404` for an import by ERP id, `422` for a quotation
 * whose client's tax id is not a customer there (spec `ERP_CUSTOMER_NOT_FOUND`).
 */
export class ErpCustomerNotFound extends Schema.TaggedError<ErpCustomerNotFound>()("ErpCustomerNotFound", errorFields) {
  static readonly code = "ERP_CUSTOMER_NOT_FOUND"
}

/** The ERP accepted the quotation but saving it locally failed; `details.erpQuoteId` (spec `500 DB_COMMIT_FAILED`). */
export class DbCommitFailed extends Schema.TaggedError<DbCommitFailed>()("DbCommitFailed", errorFields) {
  static readonly code = "DB_COMMIT_FAILED"
}

/** `refresh-url` on a quotation without a successful integration (spec `404 NO_ERP_ID`). */
export class NoErpId extends Schema.TaggedError<NoErpId>()("NoErpId", errorFields) {
  static readonly code = "NO_ERP_ID"
}

/** Export of a company without a tax id (spec `422 MISSING_NIT`). */
export class MissingNit extends Schema.TaggedError<MissingNit>()("MissingNit", errorFields) {
  static readonly code = "MISSING_NIT"
}

/** Export of a company whose tax id is a `NIT-…` placeholder or not a NIT (spec `422 INVALID_NIT`). */
export class InvalidNit extends Schema.TaggedError<InvalidNit>()("InvalidNit", errorFields) {
  static readonly code = "INVALID_NIT"
}
