/** Errors of companies and branches (spec "Companies and branches", "Clients", "Errors"). */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** A tax id already used by another company or client (spec `409 DUPLICATE_NIT`). */
export class DuplicateNit extends Schema.TaggedError<DuplicateNit>()("DuplicateNit", errorFields) {
  static readonly code = "DUPLICATE_NIT"
}

/**
 * A branch that is missing, inactive, or not of the expected company (spec
 * `404 BRANCH_NOT_FOUND`).
 */
export class BranchNotFound extends Schema.TaggedError<BranchNotFound>()("BranchNotFound", errorFields) {
  static readonly code = "BRANCH_NOT_FOUND"
}
