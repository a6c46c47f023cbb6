/**
 * When a failed e-mail is tried again. It is the webhook retry schedule itself
 * (`RETRY_WAITS_MS`, spec "Webhook delivery"), so an operator reads one policy for both:
 * up to 8 attempts over about two days, after which the row is `failed` (kept, with its
 * last error).
 */
import * as Duration from "effect/Duration"
import * as Option from "effect/Option"
import { MAX_DELIVERY_ATTEMPTS, waitBeforeAttempt } from "../webhooks/webhook-delivery-state.ts"

export const emailMaxAttempts = MAX_DELIVERY_ATTEMPTS

/**
 * After `attempts` failed attempts: the wait before the next one, or `None` when the row
 * is spent. A count below 1 (never stored once a send was tried) waits like the first.
 */
export const nextEmailAttempt = (attempts: number): Option.Option<Duration.Duration> => {
  if (attempts >= emailMaxAttempts) return Option.none()
  const wait = waitBeforeAttempt(Math.max(attempts, 1) + 1)
  return wait === undefined ? Option.none() : Option.some(Duration.millis(wait))
}
