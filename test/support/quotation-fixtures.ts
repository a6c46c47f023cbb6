/**
 * Test data written straight into the database (a supported way in: the triggers keep
 * rows coherent and record the webhook events). Quotations have no endpoint yet, so the
 * advisor and statistics tests insert them here, with the people and places they need:
 * advisors, companies, branches, clients.
 *
 * Every helper takes what a test cares about and invents the rest uniquely, so tests
 * sharing one database never collide.
 */
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { hashPassword } from "@quote/adapters/infra/passwords/bcrypt-password-hasher"
import { uniqueTag } from "./test-server.ts"

/** A short random tag for unique names, NITs and e-mails. */

const IdRow = Schema.Struct({ id: Schema.String })
const insertedId = (rows: ReadonlyArray<unknown>) =>
  Schema.decodeUnknownEffect(IdRow)(rows[0]).pipe(Effect.map((row) => row.id))

export interface FixtureUser {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly password: string
}

/** A user of any role; it can log in with `password`. */
export const insertUser = (options: {
  readonly role: "admin" | "advisor" | "client"
  readonly name?: string
  readonly email?: string
  readonly active?: boolean
  readonly companyId?: string | null
  readonly branchId?: string | null
}) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const tag = uniqueTag()
    const name = options.name ?? `Usuario ${tag}`
    const email = options.email ?? `user-${tag}@example.com`
    const password = "fixture-password"
    const id = yield* sql`insert into users ${sql.insert({
      name,
      email,
      password_hash: yield* hashPassword(password),
      role: options.role,
      active: options.active ?? true,
      company_id: options.companyId ?? null,
      branch_id: options.branchId ?? null
    })} returning id`.pipe(Effect.flatMap(insertedId))
    return { id, name, email, password } satisfies FixtureUser
  }).pipe(Effect.orDie)

export const insertAdvisor = (name?: string) => insertUser({ role: "advisor", ...(name === undefined ? {} : { name }) })

export interface FixtureCompany {
  readonly id: string
  readonly name: string
  readonly nit: string
  readonly email: string
  readonly phone: string
  readonly address: string
}

export const insertCompany = (options: { readonly name?: string; readonly nit?: string; readonly active?: boolean } = {}) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const tag = uniqueTag()
    const name = options.name ?? `Empresa ${tag}`
    const nit = options.nit ?? `NIT${tag}`
    const contact = { email: `empresa-${tag}@example.com`, phone: "+576015550000", address: `Calle ${tag}` }
    const id = yield* sql`insert into companies ${sql.insert({
      name,
      nit,
      ...contact,
      active: options.active ?? true
    })} returning id`.pipe(Effect.flatMap(insertedId))
    return { id, name, nit, ...contact } satisfies FixtureCompany
  }).pipe(Effect.orDie)

/** The id of a seeded route by name ("Always open", "Biweekly", "Almost closed"). */
export const routeIdByName = (name: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    return yield* insertedId(yield* sql`select id from routes where name = ${name}`)
  }).pipe(Effect.orDie)

export const insertBranch = (options: {
  readonly companyId: string
  readonly advisorId: string | null
  readonly routeId?: string | null
  readonly name?: string
  readonly city?: string
  readonly active?: boolean
}) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const name = options.name ?? `Sede ${uniqueTag()}`
    const id = yield* sql`insert into branches ${sql.insert({
      company_id: options.companyId,
      name,
      city: options.city ?? "Bogotá",
      address: "Calle 1 # 2-3",
      route_id: options.routeId ?? null,
      advisor_id: options.advisorId,
      active: options.active ?? true
    })} returning id`.pipe(Effect.flatMap(insertedId))
    return { id, name }
  }).pipe(Effect.orDie)

export interface FixtureClient {
  readonly id: string
  readonly name: string
  readonly nit: string
  readonly email: string | null
}

