/** Errors of companies and branches (spec "Companies and branches", "Clients", "Errors"). */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** A tax id already used by another company or client (spec `409 DUPLICATE_NIT`). */
export class DuplicateNit extends Schema.TaggedError<DuplicateNit>()("DuplicateNit", errorFields) {
  static readonly code = "DUPLICATE_NIT"
}

export { BranchNotFound } from "./resource-errors.ts"
