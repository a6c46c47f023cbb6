/**
 * SMTP delivery with nodemailer (production). `SMTP_URL` is nodemailer's connection URL
 * (`smtp://user:pass@host:587`, `smtps://...:465`); messages are plain text from
 * `MAIL_FROM`. Every network step has a time limit, so a dead server fails an attempt
 * (retried later by the dispatcher) instead of holding it forever.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import nodemailer from "nodemailer"
import { MailDeliveryFailed } from "@quote/core/mail/errors"
import { Mailer } from "@quote/core/mail/mailer"

export interface SmtpSettings {
  readonly url: Redacted.Redacted<string>
  readonly from: string
  /** Limit of each connection, greeting and socket wait (default 20 s). */
  readonly timeout?: Duration.Duration
}

export const SmtpMailer = (settings: SmtpSettings) =>
  Layer.effect(
    Mailer,
    Effect.gen(function*() {
      const timeoutMillis = Duration.toMillis(settings.timeout ?? Duration.seconds(20))
      const transport = yield* Effect.acquireRelease(
        Effect.sync(() =>
          nodemailer.createTransport({
            url: Redacted.value(settings.url),
            connectionTimeout: timeoutMillis,
            greetingTimeout: timeoutMillis,
            socketTimeout: timeoutMillis
          })
        ),
        (transport) => Effect.sync(() => transport.close())
      )
      return Mailer.of({
        send: Effect.fn("SmtpMailer.send")(function*(message) {
          yield* Effect.tryPromise({
            try: () => transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.body }),
            catch: (error) =>
              new MailDeliveryFailed({ message: error instanceof Error ? error.message : String(error) })
          })
        })
      })
    })
  )
