/** Standard Webhooks headers: verified by the `standardwebhooks` and `svix` packages, for new and old-format secrets. */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { Webhook as StandardWebhook } from "standardwebhooks"
import { Webhook as SvixWebhook } from "svix"
import { ALPHANUMERIC, generateWebhookSecret, randomAlphanumeric } from "../../src/shared/secrets.ts"
import { standardSigningKey, standardWebhookHeaders } from "../../src/webhooks/standard-webhook-signature.ts"

const body = JSON.stringify({ id: "evt", type: "route.updated", data: { name: "Ruta ñ" } })
const nowSeconds = () => Math.floor(Date.now() / 1000)

const verifiesWith = (secret: string, headers: Record<string, string>) => {
  const standard = new StandardWebhook(secret).verify(body, headers)
  const svix = new SvixWebhook(secret).verify(body, headers)
  return JSON.stringify(standard) === body || JSON.stringify(svix) === body
}

describe("standard webhook signature", () => {
  it("new secrets: both libraries verify; the headers carry the event id and t", () => {
    const secret = generateWebhookSecret()
    const t = nowSeconds()
    const headers = standardWebhookHeaders("evt-1", t, body, [secret])
    assert.strictEqual(headers["webhook-id"], "evt-1")
    assert.strictEqual(headers["webhook-timestamp"], String(t))
    assert.match(headers["webhook-signature"] ?? "", /^v1,[A-Za-z0-9+/]{43}=$/)
    assert.isTrue(verifiesWith(secret, { ...headers }))
  })

  it("old-format secrets (40 alphanumerics) are canonical base64 of 30 bytes: verified too", () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
      let offset = 0
      const secret = `whsec_${randomAlphanumeric(40, (size) => {
        const out = new Uint8Array(size)
        for (let i = 0; i < size; i++) out[i] = bytes[(offset++) % bytes.length]! % ALPHANUMERIC.length
        return out
      })}`
      assert.strictEqual(standardSigningKey(secret)?.length, 30)
      const headers = standardWebhookHeaders("evt-2", nowSeconds(), body, [secret])
      assert.isTrue(verifiesWith(secret, { ...headers }))
    }), { numRuns: 50 })
  })

  it("rotation: one v1 per secret, new first; each secret verifies alone", () => {
    const [newer, older] = [generateWebhookSecret(), generateWebhookSecret()]
    const headers = standardWebhookHeaders("evt-3", nowSeconds(), body, [newer, older])
    assert.strictEqual(headers["webhook-signature"]?.split(" ").length, 2)
    assert.isTrue(verifiesWith(newer, { ...headers }))
    assert.isTrue(verifiesWith(older, { ...headers }))
    assert.throws(() => new StandardWebhook(generateWebhookSecret()).verify(body, { ...headers }))
  })

  it("a secret that is not canonical base64 gets no v1; without any, no webhook-signature header", () => {
    for (const secret of ["whsec_", "whsec_abc", "whsec_ab!d", "whsec_abd=", "svc_abcd", "whsec_YR=="]) {
      assert.isUndefined(standardSigningKey(secret), secret)
    }
    const headers = standardWebhookHeaders("evt-4", nowSeconds(), body, ["whsec_not base64"])
    assert.isUndefined(headers["webhook-signature"])
    assert.strictEqual(headers["webhook-id"], "evt-4")
  })
})
