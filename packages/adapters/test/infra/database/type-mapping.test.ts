import { assert, describe, it } from "@effect/vitest"
import { formatTimeMicros, parseTimestampText, pgliteParameters } from "../../../src/infra/database/type-mapping.ts"

describe("type mapping", () => {
  it("parses Postgres timestamp text like sql-pg decodes the binary form", () => {
    assert.strictEqual(parseTimestampText("2025-03-04 05:06:07.123456+00").toISOString(), "2025-03-04T05:06:07.123Z")
    assert.strictEqual(parseTimestampText("2025-03-04 05:06:07-05").toISOString(), "2025-03-04T10:06:07.000Z")
    assert.strictEqual(parseTimestampText("2025-03-04 05:06:07+05:30").toISOString(), "2025-03-03T23:36:07.000Z")
    assert.strictEqual(parseTimestampText("2025-03-04 05:06:07").toISOString(), "2025-03-04T05:06:07.000Z")
    // Before the Postgres epoch (2000) sql-pg truncates towards it, i.e. up.
    assert.strictEqual(parseTimestampText("1999-12-31 23:59:59.1235+00").toISOString(), "1999-12-31T23:59:59.124Z")
    assert.strictEqual(parseTimestampText("1999-12-31 23:59:59.9999+00").toISOString(), "2000-01-01T00:00:00.000Z")
    assert.strictEqual(parseTimestampText("0044-03-15 12:00:00+00 BC").getUTCFullYear(), -43)
    assert.isTrue(Number.isNaN(parseTimestampText("infinity").getTime()))
  })

  it("formats time like Postgres", () => {
    assert.strictEqual(formatTimeMicros(0n), "00:00:00")
    assert.strictEqual(formatTimeMicros(37_800_500_000n), "10:30:00.5")
    assert.strictEqual(formatTimeMicros(86_399_999_999n), "23:59:59.999999")
    assert.strictEqual(formatTimeMicros(86_400_000_000n), "24:00:00")
  })

  it("types parameters like sql-pg", () => {
    const date = new Date(0)
    const bytes = new Uint8Array([1])
    assert.deepStrictEqual(pgliteParameters([1, 2 ** 40, 1.5, true, 1n, "s", null, undefined, date, bytes, [1, 2], []]), {
      types: [23, 20, 701, 16, 20, 0, 0, 0, 1184, 17, 1007, 0],
      values: [1, 2 ** 40, 1.5, true, 1n, "s", null, null, date, bytes, [1, 2], "{}"]
    })
    assert.throws(() => pgliteParameters([{ a: 1 }]), /jsonb/)
  })
})
