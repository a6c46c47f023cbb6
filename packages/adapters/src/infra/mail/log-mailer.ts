/**
 * The transport of `test` and `development` (and of production without an
 * administrator address): nothing leaves the process, each e-mail is one log line, so a
 * developer can still see what would have been sent.
 */
import { Effect, Layer } from "effect"
import { Mailer } from "@quote/core/mail/mailer"

export const LogMailer = Layer.succeed(Mailer, Mailer.of({
  send: (message) =>
    Effect.logInfo("E-mail not sent (log transport)").pipe(
      Effect.annotateLogs({ to: message.to, subject: message.subject })
    )
}))
