/** Errors of user administration (`/api/users`, spec "Users", "Errors"). */
import * as Schema from "effect/Schema"
import { messageOnly, withDetails } from "../shared/error-fields.ts"

/** `POST /api/users` without a password. */
export class MissingPassword extends Schema.TaggedError<MissingPassword>()(
  "MissingPassword",
  messageOnly,
  { httpApiStatus: 400, description: "The password is missing" }
) {
  static readonly code = "MISSING_PASSWORD"
}

/** A branch that is not of the given company. */
export class BranchCompanyMismatch extends Schema.TaggedError<BranchCompanyMismatch>()(
  "BranchCompanyMismatch",
  withDetails({ companyId: Schema.String, branchId: Schema.String }),
  { httpApiStatus: 400, description: "The branch does not belong to the company" }
) {
  static readonly code = "BRANCH_COMPANY_MISMATCH"
}

/** Another user already has the e-mail, compared without case. */
export class DuplicateEmail extends Schema.TaggedError<DuplicateEmail>()(
  "DuplicateEmail",
  withDetails({ email: Schema.String }),
  { httpApiStatus: 409, description: "Another user has this e-mail (case-insensitive)" }
) {
  static readonly code = "DUPLICATE_EMAIL"
}

/** The id is not an active user with role advisor. */
export class AdvisorNotFound extends Schema.TaggedError<AdvisorNotFound>()(
  "AdvisorNotFound",
  withDetails({ advisorId: Schema.String }),
  { httpApiStatus: 404, description: "No active user with role advisor has this id" }
) {
  static readonly code = "ADVISOR_NOT_FOUND"
}
