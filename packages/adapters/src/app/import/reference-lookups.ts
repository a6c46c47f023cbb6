/**
 * Bulk look-ups of the natural keys an import file uses — a route by name, an advisor by
 * e-mail, a branch by company NIT and branch name, a product by SKU, a price list by
 * name, a client by NIT — one statement per batch of keys, never one per row. `usable`
 * is the API's rule for a reference that is being set (an active route, an active
 * advisor, an active branch of an active company, an active list); a reference that
 * stays as stored is not judged again, as on the API's partial update.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

export interface Reference {
  readonly id: string
  readonly usable: boolean
}

/** Two rows with one name (route, price list, promotion names are not unique in the database). */
export const AMBIGUOUS = "ambiguous" as const
export type Found = Reference | typeof AMBIGUOUS

/** What a look-up by one natural key selects. */
const KeyedRow = Schema.Struct({ key: Schema.String, id: Schema.String, usable: Schema.Boolean })

const byKey = <E, R>(statement: Effect.Effect<ReadonlyArray<unknown>, E, R>): Effect.Effect<Map<string, Found>, E, R> =>
  statement.pipe(decodedRows(KeyedRow), Effect.map((rows) => {
    const found = new Map<string, Found>()
    for (const row of rows) found.set(row.key, found.has(row.key) ? AMBIGUOUS : { id: row.id, usable: row.usable })
    return found
  }))

const distinct = (keys: Iterable<string>): Array<string> => [...new Set(keys)]

export const routesByName = Effect.fnUntraced(function*(names: Iterable<string>) {
  const sql = yield* SqlClient.SqlClient
  return yield* byKey(sql`
    select name as key, id, active as usable from routes where name = any(${distinct(names)}::text[])`)
})

/** Keyed by lower-case e-mail (e-mails are unique regardless of case). */
export const advisorsByEmail = Effect.fnUntraced(function*(emails: Iterable<string>) {
  const sql = yield* SqlClient.SqlClient
  return yield* byKey(sql`
    select lower(email) as key, id, (active and role = 'advisor') as usable
      from users where lower(email) = any(${distinct([...emails].map((e) => e.toLowerCase()))}::text[])`)
})

export const branchKey = (companyNit: string, branchName: string): string => `${companyNit}\u0000${branchName}`

export interface BranchReference extends Reference {
  readonly companyId: string
}

export const branchesByKey = Effect.fnUntraced(function*(keys: Iterable<readonly [string, string]>) {
  const sql = yield* SqlClient.SqlClient
  const pairs = [...keys]
  const rows = yield* sql`
    select co.nit, b.name, b.id, b.company_id, (b.active and co.active) as usable
      from branches b join companies co on co.id = b.company_id
      join unnest(${pairs.map(([nit]) => nit)}::text[], ${pairs.map(([, name]) => name)}::text[]) as k(nit, name)
        on k.nit = co.nit and k.name = b.name`.pipe(
    decodedRows(Schema.Struct({
      nit: Schema.String,
      name: Schema.String,
      id: Schema.String,
      companyId: Schema.String,
      usable: Schema.Boolean
    }))
  )
  const found = new Map<string, BranchReference | typeof AMBIGUOUS>()
  for (const row of rows) {
    const key = branchKey(row.nit, row.name)
    found.set(key, found.has(key) ? AMBIGUOUS : { id: row.id, companyId: row.companyId, usable: row.usable })
  }
  return found
})

export const productsBySku = Effect.fnUntraced(function*(skus: Iterable<string>) {
  const sql = yield* SqlClient.SqlClient
  return yield* byKey(sql`
    select sku as key, id, true as usable from products where sku = any(${distinct(skus)}::text[])`)
})

export const priceListsByName = Effect.fnUntraced(function*(names: Iterable<string>) {
  const sql = yield* SqlClient.SqlClient
  return yield* byKey(sql`
    select name as key, id, active as usable from price_lists where name = any(${distinct(names)}::text[])`)
})

export const clientsByNit = Effect.fnUntraced(function*(nits: Iterable<string>) {
  const sql = yield* SqlClient.SqlClient
  return yield* byKey(sql`
    select nit as key, id, true as usable from clients where nit = any(${distinct(nits)}::text[])`)
})

/**
 * Resolves a reference a row sets: its id, or the problem to report. `stored` is the
 * row's current id, so keeping a reference that has since become unusable is no error.
 */
export const resolveReference = (
  found: Found | undefined,
  what: { readonly code: string; readonly label: string; readonly key: string },
  stored: string | null | undefined
): { readonly id: string } | { readonly problem: { readonly code: string; readonly message: string } } => {
  if (found === AMBIGUOUS) {
    return { problem: { code: "VALIDATION_ERROR", message: `more than one ${what.label} is named "${what.key}"` } }
  }
  if (found === undefined) return { problem: { code: what.code, message: `no ${what.label} "${what.key}"` } }
  if (!found.usable && found.id !== stored) {
    return { problem: { code: what.code, message: `the ${what.label} "${what.key}" is not active` } }
  }
  return { id: found.id }
}
