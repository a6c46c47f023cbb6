/**
 * A streamed `{"items":[…]}` body is byte for byte what encoding the whole value at once
 * gives (`JSON.stringify` of `Struct({ items: Array(item) })` encoded), however the items
 * arrive in batches — empty lists, one item, many batches.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import * as fc from "fast-check"
import { jsonItemsStreamer } from "../src/handlers/support/json-items-stream.ts"

const Item = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  total: Schema.Number,
  createdAt: Schema.Date,
  phones: Schema.Array(Schema.Struct({ phone: Schema.String, isMessaging: Schema.Boolean }))
})

const item = fc.record({
  id: fc.uuid(),
  name: fc.string({ unit: "grapheme" }),
  email: fc.option(fc.string(), { nil: null }),
  active: fc.boolean(),
  total: fc.integer(),
  createdAt: fc.date({ noInvalidDate: true }),
  phones: fc.array(fc.record({ phone: fc.string(), isMessaging: fc.boolean() }), { maxLength: 3 })
})

const wholeBody = (items: ReadonlyArray<typeof Item.Type>) =>
  JSON.stringify(Schema.encodeSync(Schema.toCodecJson(Schema.Struct({ items: Schema.Array(Item) })))({ items }))

const streamedBody = (items: ReadonlyArray<typeof Item.Type>, batch: number) =>
  Effect.gen(function*() {
    const response = jsonItemsStreamer(Item)(Stream.fromIterable(items).pipe(Stream.rechunk(batch)))
    assert.strictEqual(response.status, 200)
    const body = response.body
    if (body._tag !== "Stream") return assert.fail(`expected a streamed body, got ${body._tag}`)
    assert.strictEqual(body.contentType, "application/json")
    const chunks = yield* Stream.runCollect(body.stream)
    return Buffer.concat(chunks.map((chunk) => Buffer.from(chunk))).toString("utf8")
  })

describe("jsonItemsStreamer", () => {
  it.effect("writes the bytes of the whole value encoded at once, in any batching", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(fc.array(item, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (items, batch) =>
          Effect.runPromise(Effect.gen(function*() {
            assert.strictEqual(yield* streamedBody(items, batch), wholeBody(items))
          }))),
        { numRuns: 100 }
      )
    ))

  it.effect("an empty list is {\"items\":[]}", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* streamedBody([], 1), "{\"items\":[]}")
    }))
})
