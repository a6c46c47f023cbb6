/**
 * Errors shared by every resource: the `*_NOT_FOUND` family (a resource missing,
 * inactive, or outside the caller's scope) and `EMPTY_PATCH`. One class per code, so a
 * code means one thing across the API and the OpenAPI document names it once.
 */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

export class EmptyPatch extends Schema.TaggedError<EmptyPatch>()("EmptyPatch", errorFields) {
  static readonly code = "EMPTY_PATCH"
}

export class CompanyNotFound extends Schema.TaggedError<CompanyNotFound>()("CompanyNotFound", errorFields) {
  static readonly code = "COMPANY_NOT_FOUND"
}

export class BranchNotFound extends Schema.TaggedError<BranchNotFound>()("BranchNotFound", errorFields) {
  static readonly code = "BRANCH_NOT_FOUND"
}

export class ClientNotFound extends Schema.TaggedError<ClientNotFound>()("ClientNotFound", errorFields) {
  static readonly code = "CLIENT_NOT_FOUND"
}

export class PriceListNotFound extends Schema.TaggedError<PriceListNotFound>()("PriceListNotFound", errorFields) {
  static readonly code = "PRICE_LIST_NOT_FOUND"
}

/** `details.skus` / `details.productIds` list the unknown or inactive ones. */
export class ProductNotFound extends Schema.TaggedError<ProductNotFound>()("ProductNotFound", errorFields) {
  static readonly code = "PRODUCT_NOT_FOUND"
}

export class RouteNotFound extends Schema.TaggedError<RouteNotFound>()("RouteNotFound", errorFields) {
  static readonly code = "ROUTE_NOT_FOUND"
}

/** The id is not an active user with role advisor. */
export class AdvisorNotFound extends Schema.TaggedError<AdvisorNotFound>()("AdvisorNotFound", errorFields) {
  static readonly code = "ADVISOR_NOT_FOUND"
}
