/**
 * The test scenarios (CONTRACT.md "Test scenarios"): loaded idempotently, and each
 * scenario phone finds what the spec's scenario table expects.
 */
import { assert, layer } from "@effect/vitest"
import bcrypt from "bcrypt"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { scenarioPhones } from "../../../src/dev/seed/scenario-data.ts"
import { seedScenarios } from "../../../src/dev/seed/scenarios.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"

interface PhoneMatch {
  readonly clientId: string
  readonly companyId: string
  readonly branches: number
  readonly routeName: string | null
  readonly priceList: string | null
}

/** What the integration lookup sees for a phone: active clients of active companies and branches. */
const lookup = (phone: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    return yield* sql<PhoneMatch>`
      select c.id as "clientId", co.id as "companyId",
             (select count(*)::int from branches x where x.company_id = co.id and x.active) as branches,
             r.name as "routeName", pl.name as "priceList"
        from client_phones p
        join clients c on c.id = p.client_id and c.active
        join companies co on co.id = c.company_id and co.active
        join branches b on b.id = c.branch_id and b.active
        left join routes r on r.id = b.route_id
        left join price_lists pl on pl.id = c.price_list_id
       where p.phone = ${phone}
       order by co.nit`
  })

/** Idempotent, so every test can ask for the scenarios. */
const seeded = seedScenarios({ adminPassword: "first-password" })

