/**
 * The rollups of migrations/0006 against a direct aggregate of the quotations, on random
 * histories of direct SQL changes: inserts with items, status changes (to and from
 * rejected), ERP links, moved creation times and advisors, item edits, deleted
 * quotations, companies and products, with folds at random points; the rankings over
 * one rollup piece read from the rows that can rank only (`pieceClients`,
 * `pieceProducts`, with a top 2 so that few keys exercise them); the client counts of
 * migrations/0007; and each client's quotation count of migrations/0012, also across
 * quotations moved to another client.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import * as fc from "fast-check"
import { randomUUID } from "node:crypto"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"
import {
  clientSource,
  headerSource,
  pieceClients,
  pieceProducts,
  productSource,
  singlePiece
} from "../../../src/app/stats/rollup-sources.ts"
import { type RollupCover, rollupCover } from "@quote/core/stats/rollup-cover"
import { parseEpochDay } from "@quote/core/calendar/civil-date"

const statuses = ["draft", "sent", "pending", "approved", "rejected", "synced", "sent_to_erp"] as const

const Operation = fc.oneof(
  fc.record({
    op: fc.constant("insert" as const),
    client: fc.nat(3),
    advisor: fc.nat(2),
    status: fc.constantFrom(...statuses),
    source: fc.constantFrom("web", "chat"),
    day: fc.integer({ min: 0, max: 120 }),
    hour: fc.nat(23),
    items: fc.array(fc.record({ product: fc.nat(2), qty: fc.integer({ min: 1, max: 9 }), price: fc.nat(5000) }), {
      minLength: 1,
      maxLength: 4
    })
  }),
  fc.record({ op: fc.constant("status" as const), pick: fc.nat(), status: fc.constantFrom(...statuses) }),
  fc.record({ op: fc.constant("erp" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("move" as const), pick: fc.nat(), day: fc.integer({ min: 0, max: 120 }), advisor: fc.nat(2) }),
  fc.record({ op: fc.constant("client" as const), pick: fc.nat(), client: fc.nat(3) }),
  fc.record({ op: fc.constant("item" as const), pick: fc.nat(), qty: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("deleteCompany" as const), company: fc.nat(1) }),
  fc.record({ op: fc.constant("deleteProduct" as const), product: fc.nat(2) }),
  fc.record({ op: fc.constant("clientActive" as const), client: fc.nat(3), active: fc.boolean() }),
  fc.record({ op: fc.constant("fold" as const) })
)
type Operation = typeof Operation extends fc.Arbitrary<infer A> ? A : never

const base = Date.parse("2025-01-10T12:00:00Z")

/**
 * The best client and product of a folded piece fall out of the top 2 through an
 * unfolded delta: the ranking must then read further than the top 2 rows of the piece
 * (the walk of the piece skips the keys with pending deltas; it fails if it does not).
 */
const fallingLeader: ReadonlyArray<Operation> = [
  ...[0, 1, 2].map((n): Operation => ({
    op: "insert",
    client: n,
    advisor: 0,
    status: "pending",
    source: "web",
    day: 30,
    hour: 12,
    items: [{ product: n, qty: 9 - 3 * n, price: 5000 }]
  })),
  { op: "fold" },
  { op: "status", pick: 0, status: "rejected" }
]

/**
 * Three clients and three products tie on revenue in a folded piece (60,000 each, above
 * `fallingLeader`'s; the products by 1 × 60,000, 2 × 30,000 and 3 × 20,000): which two
 * rank first is decided after revenue (orders or quantity, then id), so the walk of the
 * piece must keep its ties.
 */
const tiedPieces: ReadonlyArray<Operation> = [
  ...[0, 1, 2].map((n): Operation => ({
    op: "insert",
    client: n,
    advisor: 0,
    status: "approved",
    source: "chat",
    day: 31,
    hour: 15,
    items: [{ product: n, qty: n + 1, price: 60_000 / (n + 1) }]
  })),
  { op: "fold" }
]

