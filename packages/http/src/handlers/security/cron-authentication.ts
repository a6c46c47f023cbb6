import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { timingSafeEqual } from "node:crypto"
import { AppConfig } from "@quote/core/shared/app-config"
import { CronNotConfigured, CronUnauthorized } from "@quote/core/auth/errors"
import { CronAuthentication } from "@quote/api/security"

/** Constant-time comparison, so the secret cannot be guessed byte by byte from timings. */
const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export const CronAuthenticationLive = Layer.effect(
  CronAuthentication,
  Effect.gen(function*() {
    const { cronSecret } = yield* AppConfig
    return CronAuthentication.of({
      cronSecret: (httpEffect, { credential }) => {
        if (Option.isNone(cronSecret)) {
          return Effect.fail(new CronNotConfigured({ message: "CRON_SECRET is not configured; scheduled endpoints are disabled" }))
        }
        return sameSecret(Redacted.value(credential), Redacted.value(cronSecret.value))
          ? httpEffect
          : Effect.fail(new CronUnauthorized({ message: "Wrong or missing cron secret" }))
      }
    })
  })
)
