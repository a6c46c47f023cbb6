/**
 * The product sync against the fake Siigo (real HTTP, port 0) on the test database:
 * catalog mapping, time-budgeted partial runs, incremental runs, deactivation, token
 * expiry mid-run, 429 storms, and the cross-process run lock.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import { Clock, Context, Duration, Effect, Fiber, Layer, Ref } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { ErpProductSync } from "../../../src/app/erp/product-sync.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"
import { erpServicesOnFake, FakeErp, realSleep } from "./erp-test-kit.ts"

const productCount = (sql: SqlClient.SqlClient) =>
  sql<{ readonly total: number; readonly active: number }>`
    select count(*)::int as total, count(*) filter (where active)::int as active
      from products where erp_id is not null`.pipe(Effect.map((rows) => rows[0]!))

layer(erpServicesOnFake({ fake: { products: 237 }, sync: { pageSize: 100 } }).pipe(Layer.provideMerge(TestDatabase.layer)), {
  excludeTestServices: true
})("product sync: full, incremental, partial", (it) => {
  it.effect("a full sync mirrors the ERP catalog: stock, units, categories and general-list prices", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const fake = yield* FakeErp
      const sql = yield* SqlClient.SqlClient
      const summary = yield* sync.run({ mode: "full", trigger: "manual", triggeredBy: null })
      assert.strictEqual(summary.status, "success")
      assert.strictEqual(summary.mode, "full")
      assert.strictEqual(summary.processed, 237)
      assert.strictEqual(summary.created, 237)
      assert.strictEqual(summary.errors, 0)
      assert.include(summary.message, "237 productos procesados")

      const counts = yield* productCount(sql)
      assert.strictEqual(counts.total, 237)
      // Every 17th seeded product is inactive in the ERP.
      assert.strictEqual(counts.active, 237 - Math.floor(237 / 17))

      const erpProduct = fake.state.products[9]! // SKU-00010: a service without stock control
      const [local] = yield* sql<{
        readonly sku: string
        readonly stockTracked: boolean
        readonly unit: string
        readonly category: string
        readonly stockSyncedAt: Date | null
      }>`select p.sku, p.stock_tracked, p.unit, c.erp_id as category, p.stock_synced_at
           from products p join categories c on c.id = p.category_id where p.erp_id = ${erpProduct.id}`
      assert.strictEqual(local?.sku, "SKU-00010")
      assert.isFalse(local?.stockTracked)
      assert.strictEqual(local?.unit, "unidad")
      // The category is the ERP account group (the fake puts every product in group 1253).
      assert.strictEqual(local?.category, "1253")
      const groups = yield* sql`select id from categories where erp_id is not null`
      assert.strictEqual(groups.length, 1)
      assert.isNotNull(local?.stockSyncedAt)

      const priced = fake.state.products[0]!
      const [price] = yield* sql<{ readonly price: number }>`
        select i.price from price_list_items i join price_lists l on l.id = i.price_list_id join products p on p.id = i.product_id
         where l.is_default and p.erp_id = ${priced.id}`
      assert.strictEqual(price?.price, priced.prices?.[0]?.price_list.find((entry) => entry.position === 1)?.value)
      // Every 11th product comes without prices: it gets none (and the sync does not fail on it).
      const unpriced = fake.state.products[10]!
      const missing = yield* sql`
        select 1 from price_list_items i join products p on p.id = i.product_id where p.erp_id = ${unpriced.id}`
      assert.strictEqual(missing.length, 0)
    }))

  it.effect("an incremental run lists only what changed since the last successful listing began", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const fake = yield* FakeErp
      const sql = yield* SqlClient.SqlClient
      const target = fake.state.products[3]!
      fake.controls.updateProduct(target.id, { name: "Producto renombrado", available_quantity: 7 })
      const before = fake.requestLog.length
      const summary = yield* sync.run({ mode: "incremental", trigger: "manual", triggeredBy: null })
      assert.strictEqual(summary.status, "success")
      assert.strictEqual(summary.mode, "incremental")
      assert.isAtLeast(summary.updated, 1)
      assert.isBelow(summary.processed, 237)
      const listing = fake.requestLog.slice(before).find((entry) => entry.path === "/v1/products")
      assert.match(listing?.query["updated_start"] ?? "", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
      const [row] = yield* sql<{ readonly name: string; readonly stock: number }>`
        select name, stock from products where erp_id = ${target.id}`
      assert.deepStrictEqual(row, { name: "Producto renombrado", stock: 7 })
    }))

  it.effect("a run over its time budget ends partial; the next run continues from the cursor", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const fake = yield* FakeErp
      const pages: Array<number> = []
      const progress = yield* Ref.make<ReadonlyArray<number>>([])
      // Budget 0: one page per run.
      const first = yield* sync.run({
        mode: "full",
        trigger: "manual",
        triggeredBy: null,
        timeBudget: 0,
        onProgress: ({ processed }) => Ref.update(progress, (seen) => [...seen, processed])
      })
      assert.strictEqual(first.status, "partial")
      assert.strictEqual(first.processed, 100)
      assert.include(first.message, "página 2")
      const before = fake.requestLog.length
      const second = yield* sync.run({ mode: "full", trigger: "manual", triggeredBy: null, timeBudget: 0 })
      assert.strictEqual(second.status, "partial")
      assert.strictEqual(second.processed, 100)
      pages.push(...fake.requestLog.slice(before).filter((e) => e.path === "/v1/products").map((e) => Number(e.query["page"])))
      assert.deepStrictEqual(pages, [2], "the second run asks page 2, not page 1 again")
      // An incremental request continues the partial full listing too.
      const third = yield* sync.run({ mode: "incremental", trigger: "manual", triggeredBy: null, timeBudget: 0 })
      assert.strictEqual(third.status, "success")
      assert.strictEqual(third.mode, "full")
      assert.strictEqual(third.processed, 37)
      assert.deepStrictEqual(yield* Ref.get(progress), [100])
    }))

  it.effect("a full sync deactivates local products the ERP no longer has, and only those", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const fake = yield* FakeErp
      const sql = yield* SqlClient.SqlClient
      const removed = fake.state.products.splice(20, 2)
      const summary = yield* sync.run({ mode: "full", trigger: "manual", triggeredBy: null })
      assert.strictEqual(summary.status, "success")
      assert.strictEqual(summary.deactivated, 2)
      const rows = yield* sql<{ readonly active: boolean }>`
        select active from products where erp_id in (${removed[0]!.id}, ${removed[1]!.id})`
      assert.deepStrictEqual(rows.map((row) => row.active), [false, false])
      // Local products without an ERP id (the seeded catalog) are never touched.
      const local = yield* sql`insert into products (sku, name) values ('LOCAL-ONLY-1', 'Solo local') returning id`
      const again = yield* sync.run({ mode: "full", trigger: "manual", triggeredBy: null })
      assert.strictEqual(again.deactivated, 0)
      const [kept] = yield* sql<{ readonly active: boolean }>`select active from products where sku = 'LOCAL-ONLY-1'`
      assert.isTrue(kept?.active)
      assert.strictEqual(local.length, 1)
    }))

  it.effect("an undecodable ERP record is counted as an error, not fatal", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const fake = yield* FakeErp
      const [odd] = fake.controls.addProducts([{ name: 42 as unknown as string }])
      const summary = yield* sync.run({ mode: "full", trigger: "manual", triggeredBy: null })
      assert.strictEqual(summary.status, "success")
      assert.strictEqual(summary.errors, 1)
      assert.strictEqual(summary.deactivated, 0)
      fake.state.products.splice(fake.state.products.indexOf(odd!), 1)
    }))
})

layer(erpServicesOnFake({ fake: { products: 120 }, sync: { pageSize: 20 } }).pipe(Layer.provideMerge(TestDatabase.layer)), {
  excludeTestServices: true
})("product sync: token expiry and the run lock", (it) => {
  it.effect("tokens revoked mid-run: the adapter authenticates again and the run completes", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const fake = yield* FakeErp
      const summary = yield* sync.run({
        mode: "full",
        trigger: "manual",
        triggeredBy: null,
        onProgress: ({ processed }) => Effect.sync(() => processed === 40 && fake.controls.expireTokens())
      })
      assert.strictEqual(summary.status, "success")
      assert.strictEqual(summary.processed, 120)
      const auths = fake.requestLog.filter((entry) => entry.path === "/auth")
      assert.strictEqual(auths.length, 2)
      assert.strictEqual(fake.requestLog.filter((entry) => entry.status === 401).length, 1)
    }))

  it.effect("two sync services on one database: the second run gets SYNC_ALREADY_RUNNING", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const fake = yield* FakeErp
      // A second "process": its own services (own gateway, own token cache) on the same database.
      const other = yield* Layer.build(erpServicesOnFake({ reuse: fake, sync: { pageSize: 20 } })).pipe(
        Effect.map((context) => Context.get(context, ErpProductSync))
      )
      fake.controls.setDelay(300, { pathPrefix: "/v1/products" })
      const first = yield* sync.run({ mode: "full", trigger: "manual", triggeredBy: null }).pipe(Effect.forkChild)
      yield* realSleep(150)
      const second = yield* other.run({ mode: "full", trigger: "cron", triggeredBy: null }).pipe(Effect.flip)
      assert.strictEqual(second._tag, "SyncAlreadyRunning")
      const cron = yield* other.runFromCron("incremental")
      assert.deepStrictEqual(cron, { skipped: true, reason: "running" })
      fake.controls.setDelay(0)
      const done = yield* Fiber.join(first)
      assert.strictEqual(done.status, "success")
      // With the lock free again, the other process can run.
      const after = yield* other.run({ mode: "incremental", trigger: "manual", triggeredBy: null })
      assert.strictEqual(after.status, "success")
    }))

  it.effect("two concurrent calls race for the lock: exactly one runs", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const fake = yield* FakeErp
      fake.controls.setDelay(100, { pathPrefix: "/v1/products" })
      const results = yield* Effect.all(
        [1, 2, 3].map(() => Effect.result(sync.run({ mode: "full", trigger: "manual", triggeredBy: null }))),
        { concurrency: "unbounded" }
      )
      fake.controls.setDelay(0)
      const ran = results.filter((result) => result._tag === "Success")
      const refused = results.filter((result) => result._tag === "Failure" && result.failure._tag === "SyncAlreadyRunning")
      assert.strictEqual(ran.length, 1)
      assert.strictEqual(refused.length, 2)
    }))

  it.effect("a run left running by a dead process is closed as stale and does not block", () =>
    Effect.gen(function*() {
      const sync = yield* ErpProductSync
      const sql = yield* SqlClient.SqlClient
      yield* sql`insert into erp_sync_runs (kind, mode, status, started_at, duration_ms)
                 values ('products', 'full', 'running', now() - interval '2 hours', 1000)`
      const summary = yield* sync.run({ mode: "incremental", trigger: "manual", triggeredBy: null })
      assert.strictEqual(summary.status, "success")
      const [stale] = yield* sql<{ readonly status: string; readonly errorMessage: string }>`
        select status, error_message from erp_sync_runs where started_at < now() - interval '1 hour'`
      assert.strictEqual(stale?.status, "error")
      assert.include(stale?.errorMessage, "stale")
    }))
})

describe("product sync under a 429 storm", () => {
  it.effect("10 requests a minute: the sync waits as Siigo says and completes", () =>
    Effect.gen(function*() {
      const clock = yield* Clock.Clock
      const context = yield* Layer.build(
        erpServicesOnFake({
          fake: { products: 120, rateLimit: { requests: 10 }, now: () => clock.currentTimeMillisUnsafe() },
          siigo: { requestTimeout: "1 day" },
          sync: { pageSize: 10, timeBudget: Duration.infinity }
        }).pipe(Layer.provideMerge(TestDatabase.layer))
      )
      const sync = Context.get(context, ErpProductSync)
      const fake = Context.get(context, FakeErp)
      const done = yield* Ref.make(false)
      const fiber = yield* sync.run({ mode: "full", trigger: "manual", triggeredBy: null }).pipe(
        Effect.ensuring(Ref.set(done, true)),
        Effect.forkChild
      )
      // Virtual time moves only while the sync is idle (waiting out a 429), so the
      // database's speed does not change how many requests fit in a window.
      let seen = fake.requestLog.length
      while (!(yield* Ref.get(done))) {
        yield* realSleep(10)
        if (fake.requestLog.length === seen) yield* TestClock.adjust("1 second")
        seen = fake.requestLog.length
      }
      const summary = yield* Fiber.join(fiber)
      assert.strictEqual(summary.status, "success")
      assert.strictEqual(summary.processed, 120)
      assert.isAtLeast(fake.requestLog.filter((entry) => entry.status === 429).length, 1)
    }), { timeout: 60_000 })
})
