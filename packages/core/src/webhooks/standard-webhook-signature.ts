/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com, the scheme of Svix),
 * sent beside the spec's `X-Service-Signature` so that the `standardwebhooks` and `svix`
 * packages verify deliveries as they are:
 *
 * - `webhook-id`: the event id (the same on every retry: the receivers' idempotency key);
 * - `webhook-timestamp`: Unix seconds, the same `t` as `X-Service-Signature`;
 * - `webhook-signature`: space-separated `v1,<base64 HMAC-SHA256>` of
 *   `{webhook-id}.{webhook-timestamp}.{raw body}`, one per valid secret (new first).
 *
 * The HMAC key is the base64 decoding of the secret after `whsec_` (the spec's signature
 * keys with the whole secret string instead). Every secret this service generated decodes:
 * new ones are base64 of 30 random bytes, and the old format (40 characters from
 * [A-Za-z0-9]) is itself canonical base64 of 30 bytes. A secret that is not (only a
 * manual database edit makes one) gets no `v1` here; `X-Service-Signature` still signs.
 */
import { createHmac } from "node:crypto"
import { WEBHOOK_SECRET_PREFIX } from "../shared/secrets.ts"

export const STANDARD_ID_HEADER = "webhook-id"
export const STANDARD_TIMESTAMP_HEADER = "webhook-timestamp"
export const STANDARD_SIGNATURE_HEADER = "webhook-signature"

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The HMAC key of a secret: the bytes its base64 part encodes; `undefined` when it is not canonical base64. */
export const standardSigningKey = (secret: string): Uint8Array | undefined => {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return undefined
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length)
  if (encoded.length === 0 || !CANONICAL_BASE64.test(encoded)) return undefined
  const key = Buffer.from(encoded, "base64")
  // Canonical means the bytes encode back to the same text (no stray trailing bits).
  return key.toString("base64") === encoded ? key : undefined
}

/** `v1,<base64>` for one key. */
const signWith = (key: Uint8Array, content: string, body: string | Uint8Array): string =>
  `v1,${createHmac("sha256", key).update(content, "utf8").update(body).digest("base64")}`

export interface StandardWebhookHeaders {
  readonly "webhook-id": string
  readonly "webhook-timestamp": string
  /** Absent when no secret has a usable key. */
  readonly "webhook-signature"?: string
}

/** The three headers of a delivery; `secrets` newest first, `timestamp` in Unix seconds. */
export const standardWebhookHeaders = (
  eventId: string,
  timestamp: number,
  body: string | Uint8Array,
  secrets: ReadonlyArray<string>
): StandardWebhookHeaders => {
  const content = `${eventId}.${timestamp}.`
  const signatures = secrets.flatMap((secret) => {
    const key = standardSigningKey(secret)
    return key === undefined ? [] : [signWith(key, content, body)]
  })
  const base = { "webhook-id": eventId, "webhook-timestamp": String(timestamp) }
  return signatures.length === 0 ? base : { ...base, "webhook-signature": signatures.join(" ") }
}
