/**
 * Key material: API keys and webhook signing secrets.
 *
 * - API key: `svc_` + 32 characters from [A-Za-z0-9] (≈ 190 bits); `keyPrefix` = its
 *   first 12 characters (`svc_` + 8), stored in clear to find the key; only a bcrypt
 *   hash of the whole key is stored.
 * - Webhook secret: `whsec_` + base64 of 30 random bytes (240 bits; 40 characters, no
 *   padding), so Standard Webhooks libraries (`standardwebhooks`, `svix`) take it as it is
 *   (they HMAC with the decoded bytes; the spec's `X-Service-Signature` keys with the whole
 *   string). Secrets made before were `whsec_` + 40 characters from [A-Za-z0-9]: also
 *   canonical base64 of 30 bytes, so they keep working for both signatures.
 *
 * Randomness comes from `node:crypto.randomBytes` (a CSPRNG). Characters are drawn by
 * rejection sampling: a byte is used only if it is below 248 (= 4 × 62), then taken
 * modulo 62, so every character is exactly equally likely (no modulo bias).
 */
import { randomBytes } from "node:crypto"

export const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
export const API_KEY_PREFIX = "svc_"
export const API_KEY_RANDOM_LENGTH = 32
export const KEY_PREFIX_LENGTH = 12
export const WEBHOOK_SECRET_PREFIX = "whsec_"
/** Random bytes of a webhook secret: base64 of 30 bytes is 40 characters without padding. */
export const WEBHOOK_SECRET_RANDOM_BYTES = 30

/** Source of random bytes; injectable so tests can exercise the rejection path. */
export type RandomBytes = (size: number) => Uint8Array

const LIMIT = 256 - (256 % ALPHANUMERIC.length) // 248

/** `length` characters drawn uniformly from [A-Za-z0-9]. */
export const randomAlphanumeric = (length: number, random: RandomBytes = randomBytes): string => {
  let out = ""
  while (out.length < length) {
    // Ask for a little more than needed: about 3% of bytes are rejected.
    const bytes = random(Math.max(16, Math.ceil((length - out.length) * 1.1)))
    for (let i = 0; i < bytes.length && out.length < length; i++) {
      const byte = bytes[i]!
      if (byte < LIMIT) out += ALPHANUMERIC[byte % ALPHANUMERIC.length]
    }
  }
  return out
}

/** A new API key: `svc_` + 32 random alphanumerics. */
export const generateApiKey = (random: RandomBytes = randomBytes): string =>
  API_KEY_PREFIX + randomAlphanumeric(API_KEY_RANDOM_LENGTH, random)

/** `keyPrefix` of an API key: its first 12 characters. */
export const apiKeyPrefix = (apiKey: string): string => apiKey.slice(0, KEY_PREFIX_LENGTH)

/** Whether a string has the API key format (cheap check before any bcrypt work). */
export const looksLikeApiKey = (value: string): boolean => /^svc_[A-Za-z0-9]{32}$/.test(value)

/** A new webhook signing secret: `whsec_` + base64 of 30 random bytes. */
export const generateWebhookSecret = (random: RandomBytes = randomBytes): string =>
  WEBHOOK_SECRET_PREFIX + Buffer.from(random(WEBHOOK_SECRET_RANDOM_BYTES)).toString("base64")
