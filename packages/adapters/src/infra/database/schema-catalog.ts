/**
 * What a database holds, read from the Postgres catalog (the same queries on PostgreSQL
 * and PGlite): the application's tables and their columns, foreign keys, sequences, and
 * whatever user relations exist at all. The database copy works from these lists, so a
 * table or sequence added by a new migration is copied without anyone listing it.
 * The catalog is read under its own column names (`withoutTransforms()`), whatever
 * result naming the client was given.
 */
import * as Effect from "effect/Effect"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { migrationsTable } from "./migrator.ts"

/** The schema the migrations create everything in. */
export const applicationSchema = "public"

export interface CatalogColumn {
  readonly name: string
  /** `format_type` of the column: `timestamp with time zone`, `text[]`, … (usable in a cast). */
  readonly type: string
  /** `a`: generated always as identity (an insert needs `OVERRIDING SYSTEM VALUE`). */
  readonly identity: string
  /** Non-empty for a generated column, which is computed, never inserted. */
  readonly generated: string
}

export interface CatalogTable {
  readonly name: string
  readonly columns: ReadonlyArray<CatalogColumn>
}

export interface CatalogForeignKey {
  readonly table: string
  readonly name: string
  /** `pg_get_constraintdef`: `FOREIGN KEY (x) REFERENCES y(id) ON DELETE CASCADE`. */
  readonly definition: string
}

/** `"name"`, quotes doubled: for identifiers read from the catalog. */
export const quoteIdentifier = (name: string): string => `"${name.replaceAll("\"", "\"\"")}"`

/** `"public"."name"`. */
export const qualified = (name: string): string => `${quoteIdentifier(applicationSchema)}.${quoteIdentifier(name)}`

interface ColumnRow {
  readonly table_name: string
  readonly column_name: string
  readonly column_type: string
  readonly identity: string
  readonly generated: string
}

/**
 * The application's tables (ordinary and partitioned, in the application schema) with
 * their columns in order, by name; `schema_migrations` excluded: the migrator writes it.
 */
export const readTables = (sql: SqlClient.SqlClient): Effect.Effect<ReadonlyArray<CatalogTable>, SqlError> =>
  Effect.map(
    sql.withoutTransforms().unsafe<ColumnRow>(
      `select c.relname::text as table_name, a.attname::text as column_name,
              format_type(a.atttypid, a.atttypmod) as column_type,
              a.attidentity::text as identity, a.attgenerated::text as generated
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition and c.relname <> $2
        order by c.relname, a.attnum`,
      [applicationSchema, migrationsTable]
    ),
    (rows) => {
      const tables = new Map<string, Array<CatalogColumn>>()
      for (const row of rows) {
        const columns = tables.get(row.table_name) ?? []
        columns.push({ name: row.column_name, type: row.column_type, identity: row.identity, generated: row.generated })
        tables.set(row.table_name, columns)
      }
      return [...tables].map(([name, columns]) => ({ name, columns }))
    }
  )

/** Every foreign key between the application's tables. */
export const readForeignKeys = (sql: SqlClient.SqlClient): Effect.Effect<ReadonlyArray<CatalogForeignKey>, SqlError> =>
  sql.withoutTransforms().unsafe<CatalogForeignKey>(
    `select c.relname::text as "table", k.conname::text as "name", pg_get_constraintdef(k.oid) as "definition"
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = $1
      order by c.relname, k.conname`,
    [applicationSchema]
  )

/** The sequences of the application schema (identity columns' included), by name. */
export const readSequenceNames = (sql: SqlClient.SqlClient): Effect.Effect<ReadonlyArray<string>, SqlError> =>
  Effect.map(
    sql.withoutTransforms().unsafe<{ readonly name: string }>(
      `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind = 'S' order by c.relname`,
      [applicationSchema]
    ),
    (rows) => rows.map((row) => row.name)
  )

/**
 * Up to `limit` user relations of any schema (tables, views, sequences, …), as
 * `schema.name`: an empty list means a database nobody has used.
 */
export const readUserRelations = (
  sql: SqlClient.SqlClient,
  limit: number
): Effect.Effect<ReadonlyArray<string>, SqlError> =>
  Effect.map(
    sql.withoutTransforms().unsafe<{ readonly name: string }>(
      `select n.nspname::text || '.' || c.relname::text as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
          and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        order by 1 limit ${Math.max(1, Math.trunc(limit))}`
    ),
    (rows) => rows.map((row) => row.name)
  )

/** The applied migrations' names, in order; empty when the table does not exist. */
export const readAppliedMigrations = (sql: SqlClient.SqlClient): Effect.Effect<ReadonlyArray<string>, SqlError> =>
  Effect.gen(function*() {
    const [exists] = yield* sql.withoutTransforms().unsafe<{ readonly present: boolean }>(
      `select to_regclass($1) is not null as present`,
      [`${applicationSchema}.${migrationsTable}`]
    )
    if (exists?.present !== true) return []
    const rows = yield* sql.withoutTransforms().unsafe<{ readonly name: string }>(`select name from ${qualified(migrationsTable)} order by name`)
    return rows.map((row) => row.name)
  })
