/**
 * The server's e-mail delivery wired to its transport: the worker and dispatcher of
 * `app/mail` with the `Mailer` chosen from the configuration (in test and development
 * nothing is sent; see `infra/mail/mailer-from-config.ts`).
 */
import * as Duration from "effect/Duration"
import * as Layer from "effect/Layer"
import { emailWorker, type EmailDeliverySettings } from "../app/mail/email-delivery.ts"
import { EmailDispatcher } from "../app/mail/email-dispatcher.ts"
import { MailerFromConfig } from "../infra/mail/mailer-from-config.ts"

/** The server's e-mail delivery: the configured transport, the dispatcher and its worker. */
export const EmailDelivery = (overrides: Partial<EmailDeliverySettings> = {}) =>
  emailWorker(overrides.sweepInterval ?? Duration.seconds(30)).pipe(
    Layer.provide(EmailDispatcher.layer(overrides)),
    Layer.provide(MailerFromConfig)
  )
