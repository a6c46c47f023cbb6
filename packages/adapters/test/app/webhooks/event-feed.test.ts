/**
 * The event feed's promise (issue #16): a client following `nextCursor` sees every event
 * exactly once, under concurrent creates that commit out of order, and from a cursor
 * taken while a transaction with a lower id is still open (PostgreSQL). PGlite runs one
 * transaction at a time: there the test shows that a read waits for the open transaction,
 * which is why the boundary is always past every committed event.
 */
import { assert, layer } from "@effect/vitest"
import { Deferred, Effect, Fiber } from "effect"
import { SqlClient } from "effect/sql"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"
import type { WebhookEventFeedPage } from "@quote/core/webhooks/views"
import { EventFeed } from "../../../src/app/webhooks/event-feed.ts"
import { makeClient } from "./fixtures.ts"
import { realSleep, webhookTestLayer } from "./test-layer.ts"

type FeedItem = WebhookEventFeedPage["items"][number]

const clientIdOf = (item: FeedItem): string => {
  const data = item.data
  if (typeof data === "object" && data !== null && "client" in data) {
    const client = data.client
    if (typeof client === "object" && client !== null && "id" in client && typeof client.id === "string") return client.id
  }
  return ""
}

/** Follows the feed from `cursor` until it returns nothing new; every item read and the last cursor. */
const readAll = (cursor: string | undefined, limit = 7) =>
  Effect.gen(function*() {
    const feed = yield* EventFeed
    const items: Array<FeedItem> = []
    let after = cursor
    for (;;) {
      const page = yield* feed.page({ ...(after === undefined ? {} : { after }), types: ["client.created"], limit })
      items.push(...page.items)
      if (page.items.length === 0 && page.nextCursor === after) return { items, cursor: after }
      after = page.nextCursor
    }
  })

/**
 * Follows the feed from `cursor` until it has shown `count` items (or 10 s have passed):
 * on PostgreSQL an event shows only once every older write transaction of the cluster
 * has ended, in any database (docs/webhooks.md), and other tests' transactions run beside
 * this one. Delayed, never lost: the items must still come, in order.
 */
const readUntil = (cursor: string | undefined, count: number) =>
  Effect.gen(function*() {
    const items: Array<FeedItem> = []
    let after = cursor
    const deadline = Date.now() + 10_000
    while (items.length < count && Date.now() < deadline) {
      const page = yield* readAll(after)
      items.push(...page.items)
      after = page.cursor
      if (items.length < count) yield* realSleep(10)
    }
    return items
  })

layer(webhookTestLayer(), { excludeTestServices: true })("webhook event feed", (it) => {
  it.effect("24 concurrent creates committing out of order, read in pages of 7 while they run: each event exactly once", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const feed = yield* EventFeed
      const { cursor: start } = yield* readAll(undefined, 200)
      const created = new Set<string>()
      const creates = Effect.all(
        Array.from({ length: 24 }, (_, i) =>
          sql.withTransaction(Effect.gen(function*() {
            const client = yield* makeClient
            // Hold some transactions a little: later ones commit first.
            yield* realSleep((i * 7) % 40)
            return client.clientId
          })).pipe(Effect.tap((id) => Effect.sync(() => created.add(id))))),
        { concurrency: 24 }
      )
      const writer = yield* Effect.forkChild(creates)
      const seen: Array<string> = []
      let cursor = start
      const deadline = Date.now() + 30_000
      while (Date.now() < deadline) {
        const page = yield* feed.page({ after: cursor, types: ["client.created"], limit: 7 })
        assert.isAtMost(page.items.length, 7)
        seen.push(...page.items.map(clientIdOf))
        cursor = page.nextCursor
        const done = writer.pollUnsafe() !== undefined
        if (done && page.items.length === 0 && [...created].every((id) => seen.includes(id))) break
        if (page.items.length === 0) yield* realSleep(5)
      }
      yield* Fiber.join(writer)
      assert.strictEqual(created.size, 24)
      assert.strictEqual(new Set(seen).size, seen.length, "an event was seen twice")
      assert.deepStrictEqual([...created].filter((id) => !seen.includes(id)), [], "an event was lost")
      // From the start again, in pages of 7: the same events, once each, in the same order.
      const again = (yield* readAll(start)).items.map(clientIdOf)
      assert.deepStrictEqual(again, seen)
    }), 60_000)

  it.effect("a cursor taken before out-of-order commits loses none", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { driver } = yield* TestDatabase
      const { cursor: before } = yield* readAll(undefined, 200)
      const inserted = yield* Deferred.make<string>()
      const release = yield* Deferred.make<void>()
      // The lower transaction id: it records its event first and commits last.
      const early = yield* Effect.forkChild(sql.withTransaction(Effect.gen(function*() {
        const client = yield* makeClient
        yield* Deferred.succeed(inserted, client.clientId)
        yield* Deferred.await(release)
        return client.clientId
      })))
      const earlyId = yield* Deferred.await(inserted)

      if (driver === "pg") {
        const late = (yield* makeClient).clientId
        // The later transaction committed, but an older one is still open: not shown yet.
        const { cursor: meanwhile, items: shown } = yield* readAll(before)
        assert.deepStrictEqual(shown.map(clientIdOf), [])
        yield* Deferred.succeed(release, undefined)
        yield* Fiber.join(early)
        const rest = (yield* readUntil(meanwhile, 2)).map(clientIdOf)
        assert.deepStrictEqual(rest, [earlyId, late])
      } else {
        // PGlite: one transaction at a time; a feed read waits for the open one to end.
        const reading = yield* Effect.forkChild(readAll(before))
        yield* realSleep(200)
        assert.isUndefined(reading.pollUnsafe(), "the read ran inside another transaction")
        yield* Deferred.succeed(release, undefined)
        yield* Fiber.join(early)
        const { items } = yield* Fiber.join(reading)
        assert.deepStrictEqual(items.map(clientIdOf), [earlyId])
      }
    }), 30_000)
})
