/**
 * Which address a request comes from. `X-Forwarded-For` is written by whoever sends the
 * request, so it is believed only as far as the operator says proxies append to it
 * (`TRUST_PROXY` = how many proxies stand in front of the service): with N trusted
 * proxies the client is the N-th address from the right of "forwarded list + socket
 * address". With 0 (the default) the header is ignored.
 */

export interface AddressSources {
  /** The TCP peer, when known. */
  readonly socketAddress: string | undefined
  /** The raw `X-Forwarded-For` header(s), comma-separated. */
  readonly forwardedFor: string | undefined
  readonly trustedProxies: number
}

/** `::ffff:10.0.0.1` is 10.0.0.1: one client, one counter. */
const normalize = (address: string): string => {
  const trimmed = address.trim()
  return trimmed.toLowerCase().startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed
}

export const clientAddress = (sources: AddressSources): string | undefined => {
  const socket = sources.socketAddress === undefined ? [] : [normalize(sources.socketAddress)]
  if (sources.trustedProxies <= 0 || sources.forwardedFor === undefined) return socket[0]
  const forwarded = sources.forwardedFor.split(",").map(normalize).filter((hop) => hop !== "")
  const chain = [...forwarded, ...socket]
  if (chain.length === 0) return undefined
  // More trusted hops than the chain has: the leftmost is the best we know.
  return chain[Math.max(0, chain.length - 1 - sources.trustedProxies)]
}
