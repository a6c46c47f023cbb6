/**
 * Which transport this process uses (CONTRACT.md: e-mails are "sent only in production
 * and only when the admin address is set"): SMTP when `APP_ENV=production` and
 * `ADMIN_NOTIFICATION_EMAIL` is set, which then requires `SMTP_URL` (the start stops
 * with one line naming it); the log transport everywhere else.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { AppConfig } from "@quote/core/shared/app-config"
import { ConfigurationError } from "../config/app-config.ts"
import { LogMailer } from "./log-mailer.ts"

export const MailerFromConfig = Layer.unwrap(Effect.gen(function*() {
  const settings = yield* AppConfig
  if (settings.environment !== "production" || Option.isNone(settings.adminNotificationEmail)) return LogMailer
  if (Option.isNone(settings.smtpUrl)) {
    return yield* new ConfigurationError({
      message: "SMTP_URL is required when APP_ENV=production and ADMIN_NOTIFICATION_EMAIL is set; refusing to start without it"
    })
  }
  // Loaded only here: nodemailer is 40 modules a process without SMTP never needs.
  const { SmtpMailer } = yield* Effect.promise(() => import("./smtp-mailer.ts"))
  return SmtpMailer({ url: settings.smtpUrl.value, from: settings.mailFrom })
}))
