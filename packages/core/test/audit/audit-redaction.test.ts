/** The audit summary's secret filter. */
import { assert, describe, it } from "@effect/vitest"
import { isSecretField, redacted, redactSecrets } from "../../src/audit/audit-redaction.ts"

describe("redactSecrets", () => {
  it("names that hold credentials are secret; ids and names are not", () => {
    for (const name of ["password", "password_hash", "secret", "previous_secret", "key_hash", "access_key_encrypted", "refreshToken", "apiKey", "key"]) {
      assert.isTrue(isSecretField(name), name)
    }
    for (const name of ["name", "email", "role", "api_key_id", "apiKeyId", "key_prefix", "scopes", "redactedColumns", "status"]) {
      assert.isFalse(isSecretField(name), name)
    }
  })

  it("replaces secret values at any depth and keeps the rest", () => {
    const summary = {
      changes: { name: { from: "a", to: "b" }, secret: { from: "whsec_1", to: "whsec_2" } },
      items: [{ password: "p" }, { sku: "X" }],
      redactedColumns: ["secret"]
    }
    assert.deepStrictEqual(redactSecrets(summary), {
      changes: { name: { from: "a", to: "b" }, secret: redacted },
      items: [{ password: redacted }, { sku: "X" }],
      redactedColumns: ["secret"]
    })
  })
})
