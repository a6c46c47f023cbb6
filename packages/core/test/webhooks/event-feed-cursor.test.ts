/** The feed cursor: opaque, round-trips, refuses anything it did not make, orders as the feed does. */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { decodeCursor, encodeCursor, FEED_START, isAfter, positionBelow } from "../../src/webhooks/event-feed-cursor.ts"

const bigints = fc.bigInt({ min: 0n, max: 9_223_372_036_854_775_807n })

describe("event feed cursor", () => {
  it("round-trips every position", () => {
    fc.assert(fc.property(bigints, bigints, (transactionId, seq) => {
      const cursor = encodeCursor({ transactionId, seq })
      assert.match(cursor, /^[A-Za-z0-9_-]+$/)
      assert.deepStrictEqual(decodeCursor(cursor), { transactionId, seq })
    }))
  })

  it("refuses what it did not make", () => {
    for (const bad of ["", "abc", "!!!", encodeCursor(FEED_START) + "=", Buffer.from("1.2.3").toString("base64url"),
      Buffer.from("-1.2").toString("base64url"), Buffer.from("99999999999999999999.1").toString("base64url")]) {
      assert.isUndefined(decodeCursor(bad), bad)
    }
  })

  it("positionBelow(xmin) comes after every event of a transaction below xmin and before any at or above it", () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 1n << 40n }), fc.bigInt({ min: 1n, max: 1n << 40n }), bigints.filter((s) => s < 9_223_372_036_854_775_807n),
      (xmin, tx, seq) => {
        const event = { transactionId: tx, seq }
        assert.strictEqual(isAfter(event, positionBelow(xmin)), tx >= xmin)
      }))
  })
})
