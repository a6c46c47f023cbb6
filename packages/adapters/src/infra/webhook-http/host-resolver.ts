/**
 * Name resolution of webhook hosts, as a port: the transport checks every address a name
 * resolves to before connecting (spec: "names resolving to them" are rejected), and tests
 * swap in a fixed table to exercise names that resolve to blocked addresses.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { promises as dns } from "node:dns"
import { isIP } from "node:net"

export interface ResolvedAddress {
  readonly address: string
  readonly family: 4 | 6
}

/** The name did not resolve (unknown host, no network, DNS time-out). */
export class HostNotResolved extends Schema.TaggedError<HostNotResolved>()("HostNotResolved", {
  hostname: Schema.String,
  message: Schema.String
}) {}

/** DNS gets a bounded share of a delivery's 8 s. */
const LOOKUP_TIMEOUT_MS = 5_000

const familyOf = (address: string): 4 | 6 => (isIP(address) === 6 ? 6 : 4)

const systemLookup = (hostname: string) =>
  Effect.tryPromise({
    // Real time, not Clock: a DNS time-out is about the network, not about the schedule.
    try: (signal) =>
      new Promise<ReadonlyArray<ResolvedAddress>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`DNS lookup timed out after ${LOOKUP_TIMEOUT_MS} ms`)), LOOKUP_TIMEOUT_MS)
        signal.addEventListener("abort", () => clearTimeout(timer))
        dns.lookup(hostname, { all: true, verbatim: true }).then(
          (answers) => {
            clearTimeout(timer)
            resolve(answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 })))
          },
          (error: unknown) => {
            clearTimeout(timer)
            reject(error)
          }
        )
      }),
    catch: (error) =>
      new HostNotResolved({
        hostname,
        message: `Could not resolve ${hostname}: ${error instanceof Error ? error.message : String(error)}`
      })
  })

export class HostResolver extends Context.Service<HostResolver, {
  /** Every address of `hostname` (the system resolver, as a connection would use it). */
  readonly resolve: (hostname: string) => Effect.Effect<ReadonlyArray<ResolvedAddress>, HostNotResolved>
}>()("@quote/adapters/webhooks/HostResolver") {
  /** The operating system's resolver (`getaddrinfo`, honours /etc/hosts). */
  static readonly layer = Layer.succeed(HostResolver, HostResolver.of({ resolve: systemLookup }))

  /**
   * A fixed table (tests): names in it resolve to their addresses, names not in it
   * fall back to the system resolver, so loopback test receivers keep working.
   */
  static readonly layerStatic = (table: Readonly<Record<string, ReadonlyArray<string>>>) =>
    Layer.succeed(
      HostResolver,
      HostResolver.of({
        resolve: (hostname) => {
          const addresses = table[hostname.toLowerCase()]
          return addresses === undefined
            ? systemLookup(hostname)
            : Effect.succeed(addresses.map((address) => ({ address, family: familyOf(address) })))
        }
      })
    )
}
