/** Errors of companies and their branches (spec "Companies and branches", "Errors"). */
import * as Schema from "effect/Schema"
import { withDetails } from "../shared/error-fields.ts"

export class CompanyNotFound extends Schema.TaggedError<CompanyNotFound>()(
  "CompanyNotFound",
  withDetails({ companyId: Schema.String }),
  { httpApiStatus: 404, description: "The company does not exist or is inactive" }
) {
  static readonly code = "COMPANY_NOT_FOUND"
}

export class BranchNotFound extends Schema.TaggedError<BranchNotFound>()(
  "BranchNotFound",
  // `null` when a client update left the client without one of them.
  withDetails({ branchId: Schema.NullOr(Schema.String), companyId: Schema.optional(Schema.NullOr(Schema.String)) }),
  { httpApiStatus: 404, description: "The branch is missing, inactive, or not of the company in question" }
) {
  static readonly code = "BRANCH_NOT_FOUND"
}

/**
 * A tax id already used by another company or client; `details.erpId` /
 * `details.erpCustomerId` name the ERP customer when an ERP import or export met it.
 */
export class DuplicateNit extends Schema.TaggedError<DuplicateNit>()(
  "DuplicateNit",
  withDetails({
    nit: Schema.String,
    erpId: Schema.optional(Schema.String),
    erpCustomerId: Schema.optional(Schema.String)
  }),
  { httpApiStatus: 409, description: "Another company or client already has this NIT" }
) {
  static readonly code = "DUPLICATE_NIT"
}
