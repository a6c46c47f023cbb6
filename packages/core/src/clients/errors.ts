/** Errors of clients and their phones (spec "Clients", "Phone normalization", "Errors"). */
import * as Schema from "effect/Schema"
import { optionalStrings, withDetails } from "../shared/error-fields.ts"

/** `details.clientId` for one client, `details.clientIds` for the unknown ids of a list. */
export class ClientNotFound extends Schema.TaggedError<ClientNotFound>()(
  "ClientNotFound",
  withDetails({ clientId: Schema.optional(Schema.String), clientIds: optionalStrings }),
  {
    httpApiStatus: 404,
    description:
      "The client does not exist, is inactive, or is outside the caller's scope; `details.clientIds` lists unknown ids of a list"
  }
) {
  static readonly code = "CLIENT_NOT_FOUND"
}

/** The same number twice for one client; other clients may share it. */
export class DuplicatePhone extends Schema.TaggedError<DuplicatePhone>()(
  "DuplicatePhone",
  withDetails({ phone: Schema.String }),
  { httpApiStatus: 409, description: "The number is already a phone of this client" }
) {
  static readonly code = "DUPLICATE_PHONE"
}

/** A phone number that cannot be normalized to E.164; `details.reason` says why. */
export class InvalidPhone extends Schema.TaggedError<InvalidPhone>()(
  "InvalidPhone",
  withDetails({ phone: Schema.String, reason: Schema.String }),
  { httpApiStatus: 400, description: "The phone number cannot be normalized to E.164" }
) {
  static readonly code = "INVALID_PHONE"
}
