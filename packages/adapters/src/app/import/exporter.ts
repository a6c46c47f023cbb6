/**
 * `cli export`: writes every row of a kind in the import's format (docs/import.md), so
 * that importing the export changes nothing. References are written as natural keys
 * (route name, advisor e-mail, company NIT and branch name, SKU, price-list name, client
 * NITs). Clients are read in pages (keyset on id) and written as they come.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { ImportFiles } from "@quote/core/import/import-files"
import { csvLine, jsonObject, phoneObjects } from "@quote/core/import/export-rows"
import type { ImportFormat, ImportKind } from "@quote/core/import/import-kind"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { StoredColumns } from "./kind-import.ts"

type Row = Record<string, unknown>

const PAGE = 5000

const COLUMNS: Record<ImportKind, ReadonlyArray<string>> = {
  routes: [
    "name", "description", "operation_days", "frequency", "anchor_date", "cutoff_days_before", "cutoff_time", "city",
    "quadrant_id", "quadrant_name", "map_zone", "bounds", "center", "street_from", "street_to", "carrera_from",
    "carrera_to", "advisor", "active"
  ],
  companies: [
    "nit", "name", "email", "phone", "address", "active", "branch_name", "branch_address", "branch_city", "branch_route",
    "branch_advisor", "branch_latitude", "branch_longitude", "branch_active"
  ],
  "price-lists": ["name", "is_default", "active", "sku", "price"],
  clients: ["nit", "name", "email", "active", "company_nit", "branch_name", "price_list", "phones"],
  promotions: ["name", "kind", "sku", "price", "starts_at", "ends_at", "active", "client_nits"]
}

/** CSV cells: lists joined by `|`, instants in ISO UTC. */
const cell = (value: unknown): unknown =>
  Array.isArray(value) ? value.join("|") : value instanceof Date ? value.toISOString() : value

/** JSON objects: companies and price lists nest their branches and items; phones become objects. */
const jsonRows = (kind: ImportKind, rows: ReadonlyArray<Row>): Array<Record<string, unknown>> => {
  const plain = (row: Row) =>
    jsonObject(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])))
  if (kind === "clients") return rows.map((row) => ({ ...plain(row), phones: phoneObjects(row.phones as Array<string>) }))
  if (kind !== "companies" && kind !== "price-lists") return rows.map(plain)
  const key = kind === "companies" ? "nit" : "name"
  const prefix = kind === "companies" ? "branch_" : ""
  const nested = kind === "companies" ? ["name", "address", "city", "route", "advisor", "latitude", "longitude", "active"] : ["sku", "price"]
  const groups = new Map<unknown, { head: Record<string, unknown>; parts: Array<Record<string, unknown>> }>()
  for (const row of rows) {
    const head = Object.fromEntries(Object.entries(row).filter(([column]) => !nested.some((n) => column === `${prefix}${n}`)))
    const part = Object.fromEntries(nested.map((n) => [n, row[`${prefix}${n}`]]))
    const group = groups.get(row[key]) ?? { head, parts: [] }
    groups.set(row[key], group)
    if (part[nested[0]!] !== null) group.parts.push(jsonObject(part))
  }
  return [...groups.values()].map(({ head, parts }) => ({ ...plain(head), [kind === "companies" ? "branches" : "items"]: parts }))
}

export class Exporter extends Context.Service<Exporter, {
  /** Writes every row of `kind` to `path`; returns how many rows (CSV lines or JSON objects) it wrote. */
  readonly write: (kind: ImportKind, path: string, format: ImportFormat) => Effect.Effect<number, SqlError>
}>()("@quote/adapters/Exporter") {
  static readonly layer = Layer.effect(
    Exporter,
    Effect.gen(function*() {
      // Columns named as stored: the file's columns are the table's (docs/import.md), so
      // one list (`COLUMNS`) names both the rows' fields and the file's header.
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const files = yield* ImportFiles

      const statement = (kind: ImportKind, after: string) => {
        switch (kind) {
          case "routes":
            return sql`select r.id, r.name, r.description, r.operation_days, r.frequency, r.anchor_date::text as anchor_date,
                         r.cutoff_days_before, r.cutoff_time, r.city, r.quadrant_id, r.quadrant_name, r.map_zone, r.bounds,
                         r.center, r.street_from, r.street_to, r.carrera_from, r.carrera_to, u.email as advisor, r.active
                    from routes r left join users u on u.id = r.advisor_id order by r.name, r.id`
          case "companies":
            return sql`select co.id, co.nit, co.name, co.email, co.phone, co.address, co.active, b.name as branch_name,
                         b.address as branch_address, b.city as branch_city, r.name as branch_route,
                         u.email as branch_advisor, b.latitude as branch_latitude, b.longitude as branch_longitude,
                         b.active as branch_active
                    from companies co left join branches b on b.company_id = co.id
                    left join routes r on r.id = b.route_id left join users u on u.id = b.advisor_id
                   order by co.nit, b.name`
          case "price-lists":
            return sql`select pl.id, pl.name, pl.is_default, pl.active, p.sku, i.price
                    from price_lists pl left join price_list_items i on i.price_list_id = pl.id
                    left join products p on p.id = i.product_id
                   order by pl.is_default desc, pl.name, p.sku`
          case "clients":
            return sql`select c.id, c.nit, c.name, c.email, c.active, co.nit as company_nit, b.name as branch_name,
                         pl.name as price_list,
                         array(select ph.phone || coalesce('#' || nullif(ph.label, ''), '') from client_phones ph
                                where ph.client_id = c.id order by ph.created_at, ph.phone) as phones
                    from clients c left join companies co on co.id = c.company_id
                    left join branches b on b.id = c.branch_id left join price_lists pl on pl.id = c.price_list_id
                   where c.id > ${after}::uuid order by c.id limit ${PAGE}`
          case "promotions":
            return sql`select pr.id, pr.name, pr.kind, p.sku, pr.price, pr.starts_at, pr.ends_at, pr.active,
                         array(select c.nit from promotion_clients pc join clients c on c.id = pc.client_id
                                where pc.promotion_id = pr.id order by c.nit) as client_nits
                    from promotions pr join products p on p.id = pr.product_id order by pr.name, pr.id`
        }
      }

      /** A page of rows: the id typed (the clients' pages continue after it), the other columns as stored. */
      const query = (kind: ImportKind, after: string): Effect.Effect<ReadonlyArray<Row & { readonly id: string }>, SqlError> =>
        statement(kind, after).pipe(decodedRows(StoredColumns({ id: Schema.String })))

      const write = Effect.fn("Exporter.write")(function*(kind: ImportKind, path: string, format: ImportFormat) {
        const columns = COLUMNS[kind]
        const file = yield* files.create(path)
        const put = file.write
        yield* put(format === "csv" ? csvLine(columns) : "[")
        let written = 0
        let after = "00000000-0000-0000-0000-000000000000"
        while (true) {
          const page = yield* query(kind, after)
          if (page.length === 0) break
          const rows = page.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])))
          const text = format === "csv"
            ? rows.map((row) => csvLine(columns.map((column) => cell(row[column])))).join("")
            : jsonRows(kind, rows).map((object) => `${written++ === 0 ? "" : ","}\n  ${JSON.stringify(object)}`).join("")
          if (format === "csv") written += rows.length
          yield* put(text)
          if (kind !== "clients") break // the other kinds are read whole
          after = page[page.length - 1]!.id
        }
        yield* put(format === "csv" ? "" : "\n]\n")
        return written
      }, Effect.scoped)

      return Exporter.of({ write })
    })
  )
}
