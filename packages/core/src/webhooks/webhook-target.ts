/**
 * Webhook target-URL rules (spec "Events → Delivery contract → Target URL rules").
 * Checked at registration (`checkWebhookUrl`) and, after DNS resolution, at every
 * delivery (`checkResolvedAddresses`, by the transport adapter).
 *
 * A URL is accepted when:
 * - it parses as an absolute URL with scheme `https:`;
 * - it has no user or password;
 * - its host is not `localhost` / `*.localhost`, and does not end in `.local` or
 *   `.internal` (a trailing dot is ignored);
 * - if the host is an IP literal, the address is public (below).
 *
 * Blocked addresses (IPv4, and the same inside IPv6 forms that embed an IPv4 address:
 * IPv4-mapped `::ffff:a.b.c.d` in dotted or hex form, IPv4-compatible `::a.b.c.d`, NAT64
 * `64:ff9b::/96` and 6to4 `2002::/16`):
 *
 * | Range            | Kind                    |
 * |------------------|-------------------------|
 * | 0.0.0.0/8        | "this network"          |
 * | 10.0.0.0/8       | private                 |
 * | 100.64.0.0/10    | carrier-grade NAT       |
 * | 127.0.0.0/8      | loopback                |
 * | 169.254.0.0/16   | link-local              |
 * | 172.16.0.0/12    | private                 |
 * | 192.168.0.0/16   | private                 |
 * | 224.0.0.0/4, 240.0.0.0/4 | multicast, reserved, broadcast (cannot serve HTTPS) |
 * | ::, ::1          | unspecified, loopback   |
 * | fc00::/7         | unique local            |
 * | fe80::/10, fec0::/10 | link-local, old site-local |
 * | ff00::/8         | multicast               |
 *
 * IPv4 literals in any form the WHATWG URL parser accepts (`0x7f.1`, `2130706433`, …)
 * are normalized by `new URL` before the check.
 *
 * `allowPrivateTargets` (local testing only; the caller guarantees it is never on in
 * production) lets loopback destinations (`localhost`, 127/8, ::1 and their embedded
 * forms) and `http:` through. Other private ranges stay blocked.
 */
import * as Result from "effect/Result"
import { InvalidWebhookTarget } from "./errors.ts"

export interface TargetOptions {
  readonly allowPrivateTargets?: boolean | undefined
}

export type TargetRejectionReason =
  | "INVALID_URL"
  | "NOT_HTTPS"
  | "USERINFO"
  | "LOCALHOST"
  | "INTERNAL_HOSTNAME"
  | "PRIVATE_ADDRESS"
  | "LOOPBACK_ADDRESS"
  | "INVALID_ADDRESS"
  | "NO_ADDRESSES"

const reject = (reason: TargetRejectionReason, message: string) =>
  Result.fail(new InvalidWebhookTarget({ message, details: { reason } }))

/** Classification of an IP address. */
export type AddressClass = "public" | "loopback" | "private"

type Range = readonly [base: number, prefix: number, kind: Exclude<AddressClass, "public">]

const ipv4 = (a: number, b: number, c: number, d: number): number => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d

const BLOCKED_V4: ReadonlyArray<Range> = [
  [ipv4(0, 0, 0, 0), 8, "private"],
  [ipv4(10, 0, 0, 0), 8, "private"],
  [ipv4(100, 64, 0, 0), 10, "private"],
  [ipv4(127, 0, 0, 0), 8, "loopback"],
  [ipv4(169, 254, 0, 0), 16, "private"],
  [ipv4(172, 16, 0, 0), 12, "private"],
  [ipv4(192, 168, 0, 0), 16, "private"],
  [ipv4(224, 0, 0, 0), 4, "private"],
  [ipv4(240, 0, 0, 0), 4, "private"]
]

const inRange = (address: number, base: number, prefix: number): boolean => {
  const mask = prefix === 0 ? 0 : (0xffff_ffff << (32 - prefix)) >>> 0
  return ((address & mask) >>> 0) === ((base & mask) >>> 0)
}

/** Class of an IPv4 address given as a 32-bit unsigned integer. */
export const classifyIpv4 = (address: number): AddressClass => {
  for (const [base, prefix, kind] of BLOCKED_V4) if (inRange(address, base, prefix)) return kind
  return "public"
}

/** Strict dotted-quad parse (no leading zeros, each part 0–255). */
export const parseIpv4 = (text: string): number | undefined => {
  const parts = text.split(".")
  if (parts.length !== 4) return undefined
  let value = 0
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined
    const n = Number(part)
    if (n > 255) return undefined
    value = value * 256 + n
  }
  return value
}