/** A client of `branchId`, which also gives it its route and advisor (database trigger). */
export const insertClient = (options: {
  readonly companyId: string
  readonly branchId: string
  readonly name?: string
  readonly email?: string | null
  readonly active?: boolean
  readonly userId?: string | null
  readonly priceListId?: string | null
  readonly phones?: ReadonlyArray<{ readonly phone: string; readonly label?: string; readonly isMessaging?: boolean }>
}) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const tag = uniqueTag()
    const name = options.name ?? `Cliente ${tag}`
    const nit = `C${tag}`
    const email = options.email === undefined ? `cliente-${tag}@example.com` : options.email
    const id = yield* sql`insert into clients ${sql.insert({
      name,
      nit,
      email,
      active: options.active ?? true,
      company_id: options.companyId,
      branch_id: options.branchId,
      user_id: options.userId ?? null,
      price_list_id: options.priceListId ?? null
    })} returning id`.pipe(Effect.flatMap(insertedId))
    for (const phone of options.phones ?? []) {
      yield* sql`insert into client_phones ${sql.insert({
        client_id: id,
        phone: phone.phone,
        label: phone.label ?? null,
        is_messaging: phone.isMessaging ?? true
      })}`
    }
    return { id, name, nit, email } satisfies FixtureClient
  }).pipe(Effect.orDie)

export interface FixtureItem {
  /** A seeded SKU (the product is linked), or any other SKU (a line whose product was deleted). */
  readonly sku: string
  readonly quantity: number
  readonly unitPrice: number
  readonly name?: string
}

export interface FixtureQuotation {
  readonly id: string
  readonly code: string
  readonly total: number
}

/**
 * A quotation of `clientId` with `items`, created at `createdAt`. Company, branch, route
 * and advisor are the client's unless `advisorId` overrides the advisor (a quotation
 * made before the client changed advisor). `total` is the sum of the line subtotals.
 */
export const insertQuotation = (options: {
  readonly clientId: string
  readonly createdAt: string | Date
  readonly items: ReadonlyArray<FixtureItem>
  readonly status?: "draft" | "sent" | "pending" | "approved" | "rejected" | "synced" | "sent_to_erp"
  readonly advisorId?: string | null
  readonly erpQuotationId?: string | null
  readonly erpUrl?: string | null
}) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const createdAt = new Date(options.createdAt)
    const lines = options.items.map((item) => ({ ...item, subtotal: Math.round(item.unitPrice * item.quantity) }))
    const total = lines.reduce((sum, line) => sum + line.subtotal, 0)
    const rows = yield* sql`
      insert into quotations (status, source, total, client_id, company_id, branch_id, advisor_id, route_id,
                              erp_quotation_id, erp_url, created_at, updated_at)
      select ${options.status ?? "pending"}, 'web', ${total}, c.id, c.company_id, c.branch_id,
             ${options.advisorId === undefined ? sql`c.advisor_id` : sql`${options.advisorId}::uuid`},
             c.route_id, ${options.erpQuotationId ?? null}, ${options.erpUrl ?? null}, ${createdAt}, ${createdAt}
        from clients c where c.id = ${options.clientId}
      returning id, code`
    const quotation = yield* Schema.decodeUnknownEffect(Schema.Struct({ id: Schema.String, code: Schema.String }))(rows[0])
    for (const [position, line] of lines.entries()) {
      yield* sql`
        insert into quotation_items (quotation_id, position, product_id, sku, name, quantity, unit_price, price_type, subtotal, created_at)
        select ${quotation.id}, ${position}, p.id, ${line.sku}, coalesce(${line.name ?? null}, p.name, ${line.sku}),
               ${line.quantity}, ${line.unitPrice}, 'price_list', ${line.subtotal}, ${createdAt}
          from (select 1) one left join products p on p.sku = ${line.sku}`
    }
    return { ...quotation, total } satisfies FixtureQuotation
  }).pipe(Effect.orDie)
