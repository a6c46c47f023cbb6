/**
 * Where a webhook may be sent (spec "Target URL rules"): core's URL rules, then every
 * address the host resolves to. The transport connects to the address checked here (not
 * to a second lookup), so a name cannot be re-pointed at an internal address between
 * the check and the connection (DNS rebinding).
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { isIP } from "node:net"
import type { InvalidWebhookTarget } from "@quote/core/webhooks/errors"
import { checkResolvedAddresses, checkWebhookUrl } from "@quote/core/webhooks/webhook-target"
import { type HostNotResolved, HostResolver, type ResolvedAddress } from "./host-resolver.ts"

export interface CheckedDestination {
  readonly url: URL
  /** The host name as written (SNI and Host header), without IPv6 brackets. */
  readonly hostname: string
  /** The checked address to connect to. */
  readonly address: ResolvedAddress
}

const bareHostname = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1")

/** Checks `url` and resolves its host; fails on a rule break or an unresolvable name. */
export const checkDestination = Effect.fnUntraced(function*(
  url: string,
  allowPrivateTargets: boolean
): Effect.fn.Return<CheckedDestination, InvalidWebhookTarget | HostNotResolved, HostResolver> {
  const options = { allowPrivateTargets }
  const parsed = checkWebhookUrl(url, options)
  if (Result.isFailure(parsed)) return yield* parsed.failure
  const hostname = bareHostname(parsed.success)
  const family = isIP(hostname)
  // An IP literal was checked by checkWebhookUrl itself.
  if (family !== 0) return { url: parsed.success, hostname, address: { address: hostname, family: family === 6 ? 6 : 4 } }
  const resolver = yield* HostResolver
  const addresses = yield* resolver.resolve(hostname)
  const verdict = checkResolvedAddresses(addresses.map((entry) => entry.address), options)
  if (Result.isFailure(verdict)) return yield* verdict.failure
  return { url: parsed.success, hostname, address: addresses[0]! }
})

/**
 * The registration check: the same rules, but a name that does not resolve (yet) is
 * accepted, since it reaches nothing; every delivery resolves and checks again.
 */
export const checkRegistrationUrl = (url: string, allowPrivateTargets: boolean) =>
  checkDestination(url, allowPrivateTargets).pipe(
    Effect.asVoid,
    Effect.catchTag("HostNotResolved", () => Effect.void)
  )
