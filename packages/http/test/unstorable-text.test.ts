/**
 * The detection of text PostgreSQL cannot store: the per-string rule, the walks that
 * name every offending field, and the byte pre-check that lets nearly every body skip
 * the walk — which must never miss a body the walk would refuse.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { Buffer } from "node:buffer"
import {
  mayEscapeUnstorableText,
  unstorableJsonIssues,
  unstorableRecordIssues,
  unstorableTextProblem
} from "../src/middleware/unstorable-text.ts"

/** Single UTF-16 code units, biased towards NUL, surrogate halves and the escape's own characters. */
const codeUnit = fc.oneof(
  fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "\\", "u", "d", "0", "é"),
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 })
)

const text = fc.string({ unit: codeUnit, maxLength: 12 })

/** What the database drivers do with text: send it as UTF-8, where a NUL is refused. */
const storableOracle = (value: string) => !value.includes("\u0000") && Buffer.from(value, "utf8").toString("utf8") === value

const utf8 = (json: string) => new Uint8Array(Buffer.from(json, "utf8"))

describe("unstorableTextProblem", () => {
  it("accepts ordinary text, accents and surrogate pairs (emoji)", () => {
    for (const value of ["", "Distribuidora Café", "señal 😀", "\\u0000 written out", "\ud83d\ude00"]) {
      assert.isUndefined(unstorableTextProblem(value), JSON.stringify(value))
    }
  })

  it("refuses a NUL and every unpaired surrogate", () => {
    assert.match(unstorableTextProblem("a\u0000b") ?? "", /NUL/)
    for (const value of ["\ud800", "x\udfffy", "😀".slice(0, 1), "😀".slice(1), "\ude00\ud83d"]) {
      assert.match(unstorableTextProblem(value) ?? "", /surrogate/, JSON.stringify(value))
    }
  })

  it("refuses exactly what does not survive a UTF-8 round trip without a NUL", () => {
    fc.assert(fc.property(text, (value) => {
      assert.strictEqual(unstorableTextProblem(value) === undefined, storableOracle(value), JSON.stringify(value))
    }), { numRuns: 2000 })
  })
})

describe("unstorableJsonIssues", () => {
  it("names every offending string and key by its path, in document order", () => {
    const issues = unstorableJsonIssues("payload", {
      name: "ok",
      notes: "a\u0000b",
      items: [{ sku: "fine" }, { sku: "\ud800", qty: 1 }],
      "k\u0000ey": true,
      nested: { deeper: ["x", null, "\udfff"] }
    })
    assert.deepStrictEqual(issues.map((issue) => issue.path), [
      ["payload", "notes"],
      ["payload", "items", "1", "sku"],
      ["payload", "k\u0000ey"],
      ["payload", "nested", "deeper", "2"]
    ])
    assert.match(issues[2]!.message, /^name /)
  })

  it("finds nothing in clean values of any shape", () => {
    assert.deepStrictEqual(unstorableJsonIssues("payload", { a: [1, true, null, "😀", { b: "c" }] }), [])
    assert.deepStrictEqual(unstorableJsonIssues("payload", 42), [])
  })

  it("walks nesting far deeper than the call stack allows", () => {
    let deep: unknown = "\u0000"
    for (let level = 0; level < 200_000; level++) deep = [deep]
    const issues = unstorableJsonIssues("payload", deep)
    assert.strictEqual(issues.length, 1)
    assert.strictEqual(issues[0]!.path.length, 200_001)
  })
})

describe("unstorableRecordIssues", () => {
  it("checks every value of repeated parameters and the names", () => {
    const issues = unstorableRecordIssues("query", { search: ["fine", "a\u0000"], ok: "x", "b\u0000d": "y", absent: undefined })
    assert.deepStrictEqual(issues.map((issue) => issue.path), [["query", "search"], ["query", "b\u0000d"]])
  })
})

describe("mayEscapeUnstorableText", () => {
  it("spots the escapes of a NUL and of either surrogate half, in either case", () => {
    for (const body of [`{"a":"\\u0000"}`, `["\\uD800"]`, `"\\udbff"`, `"x\\uDc00"`, `"\\udfff"`]) {
      assert.isTrue(mayEscapeUnstorableText(utf8(body)), body)
    }
  })

  it("lets bodies without them through without a parse", () => {
    for (const body of [`{"name":"Café"}`, `"\\u00e9 \\uD7FF \\uE000 \\u0001"`, `"ends with \\u`, `"\\u00"`, ""]) {
      assert.isFalse(mayEscapeUnstorableText(utf8(body)), body)
    }
  })

  it("reads only the view it is given", () => {
    const bytes = utf8(`"\\u0000" "clean"`)
    assert.isFalse(mayEscapeUnstorableText(bytes.subarray(9)))
    assert.isTrue(mayEscapeUnstorableText(bytes.subarray(0, 9)))
  })

  it("never misses a body whose parsed value holds unstorable text", () => {
    fc.assert(fc.property(fc.jsonValue({ stringUnit: codeUnit, maxDepth: 3 }), (value) => {
      const json = JSON.stringify(value)
      if (unstorableJsonIssues("payload", JSON.parse(json)).length > 0) {
        assert.isTrue(mayEscapeUnstorableText(utf8(json)), json)
      }
    }), { numRuns: 2000 })
  })
})
