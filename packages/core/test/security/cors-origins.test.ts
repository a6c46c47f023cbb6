/** CORS origin matching: exact origins, or a host with any port. */
import { assert, describe, it } from "@effect/vitest"
import { corsEntryProblem, defaultCorsOrigins, isAllowedOrigin, parseCorsOrigins } from "../../src/security/cors-origins.ts"

describe("isAllowedOrigin", () => {
  const allowed = parseCorsOrigins(" https://panel.example.com/ , http://localhost:* ,")

  it("matches exact origins regardless of case", () => {
    assert.deepStrictEqual(allowed, ["https://panel.example.com", "http://localhost:*"])
    assert.isTrue(isAllowedOrigin(allowed, "https://panel.example.com"))
    assert.isTrue(isAllowedOrigin(allowed, "HTTPS://Panel.Example.com"))
  })

  it("refuses look-alikes, other schemes, ports and the null origin", () => {
    for (const origin of [
      "https://panel.example.com.evil.com",
      "http://panel.example.com",
      "https://panel.example.com:8443",
      "https://evil.com",
      "null",
      "",
      undefined,
      "http://localhost",
      "http://localhost:3000.evil.com",
      "http://localhost.evil.com:3000",
      "https://localhost:3000"
    ]) {
      assert.isFalse(isAllowedOrigin(allowed, origin), String(origin))
    }
  })

  it("a :* entry allows every port of that host and scheme", () => {
    assert.isTrue(isAllowedOrigin(allowed, "http://localhost:5173"))
    assert.isTrue(isAllowedOrigin(allowed, "http://localhost:3000"))
  })

  it("the default is none, except localhost in development", () => {
    assert.deepStrictEqual(defaultCorsOrigins("production"), [])
    assert.deepStrictEqual(defaultCorsOrigins("test"), [])
    assert.isTrue(isAllowedOrigin(defaultCorsOrigins("development"), "http://localhost:8080"))
  })

  it("only origins are valid entries", () => {
    assert.isNull(corsEntryProblem("https://panel.example.com"))
    assert.isNull(corsEntryProblem("http://localhost:*"))
    assert.isNotNull(corsEntryProblem("*"))
    assert.isNotNull(corsEntryProblem("https://*.example.com"))
    assert.isNotNull(corsEntryProblem("panel.example.com"))
  })
})
