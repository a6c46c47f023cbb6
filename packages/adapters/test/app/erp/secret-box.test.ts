/** Encryption at rest of the ERP credentials (node:crypto, so it stays in the adapters). */
import { assert, describe, it } from "@effect/vitest"
import { Option, Redacted } from "effect"
import { makeSecretBox, maskSecret } from "../../../src/app/erp/secret-box.ts"

describe("secret box", () => {
  const box = makeSecretBox(Redacted.make("session-secret-one"), "erp_settings.access_key")
  it("seals with a fresh IV each time and opens what it sealed", () => {
    const a = box.seal("my-access-key")
    const b = box.seal("my-access-key")
    assert.notStrictEqual(a, b)
    assert.notInclude(a, "my-access-key")
    assert.deepStrictEqual(box.open(a), Option.some("my-access-key"))
  })
  it("refuses another secret, another purpose, and tampering", () => {
    const sealed = box.seal("my-access-key")
    assert.isTrue(Option.isNone(makeSecretBox(Redacted.make("session-secret-two"), "erp_settings.access_key").open(sealed)))
    assert.isTrue(Option.isNone(makeSecretBox(Redacted.make("session-secret-one"), "other").open(sealed)))
    const [version, iv, tag, text] = sealed.split(".")
    const flipped = `${text![0] === "A" ? "B" : "A"}${text!.slice(1)}`
    assert.isTrue(Option.isNone(box.open([version, iv, tag, flipped].join("."))))
    assert.isTrue(Option.isNone(box.open("plain text")))
  })
  it("masks all but the last 4 characters, and short values entirely", () => {
    assert.strictEqual(maskSecret("fake-access-key-0123456789"), "********6789")
    assert.strictEqual(maskSecret("short"), "********")
  })
})
