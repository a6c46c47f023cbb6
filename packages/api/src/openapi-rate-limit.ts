/**
 * The rate-limit headers in the OpenAPI document (docs/api-keys.md, "Rate limits"): every
 * answer to an operation an API key may call carries `RateLimit-Policy` and `RateLimit`
 * (draft-ietf-httpapi-ratelimit-headers), and its 429 `RATE_LIMITED` also `Retry-After`.
 * Declared once here; the finishing step (`openapi-finish.ts`) writes them into each response
 * of those operations (inline: the breaking-change gate's parser resolves no header references).
 */
import type { Header, Response } from "./openapi-json.ts"

const rateLimitPolicy: Header = {
  description:
    "The key's quota: `\"api-key\";q=<requests>;w=60` — `q` requests per 60-second window, shared by every instance of the service (draft-ietf-httpapi-ratelimit-headers). Sent on every answer to an API key.",
  schema: { type: "string", example: "\"api-key\";q=600;w=60" }
}

const rateLimit: Header = {
  description:
    "What is left: `\"api-key\";r=<remaining>;t=<seconds>` — `r` requests left in the current window, which ends in `t` seconds. Sent on every answer to an API key.",
  schema: { type: "string", example: "\"api-key\";r=598;t=37" }
}

const retryAfter: Header = {
  description: "Seconds until the window ends and the key may call again (as `details.retryAfterSeconds`)",
  schema: { type: "integer", minimum: 1 }
}

/**
 * Adds the headers to the responses of an operation an API key may call: every one (the
 * `default` 500 included, which an answer to a key also carries), and `Retry-After` on 429.
 */
export const addRateLimitHeaders = (responses: Record<string, Response>): void => {
  for (const [status, response] of Object.entries(responses)) {
    response.headers = {
      ...response.headers,
      "RateLimit-Policy": rateLimitPolicy,
      RateLimit: rateLimit,
      ...(status === "429" ? { "Retry-After": retryAfter } : {})
    }
  }
}