layer(TestDatabase.layer)("test scenarios seed", (it) => {
  it.effect("runs twice with the same row counts; the admin is created once", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const first = yield* seeded
      const second = yield* seedScenarios({ adminPassword: "second-password" })
      assert.strictEqual(first.adminEmail, "admin@example.com")
      assert.isTrue(first.adminCreated)
      assert.isFalse(second.adminCreated)
      assert.deepStrictEqual(second.counts, first.counts)
      assert.isTrue(Object.values(second.inserted).every((n) => n === 0))
      assert.deepInclude(first.inserted, {
        users: 3,
        routes: 3,
        companies: 5,
        branches: 6,
        clients: 5,
        clientPhones: 5,
        categories: 3,
        products: 12,
        priceLists: 2,
        priceListItems: 18,
        promotions: 2,
        promotionClients: 1
      })
      // The admin keeps the password of the run that created it.
      const admin = yield* sql<{ hash: string; role: string }>`
        select password_hash as hash, role from users where email = 'admin@example.com'`
      assert.strictEqual(admin[0]?.role, "admin")
      assert.isTrue(yield* Effect.promise(() => bcrypt.compare("first-password", admin[0]?.hash ?? "")))
      // Seeding records client.created once per client, nothing on the second run.
      const events = yield* sql<{ n: number }>`select count(*)::int as n from webhook_events where type = 'client.created'`
      assert.strictEqual(events[0]?.n, first.inserted.clients)
    }))

  it.effect("the three test routes", () =>
    Effect.gen(function*() {
      yield* seeded
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const routes = yield* sql<{
        name: string
        days: ReadonlyArray<number>
        frequency: string
        anchor: string | null
        anchorDow: number | null
        before: number
        time: string
        advisor: string | null
      }>`
        select r.name, r.operation_days as days, r.frequency, r.anchor_date::text as anchor,
               extract(isodow from r.anchor_date)::int as "anchorDow",
               r.cutoff_days_before as before, r.cutoff_time as time, u.email as advisor
          from routes r left join users u on u.id = r.advisor_id
         where r.name in ('Always open', 'Biweekly', 'Almost closed')
         order by r.name`
      assert.deepStrictEqual(routes, [
        { name: "Almost closed", days: [5], frequency: "weekly", anchor: null, anchorDow: null, before: 6, time: "00:01", advisor: "asesor@example.com" },
        { name: "Always open", days: [1, 2, 3, 4, 5, 6, 7], frequency: "weekly", anchor: null, anchorDow: null, before: 0, time: "23:59", advisor: "asesor@example.com" },
        { name: "Biweekly", days: [3], frequency: "biweekly", anchor: "2025-01-08", anchorDow: 3, before: 2, time: "17:00", advisor: "asesor@example.com" }
      ])
    }))

  it.effect("+573000000001: one client of a company with 2 branches, both on the always-open route", () =>
    Effect.gen(function*() {
      yield* seeded
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const matches = yield* lookup(scenarioPhones.twoBranches)
      assert.strictEqual(matches.length, 1)
      assert.deepInclude(matches[0], { branches: 2, routeName: "Always open", priceList: "Lista Distribuidora Andina" })
      const branchRoutes = yield* sql<{ route: string | null; advisor: string | null }>`
        select r.name as route, u.email as advisor
          from branches b left join routes r on r.id = b.route_id left join users u on u.id = b.advisor_id
         where b.company_id = ${matches[0]?.companyId ?? ""}::uuid`
      assert.deepStrictEqual(branchRoutes, [
        { route: "Always open", advisor: "asesor@example.com" },
        { route: "Always open", advisor: "asesor@example.com" }
      ])
      // Its login user carries its company and branch.
      const login = yield* sql<{ role: string; sameCompany: boolean }>`
        select u.role, u.company_id = c.company_id and u.branch_id = c.branch_id as "sameCompany"
          from clients c join users u on u.id = c.user_id where c.id = ${matches[0]?.clientId ?? ""}::uuid`
      assert.deepStrictEqual(login, [{ role: "client", sameCompany: true }])
    }))

  it.effect("+573000000001: its price list holds a client-specific promotion price and a general promotion price", () =>
    Effect.gen(function*() {
      yield* seeded
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [match] = yield* lookup(scenarioPhones.twoBranches)
      const clientId = match?.clientId ?? ""
      // The lowest of: list price (client list, else general), active general promotion,
      // active specific promotion of the client (CONTRACT.md "Catalog, price lists, promotions").
      const prices = yield* sql<{ sku: string; list: number; promotion: number | null; kind: string | null }>`
        select p.sku,
               coalesce(cli.price, gen.price)::int as list,
               promo.price::int as promotion,
               promo.kind
          from products p
          join price_lists gl on gl.is_default
          join price_list_items gen on gen.price_list_id = gl.id and gen.product_id = p.id
          left join clients c on c.id = ${clientId}::uuid
          left join price_list_items cli on cli.price_list_id = c.price_list_id and cli.product_id = p.id
          left join lateral (
            select pr.price, pr.kind from promotions pr
             where pr.product_id = p.id and pr.active and pr.starts_at <= now()
               and (pr.ends_at is null or pr.ends_at > now() + interval '5 years')
               and (pr.kind = 'general' or exists (
                 select 1 from promotion_clients pc where pc.promotion_id = pr.id and pc.client_id = c.id))
             order by pr.price limit 1
          ) promo on true
         where p.sku in ('ABA-001', 'BEB-001', 'ABA-002', 'BEB-002')
         order by p.sku`
      assert.deepStrictEqual(prices, [
        { sku: "ABA-001", list: 22500, promotion: 19900, kind: "specific" },
        { sku: "ABA-002", list: 36000, promotion: null, kind: null },
        { sku: "BEB-001", list: 26500, promotion: 24900, kind: "general" },
        { sku: "BEB-002", list: 52000, promotion: null, kind: null }
      ])
      // Other clients see the general list and only the general promotion.
      const others = yield* sql<{ n: number }>`
        select count(*)::int as n from clients c
          join client_phones p on p.client_id = c.id
         where p.phone <> ${scenarioPhones.twoBranches} and c.price_list_id is null`
      assert.strictEqual(others[0]?.n, 4)
      const specificFor = yield* sql<{ clientId: string }>`
        select pc.client_id as "clientId" from promotion_clients pc
          join promotions pr on pr.id = pc.promotion_id where pr.kind = 'specific'`
      assert.deepStrictEqual(specificFor, [{ clientId }])
    }))

  it.effect("+573000000002: a client whose branch is on the almost-closed route", () =>
    Effect.gen(function*() {
      yield* seeded
      const matches = yield* lookup(scenarioPhones.almostClosed)
      assert.strictEqual(matches.length, 1)
      assert.deepInclude(matches[0], { branches: 1, routeName: "Almost closed", priceList: null })
    }))

  it.effect("+573000000003: the same number on two clients of two companies, both on routes", () =>
    Effect.gen(function*() {
      yield* seeded
      const matches = yield* lookup(scenarioPhones.twoCompanies)
      assert.strictEqual(matches.length, 2)
      assert.notStrictEqual(matches[0]?.companyId, matches[1]?.companyId)
      assert.deepStrictEqual(matches.map((m) => [m.branches, m.routeName]), [[1, "Always open"], [1, "Biweekly"]])
    }))

  it.effect("+573000000004: a client whose branch has no route; +573000000099: nobody", () =>
    Effect.gen(function*() {
      yield* seeded
      const noRoute = yield* lookup(scenarioPhones.noRoute)
      assert.strictEqual(noRoute.length, 1)
      assert.deepInclude(noRoute[0], { branches: 1, routeName: null })
      assert.deepStrictEqual(yield* lookup(scenarioPhones.unregistered), [])
    }))

  it.effect("12 products in 3 categories with stock, all priced in the general list; one advisor", () =>
    Effect.gen(function*() {
      yield* seeded
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const catalog = yield* sql<{ category: string; products: number; untracked: number; priced: number }>`
        select c.name as category, count(p.id)::int as products,
               count(*) filter (where not p.stock_tracked)::int as untracked,
               count(i.price)::int as priced
          from categories c
          join products p on p.category_id = c.id and p.active
          left join price_list_items i on i.product_id = p.id
           and i.price_list_id = (select id from price_lists where is_default)
         group by c.name order by c.name`
      assert.deepStrictEqual(catalog, [
        { category: "Abarrotes", products: 4, untracked: 0, priced: 4 },
        { category: "Aseo", products: 4, untracked: 1, priced: 4 },
        { category: "Bebidas", products: 4, untracked: 1, priced: 4 }
      ])
      const stocked = yield* sql<{ n: number }>`select count(*)::int as n from products where stock > 0`
      assert.isAtLeast(stocked[0]?.n ?? 0, 8)
      const general = yield* sql<{ name: string; active: boolean }>`select name, active from price_lists where is_default`
      assert.deepStrictEqual(general, [{ name: "Lista general", active: true }])
      const advisors = yield* sql<{ email: string }>`select email from users where role = 'advisor'`
      assert.deepStrictEqual(advisors, [{ email: "asesor@example.com" }])
    }))
})
