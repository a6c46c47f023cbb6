/**
 * The e-mail port. Notification e-mails are queued in the database with the change that
 * causes them (`email_outbox`); a dispatcher hands them to a `Mailer` after commit. The
 * adapters provide a log-only transport (test, development) and SMTP (production).
 */
import { Context, type Effect, Schema } from "effect"
import { errorFields } from "./errors.ts"

export interface EmailMessage {
  readonly to: string
  readonly subject: string
  /** Plain text. */
  readonly body: string
}

/** The transport refused or could not take the message; the dispatcher retries it later. */
export class MailDeliveryFailed extends Schema.TaggedError<MailDeliveryFailed>()("MailDeliveryFailed", errorFields) {
  static readonly code = "MAIL_DELIVERY_FAILED"
}

export class Mailer extends Context.Service<Mailer, {
  readonly send: (message: EmailMessage) => Effect.Effect<void, MailDeliveryFailed>
}>()("@quote/core/Mailer") {}
