/** Errors of client self-service (`/api/my-company`, spec "My company", "Errors"). */
import * as Schema from "effect/Schema"
import { messageOnly } from "../shared/error-fields.ts"

/** The client user belongs to no company. */
export class NoCompany extends Schema.TaggedError<NoCompany>()(
  "NoCompany",
  messageOnly,
  { httpApiStatus: 404, description: "The caller belongs to no company" }
) {
  static readonly code = "NO_COMPANY"
}

/** A client user tried to deactivate itself. */
export class CannotDeleteSelf extends Schema.TaggedError<CannotDeleteSelf>()(
  "CannotDeleteSelf",
  messageOnly,
  { httpApiStatus: 422, description: "A user cannot deactivate itself" }
) {
  static readonly code = "CANNOT_DELETE_SELF"
}

/** Deactivating would leave the company without an active user. */
export class LastUser extends Schema.TaggedError<LastUser>()(
  "LastUser",
  messageOnly,
  { httpApiStatus: 422, description: "The company's last active user cannot be deactivated" }
) {
  static readonly code = "LAST_USER"
}

/** Deactivating would leave the company without an active branch. */
export class LastBranch extends Schema.TaggedError<LastBranch>()(
  "LastBranch",
  messageOnly,
  { httpApiStatus: 422, description: "The company's last active branch cannot be deactivated" }
) {
  static readonly code = "LAST_BRANCH"
}
