/** X-Forwarded-For is believed only as far as TRUST_PROXY says. */
import { assert, describe, it } from "@effect/vitest"
import { clientAddress } from "../../src/security/client-address.ts"

describe("clientAddress", () => {
  it("without trusted proxies the socket address is the client, whatever the header says", () => {
    assert.strictEqual(clientAddress({ socketAddress: "10.0.0.5", forwardedFor: "1.2.3.4", trustedProxies: 0 }), "10.0.0.5")
  })

  it("with N trusted proxies, the N-th address from the right of header + socket", () => {
    // client 1.2.3.4 -> proxy 10.0.0.9 (appends 1.2.3.4) -> service sees socket 10.0.0.9
    assert.strictEqual(clientAddress({ socketAddress: "10.0.0.9", forwardedFor: "1.2.3.4", trustedProxies: 1 }), "1.2.3.4")
    // A forged leftmost entry is not believed: only the hop our proxy appended is.
    assert.strictEqual(
      clientAddress({ socketAddress: "10.0.0.9", forwardedFor: "6.6.6.6, 1.2.3.4", trustedProxies: 1 }),
      "1.2.3.4"
    )
    assert.strictEqual(
      clientAddress({ socketAddress: "10.0.0.9", forwardedFor: "6.6.6.6, 1.2.3.4, 10.0.0.8", trustedProxies: 2 }),
      "1.2.3.4"
    )
  })

  it("more trusted hops than the chain holds gives the leftmost; no header gives the socket", () => {
    assert.strictEqual(clientAddress({ socketAddress: "10.0.0.9", forwardedFor: "1.2.3.4", trustedProxies: 5 }), "1.2.3.4")
    assert.strictEqual(clientAddress({ socketAddress: "10.0.0.9", forwardedFor: undefined, trustedProxies: 1 }), "10.0.0.9")
  })

  it("IPv4-mapped IPv6 is the IPv4 address", () => {
    assert.strictEqual(clientAddress({ socketAddress: "::ffff:127.0.0.1", forwardedFor: undefined, trustedProxies: 0 }), "127.0.0.1")
    assert.strictEqual(clientAddress({ socketAddress: "::1", forwardedFor: undefined, trustedProxies: 0 }), "::1")
  })
})
