import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { checkResolvedAddresses, checkWebhookUrl, classifyAddress } from "../../src/webhooks/webhook-target.ts"

const urlReason = (url: string, allowPrivateTargets = false) => {
  const result = checkWebhookUrl(url, { allowPrivateTargets })
  return Result.isFailure(result) ? result.failure.details?.["reason"] : "OK"
}
const addressesReason = (addresses: ReadonlyArray<string>, allowPrivateTargets = false) => {
  const result = checkResolvedAddresses(addresses, { allowPrivateTargets })
  return Result.isFailure(result) ? result.failure.details?.["reason"] : "OK"
}

/** First and last address of each blocked IPv4 range, with the address just outside. */
const V4_RANGES: ReadonlyArray<readonly [first: string, last: string, outside: ReadonlyArray<string>]> = [
  ["0.0.0.0", "0.255.255.255", ["1.0.0.0"]],
  ["10.0.0.0", "10.255.255.255", ["9.255.255.255", "11.0.0.0"]],
  ["100.64.0.0", "100.127.255.255", ["100.63.255.255", "100.128.0.0"]],
  ["127.0.0.0", "127.255.255.255", ["126.255.255.255", "128.0.0.0"]],
  ["169.254.0.0", "169.254.255.255", ["169.253.255.255", "169.255.0.0"]],
  ["172.16.0.0", "172.31.255.255", ["172.15.255.255", "172.32.0.0"]],
  ["192.168.0.0", "192.168.255.255", ["192.167.255.255", "192.169.0.0"]]
]

const hex = (v4: string) => {
  const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number]
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
}

