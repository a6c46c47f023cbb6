/** What an API key's use can run into besides authentication (docs/api-keys.md). */
import * as Schema from "effect/Schema"
import { withDetails } from "../shared/error-fields.ts"

/**
 * The key made its requests of this minute (its `rateLimitPerMinute`, or the deployment's
 * default); the response carries `Retry-After` (seconds) as `details.retryAfterSeconds`,
 * and the `RateLimit-Policy` and `RateLimit` headers as every answer to a key does.
 */
export class RateLimited extends Schema.TaggedError<RateLimited>()(
  "RateLimited",
  withDetails({ limit: Schema.Int, retryAfterSeconds: Schema.Int }),
  { httpApiStatus: 429, description: "The API key made its requests of this minute; retry after `Retry-After` seconds" }
) {
  static readonly code = "RATE_LIMITED"
}
