/**
 * Loads the test scenarios (CONTRACT.md "Test scenarios") into a migrated database.
 *
 * Idempotent: every row is found by its natural key (route name, NIT, branch name within
 * its company, SKU, e-mail, phone per client, list/promotion name) and inserted only when
 * missing, so a second run inserts nothing and changes nothing: rows edited since the
 * first run are left as they are, and the admin keeps its password. Runs in one
 * transaction. Route schedule labels are not stored: the application derives them from
 * the calendar on read.
 */
import bcrypt from "bcrypt"
import * as Effect from "effect/Effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import {
  adminEmail,
  advisorEmail,
  categorySeeds,
  companySeeds,
  firstClientPriceList,
  generalPriceListName,
  productSeeds,
  promotionPeriod,
  promotionSeeds,
  routeSeeds,
  type RouteSeed
} from "./scenario-data.ts"

export interface SeedScenariosOptions {
  /** Password of `admin@example.com`, used only when that user is created now. */
  readonly adminPassword: string
  /**
   * Password of the advisor (`asesor@example.com`) and of the first test client's login
   * (`cliente@example.com`) when created now; default: `adminPassword`.
   */
  readonly userPassword?: string
}

/** Rows of each scenario table: in the database after the run, and inserted by it. */
export interface SeedCounts {
  readonly users: number
  readonly routes: number
  readonly companies: number
  readonly branches: number
  readonly clients: number
  readonly clientPhones: number
  readonly categories: number
  readonly products: number
  readonly priceLists: number
  readonly priceListItems: number
  readonly promotions: number
  readonly promotionClients: number
}

export interface SeedScenariosSummary {
  readonly adminEmail: string
  /** Whether `admin@example.com` was created by this run (false: it existed). */
  readonly adminCreated: boolean
  /** Row counts of the seeded tables after the run. */
  readonly counts: SeedCounts
  /** Rows inserted by this run (all zero on a repeated run). */
  readonly inserted: SeedCounts
}

const bcryptCost = 10

type MutableCounts = { -readonly [K in keyof SeedCounts]: number }

const zeroCounts = (): MutableCounts => ({
  users: 0,
  routes: 0,
  companies: 0,
  branches: 0,
  clients: 0,
  clientPhones: 0,
  categories: 0,
  products: 0,
  priceLists: 0,
  priceListItems: 0,
  promotions: 0,
  promotionClients: 0
})

interface IdRow {
  readonly id: string
  readonly created: boolean
}

/** Postgres array literal of integers, e.g. `{1,2,3}` (cast to integer[] in SQL). */
const intArrayLiteral = (values: ReadonlyArray<number>): string => `{${values.join(",")}}`

const firstRow = <A>(rows: ReadonlyArray<A>, what: string): Effect.Effect<A> => {
  const row = rows[0]
  return row === undefined ? Effect.die(new Error(`seed: no row for ${what}`)) : Effect.succeed(row)
}

