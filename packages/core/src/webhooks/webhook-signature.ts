/**
 * Webhook signatures (spec "Events → Signature"), for the sender and for receivers.
 *
 * Header `X-Service-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]` where each `v1` is
 * the lowercase hex HMAC-SHA256 of the bytes `<t>.<raw body>` keyed with one signing
 * secret (`whsec_…`). During a secret rotation the header carries two `v1`, the new
 * secret's first; one match suffices.
 *
 * Sender: `signPayload(rawBody, secrets, now)` (now as epoch ms, `Date` or `DateTime`) or
 * `sign(rawBody, secrets, t)` (t in Unix seconds).
 *
 * Receiver (e.g. the chatbot):
 *
 * ```ts
 * import { verifySignature } from "@quote/core/webhooks/webhook-signature"
 *
 * // rawBody: the request body exactly as received (string or bytes), before JSON.parse
 * const result = verifySignature(rawBody, req.headers["x-service-signature"], [secret], Date.now())
 * if (result._tag === "Failure") return reply(401)   // result.failure.details.reason says why
 * // then deduplicate by the event id (X-Service-Event-Id)
 * ```
 *
 * Checks, in order: header well formed (exactly one `t`, at least one `v1`) →
 * |now − t| ≤ 300 s (both directions; 300 s passes, 301 s fails) → some `v1` equals the
 * HMAC of some secret, compared with `crypto.timingSafeEqual`.
 *
 * Depends only on `node:crypto` and `effect` (for `Result` and the error class).
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import * as Result from "effect/Result"
import { InvalidSignature } from "./errors.ts"
import { type Instant, toEpochMillis } from "../shared/instant.ts"

export const SIGNATURE_HEADER = "X-Service-Signature"
/** Maximum |now − t| accepted by `verifySignature`, in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

export type RawBody = string | Uint8Array

const toBytes = (body: RawBody): Uint8Array => (typeof body === "string" ? Buffer.from(body, "utf8") : body)

/** Lowercase hex HMAC-SHA256 of `<t>.<raw body>`. */
export const computeSignature = (rawBody: RawBody, secret: string, timestamp: number): string =>
  createHmac("sha256", secret).update(`${timestamp}.`, "utf8").update(toBytes(rawBody)).digest("hex")

/** Unix seconds of an instant (epoch ms, `Date` or `DateTime`). */
const unixSeconds = (at: Instant): number => Math.floor(toEpochMillis(at) / 1000)

/**
 * The header value for a body. `secrets` newest first (one during normal operation, two
 * during a rotation grace period). `at` is the send time; the header carries its Unix
 * seconds.
 */
export const signPayload = (rawBody: RawBody, secrets: string | ReadonlyArray<string>, at: Instant): string => {
  const list = typeof secrets === "string" ? [secrets] : secrets
  if (list.length === 0) throw new Error("signPayload needs at least one secret")
  const t = unixSeconds(at)
  return [`t=${t}`, ...list.map((secret) => `v1=${computeSignature(rawBody, secret, t)}`)].join(",")
}

/** Same as `signPayload` with `t` given directly in Unix seconds. */
export const signPayloadAt = (rawBody: RawBody, secrets: string | ReadonlyArray<string>, unixTime: number): string =>
  signPayload(rawBody, secrets, unixTime * 1000)

/** `sign(rawBody, secrets, t)`: header for Unix time `t` (seconds). Alias of `signPayloadAt`. */
export const sign = signPayloadAt

export interface ParsedSignature {
  readonly timestamp: number
  readonly signatures: ReadonlyArray<string>
}

export type SignatureFailureReason = "MALFORMED_HEADER" | "TIMESTAMP_OUT_OF_TOLERANCE" | "NO_MATCHING_SIGNATURE"

const fail = (reason: SignatureFailureReason, message: string) =>
  Result.fail(new InvalidSignature({ message, details: { reason } }))

/** Splits the header into `t` and the `v1` values (other schemes are ignored). */
export const parseSignatureHeader = (header: string | null | undefined): Result.Result<ParsedSignature, InvalidSignature> => {
  if (header === null || header === undefined || header.trim() === "") {
    return fail("MALFORMED_HEADER", "Missing signature header")
  }
  let timestamp: number | undefined = undefined
  const signatures: Array<string> = []
  for (const element of header.split(",")) {
    const separator = element.indexOf("=")
    if (separator < 0) return fail("MALFORMED_HEADER", "Malformed signature header")
    const key = element.slice(0, separator).trim()
    const value = element.slice(separator + 1).trim()
    if (key === "t") {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) {
        return fail("MALFORMED_HEADER", "Signature header needs exactly one numeric t")
      }
      timestamp = Number(value)
    } else if (key === "v1") {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return fail("MALFORMED_HEADER", "v1 must be 64 hex characters")
      signatures.push(value.toLowerCase())
    }
  }
  if (timestamp === undefined || signatures.length === 0) {
    return fail("MALFORMED_HEADER", "Signature header needs t and at least one v1")
  }
  return Result.succeed({ timestamp, signatures })
}

export interface VerifiedSignature {
  readonly timestamp: number
  /** Index in `secrets` of the secret that matched. */
  readonly secretIndex: number
}

export interface VerifyOptions {
  /** Seconds; default 300 (spec). */
  readonly toleranceSeconds?: number | undefined
}

/**
 * Verifies a delivery. `secrets`: every secret currently accepted by the receiver (two
 * while it rotates); `now`: the receiver's clock.
 */
export const verifySignature = (
  rawBody: RawBody,
  header: string | null | undefined,
  secrets: string | ReadonlyArray<string>,
  now: Instant,
  options?: VerifyOptions
): Result.Result<VerifiedSignature, InvalidSignature> => {
  const parsed = parseSignatureHeader(header)
  if (Result.isFailure(parsed)) return Result.fail(parsed.failure)
  const { signatures, timestamp } = parsed.success
  const toleranceMs = (options?.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS) * 1000
  if (Math.abs(toEpochMillis(now) - timestamp * 1000) > toleranceMs) {
    return fail("TIMESTAMP_OUT_OF_TOLERANCE", "Signature timestamp is too far from the current time")
  }
  const list = typeof secrets === "string" ? [secrets] : secrets
  const received = signatures.map((hex) => Buffer.from(hex, "hex"))
  for (let index = 0; index < list.length; index++) {
    const expected = Buffer.from(computeSignature(rawBody, list[index]!, timestamp), "hex")
    for (const candidate of received) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) {
        return Result.succeed({ timestamp, secretIndex: index })
      }
    }
  }
  return fail("NO_MATCHING_SIGNATURE", "No signature matches")
}

/** `verify(rawBody, header, secrets, now)`: alias of `verifySignature` (now as epoch ms, `Date` or `DateTime`). */
export const verify = verifySignature
