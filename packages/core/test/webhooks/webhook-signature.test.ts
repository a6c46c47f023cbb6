import { createHmac } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  computeSignature,
  parseSignatureHeader,
  sign,
  signPayload,
  signPayloadAt,
  verify,
  verifySignature
} from "../../src/webhooks/webhook-signature.ts"

const body = '{"id":"evt_1","type":"quotation.created","apiVersion":"2026-01-01","data":{"q":"ñandú €"}}'
const secret = "whsec_test_secret_one"
const newSecret = "whsec_test_secret_two"
const t = 1_795_000_000
const at = t * 1000

const reasonOf = (result: ReturnType<typeof verifySignature>) =>
  Result.isFailure(result) ? result.failure.details?.["reason"] : "OK"

describe("webhook signature", () => {
  it("matches an independent HMAC-SHA256 of `<t>.<raw body>` (lowercase hex)", () => {
    const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")
    assert.strictEqual(computeSignature(body, secret, t), expected)
    assert.strictEqual(signPayload(body, secret, at), `t=${t},v1=${expected}`)
    assert.strictEqual(signPayloadAt(body, [secret], t), `t=${t},v1=${expected}`)
    assert.match(expected, /^[0-9a-f]{64}$/)
  })

  it("signs raw bytes byte for byte", () => {
    const bytes = new TextEncoder().encode(body)
    assert.strictEqual(computeSignature(bytes, secret, t), computeSignature(body, secret, t))
    const expected = createHmac("sha256", secret).update(Buffer.concat([Buffer.from(`${t}.`), Buffer.from(bytes)])).digest("hex")
    assert.strictEqual(computeSignature(bytes, secret, t), expected)
  })

  it("during rotation carries two v1, new secret first; either secret verifies", () => {
    const header = signPayload(body, [newSecret, secret], at)
    const [, v1a, v1b] = header.split(",")
    assert.strictEqual(v1a, `v1=${computeSignature(body, newSecret, t)}`)
    assert.strictEqual(v1b, `v1=${computeSignature(body, secret, t)}`)
    assert.strictEqual(reasonOf(verifySignature(body, header, [secret], at)), "OK")
    assert.strictEqual(reasonOf(verifySignature(body, header, [newSecret], at)), "OK")
    const both = verifySignature(body, signPayload(body, secret, at), [newSecret, secret], at)
    assert.isTrue(Result.isSuccess(both) && both.success.secretIndex === 1)
  })

  it("tolerance: exactly 300 s off passes, 301 s fails, in both directions", () => {
    const header = signPayload(body, secret, at)
    assert.strictEqual(reasonOf(verifySignature(body, header, secret, at + 300_000)), "OK")
    assert.strictEqual(reasonOf(verifySignature(body, header, secret, at - 300_000)), "OK")
    assert.strictEqual(reasonOf(verifySignature(body, header, secret, at + 301_000)), "TIMESTAMP_OUT_OF_TOLERANCE")
    assert.strictEqual(reasonOf(verifySignature(body, header, secret, at - 301_000)), "TIMESTAMP_OUT_OF_TOLERANCE")
  })

  it("rejects a tampered body, a wrong secret and a tampered timestamp", () => {
    const header = signPayload(body, secret, at)
    assert.strictEqual(reasonOf(verifySignature(body.replace("evt_1", "evt_2"), header, secret, at)), "NO_MATCHING_SIGNATURE")
    assert.strictEqual(reasonOf(verifySignature(body + " ", header, secret, at)), "NO_MATCHING_SIGNATURE")
    assert.strictEqual(reasonOf(verifySignature(body, header, "whsec_other", at)), "NO_MATCHING_SIGNATURE")
    assert.strictEqual(reasonOf(verifySignature(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, at)), "NO_MATCHING_SIGNATURE")
    const error = verifySignature(body, header, "whsec_other", at)
    assert.isTrue(Result.isFailure(error) && error.failure._tag === "InvalidSignature")
  })

  it("rejects malformed headers", () => {
    const v1 = computeSignature(body, secret, t)
    for (const header of [undefined, null, "", "garbage", `v1=${v1}`, `t=${t}`, `t=abc,v1=${v1}`, `t=${t},t=${t},v1=${v1}`, `t=${t},v1=zz`]) {
      assert.strictEqual(reasonOf(verifySignature(body, header, secret, at)), "MALFORMED_HEADER", String(header))
    }
  })

  it("parses spaces and ignores unknown schemes", () => {
    const v1 = computeSignature(body, secret, t)
    const parsed = parseSignatureHeader(` t=${t} , v0=abc, v1=${v1.toUpperCase()} `)
    assert.isTrue(Result.isSuccess(parsed))
    if (Result.isSuccess(parsed)) assert.deepStrictEqual(parsed.success, { timestamp: t, signatures: [v1] })
    assert.strictEqual(reasonOf(verifySignature(body, ` t=${t} , v0=abc, v1=${v1.toUpperCase()} `, secret, at)), "OK")
  })
})

describe("sign / verify aliases", () => {
  it("sign takes t in Unix seconds, verify takes now in epoch ms", () => {
    const header = sign(body, [secret], t)
    assert.strictEqual(header, signPayload(body, secret, at))
    assert.isTrue(Result.isSuccess(verify(body, header, [secret], at + 1000)))
  })
})