layer(TestDatabase.layer)("quotation rollups", (it) => {
  it.effect("equal a direct aggregate after random direct changes", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const context = yield* Effect.context<SqlClient.SqlClient>()

      /** A fresh world: 3 advisors (one of them "none"), 2 companies, 4 clients, 3 products. */
      const world = Effect.gen(function*() {
        const advisors = [randomUUID(), randomUUID(), null]
        for (const id of advisors.slice(0, 2)) {
          yield* sql`insert into users (id, name, email, password_hash, role)
                     values (${id}::uuid, 'A', ${`${id}@x.example`}, 'x', 'advisor')`
        }
        const companies = [randomUUID(), randomUUID()]
        for (const id of companies) yield* sql`insert into companies (id, name, nit) values (${id}::uuid, 'C', ${id})`
        const clients = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
        for (const [index, id] of clients.entries()) {
          yield* sql`insert into clients (id, name, nit, company_id) values (${id}::uuid, ${`Client ${index}`}, ${id}, ${
            companies[index % 2]!
          }::uuid)`
        }
        const products = [randomUUID(), randomUUID(), randomUUID()]
        for (const id of products) yield* sql`insert into products (id, sku, name, erp_id) values (${id}::uuid, ${id}, 'P', ${id})`
        return { advisors, companies, clients, products }
      })

      const apply = (w: Effect.Success<typeof world>, ops: ReadonlyArray<Operation>) =>
        Effect.gen(function*() {
          const created: Array<string> = []
          const pick = (n: number) => created.length === 0 ? undefined : created[n % created.length]!
          for (const op of ops) {
            switch (op.op) {
              case "insert": {
                const id = randomUUID()
                const client = w.clients[op.client]!
                const total = op.items.reduce((sum, item) => sum + item.qty * item.price, 0)
                const at = new Date(base + op.day * 86_400_000 + op.hour * 3_600_000)
                yield* sql`insert into quotations (id, status, source, total, client_id, company_id, advisor_id, created_at)
                  select ${id}::uuid, ${op.status}, ${op.source}, ${total}, c.id, c.company_id, ${w.advisors[op.advisor]}::uuid, ${at}
                    from clients c where c.id = ${client}::uuid`
                for (const [position, item] of op.items.entries()) {
                  yield* sql`insert into quotation_items (quotation_id, position, product_id, sku, name, quantity, unit_price, price_type, subtotal)
                    select ${id}::uuid, ${position}, p.id, ${`SKU-${item.product}`}, ${`Name ${position}`}, ${item.qty},
                           ${item.price}, 'price_list', ${item.qty * item.price}
                      from (select ${w.products[item.product]!}::uuid as wanted) x left join products p on p.id = x.wanted`
                }
                created.push(id)
                break
              }
              case "status":
                yield* sql`update quotations set status = ${op.status} where id = ${pick(op.pick) ?? null}::uuid`
                break
              case "erp":
                yield* sql`update quotations set erp_quotation_id = 'E' where id = ${pick(op.pick) ?? null}::uuid`
                break
              case "move":
                yield* sql`update quotations set created_at = created_at + ${op.day} * interval '1 day',
                           advisor_id = ${w.advisors[op.advisor]}::uuid where id = ${pick(op.pick) ?? null}::uuid`
                break
              case "client":
                yield* sql`update quotations set client_id = ${w.clients[op.client]!}::uuid
                            where id = ${pick(op.pick) ?? null}::uuid`
                break
              case "item":
                yield* sql`update quotation_items set quantity = ${op.qty}, subtotal = subtotal + 1
                            where quotation_id = ${pick(op.pick) ?? null}::uuid and position = 0`
                break
              case "delete":
                yield* sql`delete from quotations where id = ${pick(op.pick) ?? null}::uuid`
                break
              case "deleteCompany":
                yield* sql`delete from companies where id = ${w.companies[op.company]!}::uuid`
                break
              case "deleteProduct":
                yield* sql`delete from products where id = ${w.products[op.product]!}::uuid`
                break
              case "clientActive":
                yield* sql`update clients set active = ${op.active} where id = ${w.clients[op.client]!}::uuid`
                break
              case "fold":
                yield* sql`select fold_quotation_rollups()`
                break
            }
          }
        })

      /** Every figure from the rollups and directly, for one cover and advisor, as comparable text. */
      const compare = (w: Effect.Success<typeof world>, cover: RollupCover, window: string, advisor: string | undefined) =>
        Effect.gen(function*() {
          const inWindow = sql.literal(window)
          const byAdvisor = advisor === undefined ? sql`true` : sql`q.advisor_id = ${advisor}::uuid`
          const headers = yield* sql`
            select x.status, x.source, x.in_erp, sum(x.orders)::text as orders, sum(x.revenue)::text as revenue
              from ${headerSource(sql, cover, advisor)} x group by 1, 2, 3 having sum(x.orders) <> 0 order by 1, 2, 3`
          const directHeaders = yield* sql`
            select q.status, q.source, q.status in ('synced', 'sent_to_erp') or q.erp_quotation_id is not null as in_erp,
                   count(*)::text as orders, sum(q.total)::text as revenue
              from quotations q where ${inWindow} and ${byAdvisor} group by 1, 2, 3 order by 1, 2, 3`
          assert.deepStrictEqual(headers, directHeaders)
          const products = yield* sql`
            select x.product_key, x.sku, x.name, sum(x.qty)::text as qty, sum(x.revenue)::text as revenue
              from ${productSource(sql, cover, advisor)} x group by 1, 2, 3 having sum(x.lines) <> 0 order by 1, 2, 3`
          const directProducts = yield* sql`
            select coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_key,
                   case when i.product_id is null then i.sku else '' end as sku,
                   case when i.product_id is null then i.name else '' end as name,
                   sum(i.quantity)::text as qty, sum(i.subtotal)::text as revenue
              from quotations q join quotation_items i on i.quotation_id = q.id
             where q.status <> 'rejected' and ${inWindow} and ${byAdvisor} group by 1, 2, 3 order by 1, 2, 3`
          assert.deepStrictEqual(products, directProducts)
          const piece = singlePiece(cover)
          if (piece !== undefined) {
            // The rankings over one piece read only the rows that can rank: the same top
            // as the full source (sales-statistics.ts ranks the same way).
            const size = 2
            const productTop = (rows: { readonly pending?: Fragment; readonly source: Fragment }) =>
              sql`
                ${rows.pending === undefined ? sql`` : sql`with ${rows.pending}`}
                select x.product_key, x.sku, sum(x.qty)::text as qty, sum(x.revenue)::text as revenue
                  from ${rows.source} x group by 1, 2 having sum(x.lines) > 0
                 order by sum(x.revenue) desc, sum(x.qty) desc, 1, 2 limit ${size}`
            assert.deepStrictEqual(
              yield* productTop(pieceProducts(sql, piece, advisor, size)),
              yield* productTop({ source: productSource(sql, cover, advisor) })
            )
            if (advisor === undefined) {
              const clientTop = (rows: { readonly pending?: Fragment; readonly source: Fragment }) =>
                sql`
                  ${rows.pending === undefined ? sql`` : sql`with ${rows.pending}`}
                  select x.client_id, sum(x.orders)::text as orders, sum(x.revenue)::text as revenue
                    from ${rows.source} x group by 1 having sum(x.orders) > 0
                   order by sum(x.revenue) desc, sum(x.orders) desc, 1 limit ${size}`
              assert.deepStrictEqual(
                yield* clientTop(pieceClients(sql, piece, size)),
                yield* clientTop({ source: clientSource(sql, cover) })
              )
            }
          }
          if (advisor === undefined) {
            const clients = yield* sql`
              select x.client_id, sum(x.orders)::text as orders, sum(x.revenue)::text as revenue
                from ${clientSource(sql, cover)} x group by 1 having sum(x.orders) <> 0 order by 1`
            const directClients = yield* sql`
              select q.client_id, count(*)::text as orders, sum(q.total)::text as revenue
                from quotations q where q.status <> 'rejected' and ${inWindow} group by 1 order by 1`
            assert.deepStrictEqual(clients, directClients)
          }
        })

      const companies = Effect.gen(function*() {
        const rolled = yield* sql`
          select company_id, advisor_key, sum(orders)::text as orders, sum(revenue)::text as revenue from (
            select company_id, advisor_key, orders, revenue from company_rollups
            union all
            select company_id, advisor_key, orders, case when status <> 'rejected' then revenue else 0 end
              from quotation_deltas where company_id is not null
          ) x group by 1, 2 having sum(orders) <> 0 order by 1, 2`
        const direct = yield* sql`
          select company_id, coalesce(advisor_id, '00000000-0000-0000-0000-000000000000'::uuid) as advisor_key,
                 count(*)::text as orders, coalesce(sum(total) filter (where status <> 'rejected'), 0)::text as revenue
            from quotations where company_id is not null group by 1, 2 order by 1, 2`
        assert.deepStrictEqual(rolled, direct)
        const counted = yield* sql`
          select advisor_key, clients::text, active_clients::text from client_count_totals where clients <> 0 order by 1`
        const directCounts = yield* sql`
          select coalesce(advisor_id, '00000000-0000-0000-0000-000000000000'::uuid) as advisor_key,
                 count(*)::text as clients, count(*) filter (where active)::text as active_clients
            from clients group by 1 order by 1`
        assert.deepStrictEqual(counted, directCounts)
        const quotationCounts = yield* sql`
          select client_id, quotations::text from client_quotation_totals where quotations <> 0 order by 1`
        const directQuotationCounts = yield* sql`
          select client_id, count(*)::text as quotations from quotations group by 1 order by 1`
        assert.deepStrictEqual(quotationCounts, directQuotationCounts)
      })

      const day = (text: string) => parseEpochDay(text)!
      const covers: ReadonlyArray<readonly [RollupCover, string]> = [
        [rollupCover(undefined, undefined), "true"],
        [rollupCover(day("2025-02-01"), day("2025-03-01")), "bogota_day(q.created_at) >= '2025-02-01' and bogota_day(q.created_at) < '2025-03-01'"],
        [rollupCover(day("2025-01-15"), day("2025-04-10")), "bogota_day(q.created_at) >= '2025-01-15' and bogota_day(q.created_at) < '2025-04-10'"],
        [rollupCover(day("2025-02-03"), undefined), "bogota_day(q.created_at) >= '2025-02-03'"],
        [rollupCover(undefined, day("2025-03-20")), "bogota_day(q.created_at) < '2025-03-20'"]
      ]

      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(fc.array(Operation, { minLength: 1, maxLength: 25 }), (ops) =>
            Effect.runPromise(Effect.gen(function*() {
              const w = yield* world
              yield* apply(w, ops)
              for (const [cover, window] of covers) {
                for (const advisor of [undefined, w.advisors[0]!]) yield* compare(w, cover, window, advisor)
              }
              yield* companies
            }).pipe(Effect.provideContext(context)))),
          { numRuns: 20, examples: [[fallingLeader], [tiedPieces], [tiedPieces], [tiedPieces]] }
        )
      )
    }), { timeout: 240_000 })
})
