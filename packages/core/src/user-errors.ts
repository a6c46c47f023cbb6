/**
 * Errors of user administration (`/api/users`) and client self-service
 * (`/api/my-company`) (spec "Users", "My company", "Errors"). Each class carries the
 * spec's code as `static code`, like `errors.ts`. `BRANCH_NOT_FOUND` is shared with the
 * quotation flow (`quotation-errors.ts`).
 */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** `POST /api/users` without a password (spec `400 MISSING_PASSWORD`). */
export class MissingPassword extends Schema.TaggedError<MissingPassword>()("MissingPassword", errorFields) {
  static readonly code = "MISSING_PASSWORD"
}

/** A branch that is not of the given company (spec `400 BRANCH_COMPANY_MISMATCH`). */
export class BranchCompanyMismatch
  extends Schema.TaggedError<BranchCompanyMismatch>()("BranchCompanyMismatch", errorFields)
{
  static readonly code = "BRANCH_COMPANY_MISMATCH"
}

/** Another user already has the e-mail, compared without case (spec `409 DUPLICATE_EMAIL`). */
export class DuplicateEmail extends Schema.TaggedError<DuplicateEmail>()("DuplicateEmail", errorFields) {
  static readonly code = "DUPLICATE_EMAIL"
}

/** The client user belongs to no company (spec "My company", `404 NO_COMPANY`). */
export class NoCompany extends Schema.TaggedError<NoCompany>()("NoCompany", errorFields) {
  static readonly code = "NO_COMPANY"
}

/** A client user tried to deactivate itself (spec `422 CANNOT_DELETE_SELF`). */
export class CannotDeleteSelf extends Schema.TaggedError<CannotDeleteSelf>()("CannotDeleteSelf", errorFields) {
  static readonly code = "CANNOT_DELETE_SELF"
}

/** Deactivating would leave the company without an active user (spec `422 LAST_USER`). */
export class LastUser extends Schema.TaggedError<LastUser>()("LastUser", errorFields) {
  static readonly code = "LAST_USER"
}

/** Deactivating would leave the company without an active branch (spec `422 LAST_BRANCH`). */
export class LastBranch extends Schema.TaggedError<LastBranch>()("LastBranch", errorFields) {
  static readonly code = "LAST_BRANCH"
}

export { CompanyNotFound, PriceListNotFound, EmptyPatch } from "./resource-errors.ts"
