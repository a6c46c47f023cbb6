/**
 * The transport of `test` and `development` (and of production without an
 * administrator address): nothing leaves the process, each e-mail is one log line, so a
 * developer can still see what would have been sent.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Mailer } from "@quote/core/mail/mailer"

export const LogMailer = Layer.succeed(Mailer, Mailer.of({
  send: (message) =>
    Effect.logInfo("E-mail not sent (log transport)").pipe(
      Effect.annotateLogs({ to: message.to, subject: message.subject })
    )
}))