export const seedScenarios = Effect.fn("seedScenarios")(function*(
  options: SeedScenariosOptions
): Effect.fn.Return<SeedScenariosSummary, SqlError, SqlClient.SqlClient> {
  const sql = yield* SqlClient.SqlClient
  const inserted = zeroCounts()
  const hash = (password: string) => Effect.promise(() => bcrypt.hash(password, bcryptCost))

  /** Creates a user unless one with that e-mail (any case) exists. */
  const ensureUser = Effect.fnUntraced(function*(user: {
    readonly name: string
    readonly email: string
    readonly role: "admin" | "advisor" | "client"
    readonly password: string
  }) {
    const existing = yield* sql<{ id: string }>`select id from users where lower(email) = lower(${user.email})`
    if (existing[0] !== undefined) return { id: existing[0].id, created: false }
    const passwordHash = yield* hash(user.password)
    const rows = yield* sql<{ id: string }>`
      insert into users (name, email, password_hash, role)
      values (${user.name}, ${user.email}, ${passwordHash}, ${user.role})
      on conflict ((lower(email))) do nothing
      returning id`
    const row = yield* firstRow(rows, `user ${user.email}`)
    inserted.users++
    return { id: row.id, created: true }
  })

  const run = Effect.gen(function*() {
    const userPassword = options.userPassword ?? options.adminPassword

    // Users -------------------------------------------------------------------------------
    const admin = yield* ensureUser({ name: "Administrador", email: adminEmail, role: "admin", password: options.adminPassword })
    const advisor = yield* ensureUser({ name: "Asesor de Pruebas", email: advisorEmail, role: "advisor", password: userPassword })

    // Routes (natural key: name) ------------------------------------------------------------
    const routeIds = new Map<RouteSeed["key"], string>()
    for (const route of routeSeeds) {
      const rows = yield* sql<IdRow>`
        with existing as (select id from routes where name = ${route.name} order by created_at, id limit 1),
        ins as (
          insert into routes (name, description, operation_days, frequency, anchor_date,
                              cutoff_days_before, cutoff_time, city, advisor_id)
          select ${route.name}, ${route.description}, ${intArrayLiteral(route.operationDays)}::integer[],
                 ${route.frequency}, ${route.anchorDate}::date, ${route.cutoffDaysBefore},
                 ${route.cutoffTime}, ${route.city}, ${advisor.id}::uuid
           where not exists (select 1 from existing)
          returning id
        )
        select id, true as created from ins
        union all
        select id, false as created from existing`
      const row = yield* firstRow(rows, `route ${route.name}`)
      if (row.created) inserted.routes++
      routeIds.set(route.key, row.id)
    }

    // Catalog -----------------------------------------------------------------------------
    const categoryIds = new Map<string, string>()
    for (const name of categorySeeds) {
      const rows = yield* sql<IdRow>`
        with existing as (select id from categories where name = ${name} order by created_at, id limit 1),
        ins as (
          insert into categories (name) select ${name} where not exists (select 1 from existing)
          returning id
        )
        select id, true as created from ins
        union all
        select id, false as created from existing`
      const row = yield* firstRow(rows, `category ${name}`)
      if (row.created) inserted.categories++
      categoryIds.set(name, row.id)
    }

    const productIds = new Map<string, string>()
    for (const product of productSeeds) {
      const rows = yield* sql<IdRow>`
        with ins as (
          insert into products (sku, name, unit, category_id, stock, stock_tracked, stock_synced_at)
          values (${product.sku}, ${product.name}, ${product.unit}, ${categoryIds.get(product.category) ?? null}::uuid,
                  ${product.stock}, ${product.stockTracked}, now())
          on conflict (sku) do nothing
          returning id
        )
        select id, true as created from ins
        union all
        select id, false as created from products where sku = ${product.sku}`
      const row = yield* firstRow(rows, `product ${product.sku}`)
      if (row.created) inserted.products++
      productIds.set(product.sku, row.id)
    }

    // Price lists: the general list is whichever list is the default; the first client's
    // own list is found by name.
    const general = yield* firstRow(
      yield* sql<IdRow>`
        with existing as (select id from price_lists where is_default),
        ins as (
          insert into price_lists (name, is_default)
          select ${generalPriceListName}, true where not exists (select 1 from existing)
          returning id
        )
        select id, true as created from ins
        union all
        select id, false as created from existing`,
      "general price list"
    )
    if (general.created) inserted.priceLists++

    const clientList = yield* firstRow(
      yield* sql<IdRow>`
        with existing as (select id from price_lists where name = ${firstClientPriceList} order by created_at, id limit 1),
        ins as (
          insert into price_lists (name) select ${firstClientPriceList} where not exists (select 1 from existing)
          returning id
        )
        select id, true as created from ins
        union all
        select id, false as created from existing`,
      "client price list"
    )
    if (clientList.created) inserted.priceLists++

    for (const product of productSeeds) {
      const productId = productIds.get(product.sku) ?? null
      const prices: ReadonlyArray<readonly [string, number]> = product.clientListPrice === undefined
        ? [[general.id, product.price]]
        : [[general.id, product.price], [clientList.id, product.clientListPrice]]
      for (const [priceListId, price] of prices) {
        const rows = yield* sql<{ id: string }>`
          insert into price_list_items (price_list_id, product_id, price)
          values (${priceListId}::uuid, ${productId}::uuid, ${price})
          on conflict (price_list_id, product_id) do nothing
          returning product_id as id`
        inserted.priceListItems += rows.length
      }
    }

    // Companies, branches, clients, phones ---------------------------------------------------
    const clientIds = new Map<string, string>()
    for (const company of companySeeds) {
      const companyRow = yield* firstRow(
        yield* sql<IdRow>`
          with ins as (
            insert into companies (name, nit, email, phone, address)
            values (${company.name}, ${company.nit}, ${company.email}, ${company.phone}, ${company.address})
            on conflict (nit) do nothing
            returning id
          )
          select id, true as created from ins
          union all
          select id, false as created from companies where nit = ${company.nit}`,
        `company ${company.nit}`
      )
      if (companyRow.created) inserted.companies++

      const branchIds: Array<string> = []
      for (const branch of company.branches) {
        const routeId = branch.route === null ? null : routeIds.get(branch.route) ?? null
        const branchRow = yield* firstRow(
          yield* sql<IdRow>`
            with existing as (
              select id from branches
               where company_id = ${companyRow.id}::uuid and name = ${branch.name}
               order by created_at, id limit 1
            ),
            ins as (
              insert into branches (company_id, name, address, city, route_id, advisor_id, latitude, longitude)
              select ${companyRow.id}::uuid, ${branch.name}, ${branch.address}, ${branch.city},
                     ${routeId}::uuid, ${advisor.id}::uuid, ${branch.latitude}, ${branch.longitude}
               where not exists (select 1 from existing)
              returning id
            )
            select id, true as created from ins
            union all
            select id, false as created from existing`,
          `branch ${company.nit}/${branch.name}`
        )
        if (branchRow.created) inserted.branches++
        branchIds.push(branchRow.id)
      }

      for (const client of company.clients) {
        const branchId = branchIds[client.branch] ?? null
        const priceListId = client.priceList === firstClientPriceList ? clientList.id : null
        const userId = client.userEmail === undefined ? null : (yield* ensureUser({
          name: client.name,
          email: client.userEmail,
          role: "client",
          password: userPassword
        })).id
        if (userId !== null) {
          // A client-role user carries its company and branch (spec: Users rule 2).
          yield* sql`
            update users set company_id = ${companyRow.id}::uuid, branch_id = ${branchId}::uuid
             where id = ${userId}::uuid and company_id is null and branch_id is null`
        }
        const clientRow = yield* firstRow(
          yield* sql<IdRow>`
            with ins as (
              insert into clients (name, nit, email, company_id, branch_id, price_list_id, user_id)
              values (${client.name}, ${client.nit}, ${client.email}, ${companyRow.id}::uuid,
                      ${branchId}::uuid, ${priceListId}::uuid, ${userId}::uuid)
              on conflict (nit) do nothing
              returning id
            )
            select id, true as created from ins
            union all
            select id, false as created from clients where nit = ${client.nit}`,
          `client ${client.nit}`
        )
        if (clientRow.created) inserted.clients++
        clientIds.set(client.nit, clientRow.id)

        for (const phone of client.phones) {
          const rows = yield* sql<{ id: string }>`
            insert into client_phones (client_id, phone, label, is_messaging)
            values (${clientRow.id}::uuid, ${phone.phone}, ${phone.label}, true)
            on conflict (client_id, phone) do nothing
            returning id`
          inserted.clientPhones += rows.length
        }
      }
    }

    // Promotions (natural key: name) ----------------------------------------------------------
    for (const promotion of promotionSeeds) {
      const row = yield* firstRow(
        yield* sql<IdRow>`
          with existing as (select id from promotions where name = ${promotion.name} order by created_at, id limit 1),
          ins as (
            insert into promotions (name, kind, product_id, price, starts_at, ends_at)
            select ${promotion.name}, ${promotion.kind}, ${productIds.get(promotion.sku) ?? null}::uuid,
                   ${promotion.price}, ${promotionPeriod.startsAt}::timestamptz, ${promotionPeriod.endsAt}::timestamptz
             where not exists (select 1 from existing)
            returning id
          )
          select id, true as created from ins
          union all
          select id, false as created from existing`,
        `promotion ${promotion.name}`
      )
      if (row.created) inserted.promotions++
      for (const nit of promotion.clientNits) {
        const rows = yield* sql<{ id: string }>`
          insert into promotion_clients (promotion_id, client_id)
          values (${row.id}::uuid, ${clientIds.get(nit) ?? null}::uuid)
          on conflict (promotion_id, client_id) do nothing
          returning client_id as id`
        inserted.promotionClients += rows.length
      }
    }

    const counts = yield* firstRow(
      yield* sql<MutableCounts>`
        select
          (select count(*) from users)::int as users,
          (select count(*) from routes)::int as routes,
          (select count(*) from companies)::int as companies,
          (select count(*) from branches)::int as branches,
          (select count(*) from clients)::int as clients,
          (select count(*) from client_phones)::int as "clientPhones",
          (select count(*) from categories)::int as categories,
          (select count(*) from products)::int as products,
          (select count(*) from price_lists)::int as "priceLists",
          (select count(*) from price_list_items)::int as "priceListItems",
          (select count(*) from promotions)::int as promotions,
          (select count(*) from promotion_clients)::int as "promotionClients"`.withoutTransform,
      "counts"
    )

    return { adminEmail, adminCreated: admin.created, counts, inserted } satisfies SeedScenariosSummary
  })

  return yield* sql.withTransaction(run)
})
