/**
 * The e-mail port. Notification e-mails are queued in the database with the change that
 * causes them (`email_outbox`); a dispatcher hands them to a `Mailer` after commit. The
 * adapters provide a log-only transport (test, development) and SMTP (production).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import { MailDeliveryFailed } from "./errors.ts"

export interface EmailMessage {
  readonly to: string
  readonly subject: string
  /** Plain text. */
  readonly body: string
}

export class Mailer extends Context.Service<Mailer, {
  readonly send: (message: EmailMessage) => Effect.Effect<void, MailDeliveryFailed>
}>()("@quote/core/Mailer") {}
