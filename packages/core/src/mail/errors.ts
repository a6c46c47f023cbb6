/** Errors of the e-mail port (`Mailer`); none reaches an endpoint. */
import * as Schema from "effect/Schema"
import { messageOnly } from "../shared/error-fields.ts"

/** The transport refused or could not take the message; the dispatcher retries it later. */
export class MailDeliveryFailed extends Schema.TaggedError<MailDeliveryFailed>()("MailDeliveryFailed", messageOnly) {
  static readonly code = "MAIL_DELIVERY_FAILED"
}
