/**
 * The statistics' time frames: inclusive Bogota days for `dateFrom`/`dateTo`, and the
 * 12 Bogota months of `monthlyRevenue` (pure functions, no database).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { creationWindow, lastMonths } from "../../src/stats/reporting-period.ts"

const iso = (date: Date | null) => date?.toISOString() ?? null

describe("creationWindow", () => {
  it("covers whole Bogota days, both bounds inclusive", () => {
    const window = Result.getOrThrow(creationWindow({ dateFrom: "2026-03-01", dateTo: "2026-03-31" }))
    assert.strictEqual(iso(window.from), "2026-03-01T05:00:00.000Z")
    assert.strictEqual(iso(window.to), "2026-04-01T05:00:00.000Z", "exclusive end: 00:00 Bogota of the next day")
    const oneDay = Result.getOrThrow(creationWindow({ dateFrom: "2026-12-31", dateTo: "2026-12-31" }))
    assert.strictEqual(iso(oneDay.from), "2026-12-31T05:00:00.000Z")
    assert.strictEqual(iso(oneDay.to), "2027-01-01T05:00:00.000Z")
  })

  it("leaves a missing bound open", () => {
    assert.deepStrictEqual(Result.getOrThrow(creationWindow({})), { from: null, to: null })
    assert.isNull(Result.getOrThrow(creationWindow({ dateTo: "2026-01-01" })).from)
    assert.isNull(Result.getOrThrow(creationWindow({ dateFrom: "2026-01-01" })).to)
  })

  it("rejects impossible dates and reversed ranges with VALIDATION_ERROR", () => {
    for (const range of [{ dateFrom: "2026-02-29" }, { dateTo: "2026-13-01" }, { dateFrom: "2026-03-02", dateTo: "2026-03-01" }]) {
      const result = creationWindow(range)
      assert.isTrue(Result.isFailure(result), JSON.stringify(range))
      if (Result.isFailure(result)) assert.strictEqual(result.failure._tag, "ValidationError")
    }
    assert.isTrue(Result.isSuccess(creationWindow({ dateFrom: "2028-02-29", dateTo: "2028-02-29" })), "a leap day exists")
  })
})

describe("lastMonths", () => {
  it("is the 12 months ending with the current Bogota month, oldest first, across a year boundary", () => {
    const months = lastMonths(Date.parse("2026-02-10T12:00:00-05:00"))
    assert.deepStrictEqual(months.map((bucket) => bucket.month), [
      "2025-03", "2025-04", "2025-05", "2025-06", "2025-07", "2025-08",
      "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"
    ])
    assert.strictEqual(iso(months[0]!.startsAt), "2025-03-01T05:00:00.000Z")
    assert.strictEqual(iso(months[9]!.endsAt), "2026-01-01T05:00:00.000Z")
    assert.strictEqual(iso(months[11]!.endsAt), "2026-03-01T05:00:00.000Z")
    for (const [index, bucket] of months.entries()) {
      if (index > 0) assert.strictEqual(iso(bucket.startsAt), iso(months[index - 1]!.endsAt), "contiguous")
    }
  })

  it("uses the Bogota date, not the UTC one", () => {
    // 03:00 UTC on April 1st is still March 31st in Bogota.
    assert.strictEqual(lastMonths(Date.parse("2026-04-01T03:00:00Z")).at(-1)!.month, "2026-03")
    assert.strictEqual(lastMonths(Date.parse("2026-04-01T05:00:00Z")).at(-1)!.month, "2026-04")
  })
})

describe("reporting period properties", () => {
  const day = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10))

  it("a valid range covers whole days: from < to, both at 00:00 Bogota, and a single day is 24 h", () => {
    fc.assert(fc.property(day, day, (a, b) => {
      const [dateFrom, dateTo] = a <= b ? [a, b] : [b, a]
      const window = Result.getOrThrow(creationWindow({ dateFrom, dateTo }))
      assert.isTrue(window.from!.getTime() < window.to!.getTime())
      const single = Result.getOrThrow(creationWindow({ dateFrom, dateTo: dateFrom }))
      // Bogota has had no daylight time since 1993.
      if (dateFrom >= "1994") assert.strictEqual(single.to!.getTime() - single.from!.getTime(), 86_400_000)
      if (a !== b) assert.isTrue(Result.isFailure(creationWindow({ dateFrom: dateTo, dateTo: dateFrom })))
    }))
  })

  it("the 12 months are contiguous, in order, and end with the month holding now", () => {
    fc.assert(fc.property(fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2090, 0, 1) }), (nowMs) => {
      const months = lastMonths(nowMs)
      assert.strictEqual(months.length, 12)
      months.forEach((bucket, index) => {
        assert.isTrue(bucket.startsAt.getTime() < bucket.endsAt.getTime())
        if (index > 0) {
          assert.strictEqual(bucket.startsAt.getTime(), months[index - 1]!.endsAt.getTime())
          assert.isTrue(bucket.month > months[index - 1]!.month)
        }
      })
      assert.isTrue(months[11]!.startsAt.getTime() <= nowMs && nowMs < months[11]!.endsAt.getTime())
    }))
  })
})
