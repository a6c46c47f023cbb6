import { assert, describe, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import { apiKeyState, expiresAtFromDays, planRevocation, planRotation } from "../../src/api-keys/api-key-state.ts"

const NOW = Date.parse("2026-11-24T15:00:00Z")
const HOUR = 3_600_000
const DAY = 24 * HOUR
const active = { active: true, revokedAt: null, expiresAt: null }

describe("API key state", () => {
  it("active / expired / revoked", () => {
    assert.strictEqual(apiKeyState(active, NOW), "active")
    assert.strictEqual(apiKeyState({ ...active, expiresAt: NOW + 1 }, NOW), "active")
    assert.strictEqual(apiKeyState({ ...active, expiresAt: NOW }, NOW), "expired") // time reaches expiresAt
    assert.strictEqual(apiKeyState({ ...active, expiresAt: new Date(NOW - 1) }, DateTime.makeUnsafe(NOW)), "expired")
    assert.strictEqual(apiKeyState({ ...active, active: false }, NOW), "revoked")
    assert.strictEqual(apiKeyState({ ...active, revokedAt: NOW - DAY }, NOW), "revoked")
    assert.strictEqual(apiKeyState({ active: false, revokedAt: NOW, expiresAt: NOW - DAY }, NOW), "revoked")
  })

  it("revocation: active or expired → revoked; revoked → NOT_FOUND", () => {
    const plan = planRevocation(active, NOW)
    assert.isTrue(Result.isSuccess(plan))
    if (Result.isSuccess(plan)) assert.deepStrictEqual(plan.success, { active: false, revokedAt: new Date(NOW) })
    assert.isTrue(Result.isSuccess(planRevocation({ ...active, expiresAt: NOW - 1 }, NOW)))
    const again = planRevocation({ ...active, active: false, revokedAt: NOW }, NOW)
    assert.isTrue(Result.isFailure(again) && again.failure._tag === "NotFound")
  })

  it("rotation with grace > 0: old stays active until now + grace, replacedBy = new id", () => {
    const plan = Result.getOrThrow(planRotation(active, { now: NOW, newKeyId: "new", graceHours: 48 }))
    assert.deepStrictEqual(plan.old, { active: true, revokedAt: null, expiresAt: new Date(NOW + 48 * HOUR), replacedBy: "new" })
    assert.deepStrictEqual(plan.newKey, { id: "new", expiresAt: null })
    assert.deepStrictEqual(plan.previous, { expiresAt: new Date(NOW + 48 * HOUR) })
    // After the grace period the old key is expired.
    assert.strictEqual(apiKeyState({ ...plan.old }, NOW + 48 * HOUR - 1), "active")
    assert.strictEqual(apiKeyState({ ...plan.old }, NOW + 48 * HOUR), "expired")
  })

  it("rotation defaults to 48 h; 168 h allowed; never lengthens an earlier expiry", () => {
    assert.deepStrictEqual(Result.getOrThrow(planRotation(active, { now: NOW, newKeyId: "n" })).old.expiresAt, new Date(NOW + 48 * HOUR))
    assert.deepStrictEqual(Result.getOrThrow(planRotation(active, { now: NOW, newKeyId: "n", graceHours: 168 })).old.expiresAt, new Date(NOW + 168 * HOUR))
    const soon = { ...active, expiresAt: NOW + HOUR }
    assert.deepStrictEqual(Result.getOrThrow(planRotation(soon, { now: NOW, newKeyId: "n", graceHours: 48 })).old.expiresAt, new Date(NOW + HOUR))
  })

  it("rotation with grace 0 revokes the old key at once", () => {
    const plan = Result.getOrThrow(planRotation(active, { now: NOW, newKeyId: "new", graceHours: 0, expiresInDays: 30 }))
    assert.deepStrictEqual(plan.old, { active: false, revokedAt: new Date(NOW), expiresAt: null, replacedBy: "new" })
    assert.deepStrictEqual(plan.newKey, { id: "new", expiresAt: new Date(NOW + 30 * DAY) })
    assert.strictEqual(apiKeyState(plan.old, NOW), "revoked")
  })

  it("rotation errors: revoked → NOT_FOUND, expired → API_KEY_EXPIRED, bad graceHours / expiresInDays → VALIDATION_ERROR", () => {
    const tag = (r: ReturnType<typeof planRotation>) => (Result.isFailure(r) ? r.failure._tag : "ok")
    assert.strictEqual(tag(planRotation({ ...active, active: false }, { now: NOW, newKeyId: "n" })), "NotFound")
    assert.strictEqual(tag(planRotation({ ...active, expiresAt: NOW }, { now: NOW, newKeyId: "n" })), "ApiKeyExpired")
    assert.strictEqual(tag(planRotation(active, { now: NOW, newKeyId: "n", graceHours: 169 })), "ValidationError")
    assert.strictEqual(tag(planRotation(active, { now: NOW, newKeyId: "n", graceHours: -1 })), "ValidationError")
    assert.strictEqual(tag(planRotation(active, { now: NOW, newKeyId: "n", graceHours: 1.5 })), "ValidationError")
    assert.strictEqual(tag(planRotation(active, { now: NOW, newKeyId: "n", expiresInDays: 731 })), "ValidationError")
  })

  it("expiresInDays 1–730 or none", () => {
    assert.deepStrictEqual(Result.getOrThrow(expiresAtFromDays(NOW, 1)), new Date(NOW + DAY))
    assert.deepStrictEqual(Result.getOrThrow(expiresAtFromDays(NOW, 730)), new Date(NOW + 730 * DAY))
    assert.isNull(Result.getOrThrow(expiresAtFromDays(NOW, undefined)))
    assert.isTrue(Result.isFailure(expiresAtFromDays(NOW, 0)))
    assert.isTrue(Result.isFailure(expiresAtFromDays(NOW, 731)))
  })
})