/** Parses an IPv6 address (optionally bracketed, `%zone` ignored) into 8 16-bit groups. */
export const parseIpv6 = (text: string): ReadonlyArray<number> | undefined => {
  let body = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text
  const zone = body.indexOf("%")
  if (zone >= 0) body = body.slice(0, zone)
  if (body.length === 0 || !/^[0-9a-fA-F:.]+$/.test(body)) return undefined
  const halves = body.split("::")
  if (halves.length > 2) return undefined
  const parseGroups = (part: string): Array<number> | undefined => {
    if (part === "") return []
    const groups: Array<number> = []
    const pieces = part.split(":")
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIpv4(piece)
        if (v4 === undefined) return undefined
        groups.push(v4 >>> 16, v4 & 0xffff)
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return undefined
        groups.push(parseInt(piece, 16))
      }
    }
    return groups
  }
  const head = parseGroups(halves[0]!)
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : []
  if (head === undefined || tail === undefined) return undefined
  if (halves.length === 1) return head.length === 8 ? head : undefined
  const missing = 8 - head.length - tail.length
  if (missing < 1) return undefined
  return [...head, ...new Array<number>(missing).fill(0), ...tail]
}

/** Class of an IPv6 address (8 groups), including IPv4 addresses embedded in it. */
export const classifyIpv6 = (g: ReadonlyArray<number>): AddressClass => {
  const embedded = (hi: number, lo: number): AddressClass => classifyIpv4(((hi << 16) >>> 0) + lo)
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  if (zeros(0, 8)) return "private" // ::
  if (zeros(0, 7) && g[7] === 1) return "loopback" // ::1
  if (zeros(0, 5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!) // ::ffff:a.b.c.d
  if (zeros(0, 6)) return "private" // ::a.b.c.d (deprecated IPv4-compatible): never a legitimate target
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded(g[6]!, g[7]!) // NAT64
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!) // 6to4
  const first = g[0]!
  if ((first & 0xfe00) === 0xfc00) return "private" // fc00::/7
  if ((first & 0xffc0) === 0xfe80) return "private" // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return "private" // fec0::/10
  if ((first & 0xff00) === 0xff00) return "private" // ff00::/8
  return "public"
}

/** Class of an IP address string (IPv4 dotted quad or IPv6), `undefined` if not an IP. */
export const classifyAddress = (address: string): AddressClass | undefined => {
  const v4 = parseIpv4(address)
  if (v4 !== undefined) return classifyIpv4(v4)
  const v6 = parseIpv6(address)
  return v6 === undefined ? undefined : classifyIpv6(v6)
}

const addressVerdict = (
  address: string,
  cls: AddressClass,
  options: TargetOptions | undefined
): Result.Result<void, InvalidWebhookTarget> => {
  if (cls === "public") return Result.succeed(undefined)
  if (cls === "loopback") {
    return options?.allowPrivateTargets === true
      ? Result.succeed(undefined)
      : reject("LOOPBACK_ADDRESS", `Webhook targets cannot be loopback addresses (${address})`)
  }
  return reject("PRIVATE_ADDRESS", `Webhook targets cannot be private or internal addresses (${address})`)
}

/**
 * Checks a webhook URL. Succeeds with the parsed URL. For a host name (not an IP
 * literal) the caller must still resolve it and call `checkResolvedAddresses`.
 */
export const checkWebhookUrl = (url: string, options?: TargetOptions): Result.Result<URL, InvalidWebhookTarget> => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return reject("INVALID_URL", "The webhook URL is not a valid absolute URL")
  }
  const allowPrivate = options?.allowPrivateTargets === true
  if (parsed.protocol !== "https:" && !(allowPrivate && parsed.protocol === "http:")) {
    return reject("NOT_HTTPS", "The webhook URL must use https")
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return reject("USERINFO", "The webhook URL cannot contain a user or password")
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "")
  if (host === "") return reject("INVALID_URL", "The webhook URL has no host")
  if (host.startsWith("[")) {
    const groups = parseIpv6(host)
    if (groups === undefined) return reject("INVALID_URL", "The webhook URL has an invalid IPv6 host")
    const verdict = addressVerdict(host, classifyIpv6(groups), options)
    return Result.isFailure(verdict) ? Result.fail(verdict.failure) : Result.succeed(parsed)
  }
  const v4 = parseIpv4(host)
  if (v4 !== undefined) {
    const verdict = addressVerdict(host, classifyIpv4(v4), options)
    return Result.isFailure(verdict) ? Result.fail(verdict.failure) : Result.succeed(parsed)
  }
  if (host === "localhost" || host.endsWith(".localhost")) {
    return allowPrivate ? Result.succeed(parsed) : reject("LOCALHOST", "Webhook targets cannot be localhost")
  }
  if (host.endsWith(".local") || host.endsWith(".internal") || host === "local" || host === "internal") {
    return reject("INTERNAL_HOSTNAME", "Webhook targets cannot be .local or .internal hosts")
  }
  return Result.succeed(parsed)
}

/**
 * Checks the addresses a target's host resolved to (all of them must pass: a name
 * resolving to any blocked address is rejected). An empty list is rejected.
 */
export const checkResolvedAddresses = (
  addresses: ReadonlyArray<string>,
  options?: TargetOptions
): Result.Result<void, InvalidWebhookTarget> => {
  if (addresses.length === 0) return reject("NO_ADDRESSES", "The webhook host did not resolve to any address")
  for (const address of addresses) {
    const cls = classifyAddress(address)
    if (cls === undefined) return reject("INVALID_ADDRESS", `Not an IP address: ${address}`)
    const verdict = addressVerdict(address, cls, options)
    if (Result.isFailure(verdict)) return verdict
  }
  return Result.succeed(undefined)
}
