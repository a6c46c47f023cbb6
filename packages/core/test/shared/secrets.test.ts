import { assert, describe, it } from "@effect/vitest"
import {
  ALPHANUMERIC,
  apiKeyPrefix,
  generateApiKey,
  generateWebhookSecret,
  looksLikeApiKey,
  randomAlphanumeric
} from "../../src/shared/secrets.ts"

describe("key material", () => {
  it("API key: svc_ + 32 alphanumerics; keyPrefix = first 12 characters", () => {
    const key = generateApiKey()
    assert.match(key, /^svc_[A-Za-z0-9]{32}$/)
    assert.isTrue(looksLikeApiKey(key))
    assert.strictEqual(apiKeyPrefix(key), key.slice(0, 12))
    assert.match(apiKeyPrefix(key), /^svc_[A-Za-z0-9]{8}$/)
    assert.notStrictEqual(generateApiKey(), key)
  })

  it("webhook secret: whsec_ + base64 of 30 random bytes (40 characters)", () => {
    const secret = generateWebhookSecret()
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{40}$/)
    assert.strictEqual(Buffer.from(secret.slice(6), "base64").length, 30)
  })

  it("rejection sampling: bytes ≥ 248 are skipped, the rest map modulo 62", () => {
    let call = 0
    const fake = (size: number) => {
      call++
      // First call: only rejected bytes and then 0, 61, 62, 247; later calls: zeros.
      const bytes = new Uint8Array(size)
      if (call === 1) bytes.set([248, 255, 250, 0, 61, 62, 247].slice(0, size))
      return bytes
    }
    assert.strictEqual(randomAlphanumeric(4, fake), `${ALPHANUMERIC[0]}${ALPHANUMERIC[61]}${ALPHANUMERIC[0]}${ALPHANUMERIC[247 % 62]}`)
  })

  it("is close to uniform over many draws", () => {
    const counts = new Map<string, number>()
    const sample = randomAlphanumeric(62 * 2000)
    for (const c of sample) counts.set(c, (counts.get(c) ?? 0) + 1)
    assert.strictEqual(counts.size, 62)
    for (const n of counts.values()) assert.isTrue(n > 1600 && n < 2400, String(n))
  })
})