describe("webhook target URL rules", () => {
  it("accepts public https URLs", () => {
    assert.strictEqual(urlReason("https://hooks.example.com/quote?x=1"), "OK")
    assert.strictEqual(urlReason("https://8.8.8.8/hook"), "OK")
    assert.strictEqual(urlReason("https://[2001:4860:4860::8888]/hook"), "OK")
    assert.strictEqual(urlReason("https://example.com:8443/"), "OK")
  })

  it("requires https; http only with allowPrivateTargets", () => {
    assert.strictEqual(urlReason("http://hooks.example.com/"), "NOT_HTTPS")
    assert.strictEqual(urlReason("ftp://hooks.example.com/"), "NOT_HTTPS")
    assert.strictEqual(urlReason("http://hooks.example.com/", true), "OK")
    assert.strictEqual(urlReason("not a url"), "INVALID_URL")
    assert.strictEqual(urlReason("/relative"), "INVALID_URL")
  })

  it("rejects user or password", () => {
    assert.strictEqual(urlReason("https://user@hooks.example.com/"), "USERINFO")
    assert.strictEqual(urlReason("https://user:pass@hooks.example.com/"), "USERINFO")
    assert.strictEqual(urlReason("https://:pass@hooks.example.com/"), "USERINFO")
  })

  it("rejects localhost, .local and .internal hosts", () => {
    assert.strictEqual(urlReason("https://localhost/"), "LOCALHOST")
    assert.strictEqual(urlReason("https://LOCALHOST./"), "LOCALHOST")
    assert.strictEqual(urlReason("https://api.localhost/"), "LOCALHOST")
    assert.strictEqual(urlReason("https://printer.local/"), "INTERNAL_HOSTNAME")
    assert.strictEqual(urlReason("https://db.corp.internal/"), "INTERNAL_HOSTNAME")
    assert.strictEqual(urlReason("https://db.corp.internal./"), "INTERNAL_HOSTNAME")
    assert.strictEqual(urlReason("https://metadata.google.internal/"), "INTERNAL_HOSTNAME")
    assert.strictEqual(urlReason("https://local.example.com/"), "OK")
    assert.strictEqual(urlReason("https://internal.example.com/"), "OK")
  })

  it("rejects the first and last address of every blocked IPv4 range, accepts the neighbours", () => {
    for (const [first, last, outside] of V4_RANGES) {
      for (const address of [first, last]) {
        assert.notStrictEqual(urlReason(`https://${address}/`), "OK", address)
        assert.notStrictEqual(addressesReason([address]), "OK", address)
      }
      for (const address of outside) {
        assert.strictEqual(urlReason(`https://${address}/`), "OK", address)
        assert.strictEqual(addressesReason([address]), "OK", address)
      }
    }
  })

  it("normalizes odd IPv4 spellings before checking (0x7f.1, 2130706433, 0177.0.0.1)", () => {
    assert.strictEqual(urlReason("https://0x7f.1/"), "LOOPBACK_ADDRESS")
    assert.strictEqual(urlReason("https://2130706433/"), "LOOPBACK_ADDRESS")
    assert.strictEqual(urlReason("https://0177.0.0.1/"), "LOOPBACK_ADDRESS")
    assert.strictEqual(urlReason("https://0xa000001/"), "PRIVATE_ADDRESS")
  })

  it("rejects IPv6 loopback, unspecified, unique-local and link-local (first/last of ranges)", () => {
    for (const address of ["::1", "::", "fc00::", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe80::", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe80::1%eth0"]) {
      assert.notStrictEqual(addressesReason([address]), "OK", address)
      if (!address.includes("%")) assert.notStrictEqual(urlReason(`https://[${address}]/`), "OK", address)
    }
    for (const address of ["fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fec0::1", "2001:db8::1", "2606:4700::1111"]) {
      const expected = address === "fec0::1" ? "PRIVATE_ADDRESS" : "OK"
      assert.strictEqual(addressesReason([address]), expected, address)
    }
  })

  it("rejects IPv4-mapped (dotted and hex) and NAT64 forms of blocked IPv4 ranges", () => {
    for (const [first, last] of V4_RANGES) {
      for (const v4 of [first, last]) {
        for (const v6 of [`::ffff:${v4}`, `::ffff:${hex(v4)}`, `64:ff9b::${v4}`, `64:ff9b::${hex(v4)}`, `0:0:0:0:0:ffff:${v4}`]) {
          assert.notStrictEqual(addressesReason([v6]), "OK", v6)
          assert.notStrictEqual(urlReason(`https://[${v6}]/`), "OK", v6)
        }
      }
    }
    assert.strictEqual(addressesReason(["::ffff:8.8.8.8"]), "OK")
    assert.strictEqual(addressesReason(["64:ff9b::808:808"]), "OK")
    assert.strictEqual(urlReason("https://[::ffff:8.8.8.8]/"), "OK")
    assert.strictEqual(addressesReason(["2002:7f00:1::"]), "LOOPBACK_ADDRESS") // 6to4 of 127.0.0.1
  })

  it("checks every resolved address; an empty resolution or a non-IP is rejected", () => {
    assert.strictEqual(addressesReason(["8.8.8.8", "1.1.1.1"]), "OK")
    assert.strictEqual(addressesReason(["8.8.8.8", "10.0.0.1"]), "PRIVATE_ADDRESS")
    assert.strictEqual(addressesReason([]), "NO_ADDRESSES")
    assert.strictEqual(addressesReason(["example.com"]), "INVALID_ADDRESS")
    assert.strictEqual(addressesReason(["1.2.3"]), "INVALID_ADDRESS")
  })

  it("allowPrivateTargets lets loopback and http through, but not other private ranges", () => {
    assert.strictEqual(urlReason("http://localhost:8080/hook", true), "OK")
    assert.strictEqual(urlReason("http://127.0.0.1:8080/hook", true), "OK")
    assert.strictEqual(urlReason("http://[::1]:8080/hook", true), "OK")
    assert.strictEqual(addressesReason(["127.0.0.1", "::1", "::ffff:127.0.0.1"], true), "OK")
    assert.strictEqual(urlReason("http://10.0.0.1/", true), "PRIVATE_ADDRESS")
    assert.strictEqual(urlReason("https://printer.local/", true), "INTERNAL_HOSTNAME")
    assert.strictEqual(addressesReason(["192.168.1.1"], true), "PRIVATE_ADDRESS")
  })

  it("classifies addresses", () => {
    assert.strictEqual(classifyAddress("127.0.0.1"), "loopback")
    assert.strictEqual(classifyAddress("10.1.2.3"), "private")
    assert.strictEqual(classifyAddress("8.8.8.8"), "public")
    assert.strictEqual(classifyAddress("224.0.0.1"), "private")
    assert.strictEqual(classifyAddress("255.255.255.255"), "private")
    assert.strictEqual(classifyAddress("ff02::1"), "private")
    assert.isUndefined(classifyAddress("1.2.3.256"))
    assert.isUndefined(classifyAddress("1::2::3"))
  })
})
