/**
 * The quotation rollups of migrations/0006 as row sources for the figures: for a
 * `RollupCover`, the rollup rows of its whole months (or of all time), plus the deltas
 * not folded yet for the same days, plus the quotations of its partial-month edges read
 * directly. Each source is one subquery, so a figure reads all three in one snapshot and
 * is exactly the aggregate over the quotations themselves.
 */
import type { SqlClient } from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import type { RollupCover } from "@quote/core/stats/rollup-cover"

/** Rollup key of the header and product figures of every advisor together (migrations/0006). */
export const everyoneKey = "ffffffff-ffff-ffff-ffff-ffffffffffff"
export const nilKey = "00000000-0000-0000-0000-000000000000"

const rollupCondition = (sql: SqlClient, cover: RollupCover, alias: string): Fragment => {
  const column = (name: string) => sql.literal(`${alias}.${name}`)
  // One piece is an equality on both key columns, so that lookups by the next key column
  // (a client, a product) use the primary key.
  const piece = singlePiece(cover)
  if (piece !== undefined) {
    return sql`${column("grain")} = ${piece.grain} and ${column("period")} = ${piece.period}::date`
  }
  if (cover._tag === "AllTime") return sql`${column("grain")} = 'all'`
  if (cover.months === null) return sql`false`
  return sql.and([
    sql`${column("grain")} = 'month'`,
    ...(cover.months.from === null ? [] : [sql`${column("period")} >= ${cover.months.from}::date`]),
    ...(cover.months.to === null ? [] : [sql`${column("period")} < ${cover.months.to}::date`])
  ])
}

const deltaCondition = (sql: SqlClient, cover: RollupCover): Fragment => {
  if (cover._tag === "AllTime") return sql`true`
  if (cover.months === null) return sql`false`
  return sql.and([
    ...(cover.months.from === null ? [] : [sql`d.day >= ${cover.months.from}::date`]),
    ...(cover.months.to === null ? [] : [sql`d.day < ${cover.months.to}::date`])
  ])
}

/** The edges' creation windows on the quotation aliased `q`. */
const edgeCondition = (sql: SqlClient, cover: RollupCover): Fragment => {
  if (cover._tag === "AllTime" || cover.edges.length === 0) return sql`false`
  return sql.or(cover.edges.map((edge) =>
    sql.and([
      ...(edge.from === null ? [] : [sql`q.created_at >= ${edge.from}`]),
      ...(edge.to === null ? [] : [sql`q.created_at < ${edge.to}`])
    ])
  ))
}

const advisorIs = (sql: SqlClient, column: string, advisorId: string | undefined): Fragment =>
  advisorId === undefined ? sql`true` : sql`${sql.literal(column)} = ${advisorId}::uuid`

/**
 * The rows of `select` (which ends in its `where`), limited to the keys of `keys` (a
 * subquery, duplicates allowed) when given: looked up key by key. The planner cannot tell how many keys a
 * ranking's candidates hold (their limit is an expression) and would read the whole piece
 * to join them; the lateral lookup (`offset 0` keeps it a nested loop) reads only theirs.
 */
const lookedUp = (sql: SqlClient, select: Fragment, keyColumn: string, keys: Fragment | undefined): Fragment =>
  keys === undefined
    ? select
    : sql`select l.* from (select distinct k.key from ${keys} k(key)) k
           cross join lateral (${select} and ${sql.literal(keyColumn)} = k.key offset 0) l`

/**
 * Quotation headers: `(month, status, source, in_erp, orders, revenue)`; `month` is the
 * first day of the Bogotá month (meaningless for all time). Revenue includes rejected
 * quotations: filter on `status`.
 */
export const headerSource = (sql: SqlClient, cover: RollupCover, advisorId?: string): Fragment =>
  sql`(
    select r.period as month, r.status, r.source, r.in_erp, r.orders, r.revenue
      from quotation_rollups r
     where ${rollupCondition(sql, cover, "r")} and r.advisor_key = ${advisorId ?? everyoneKey}::uuid
    union all
    select date_trunc('month', d.day)::date, d.status, d.source, d.in_erp, d.orders, d.revenue
      from quotation_deltas d
     where ${deltaCondition(sql, cover)} and ${advisorIs(sql, "d.advisor_key", advisorId)}
    union all
    select date_trunc('month', bogota_day(q.created_at))::date, q.status, q.source,
           q.status in ('synced', 'sent_to_erp') or q.erp_quotation_id is not null, 1, q.total
      from quotations q
     where ${edgeCondition(sql, cover)} and ${advisorIs(sql, "q.advisor_id", advisorId)}
  )`

/**
 * Lines of quotations that are not rejected: `(product_key, sku, name, lines, qty, revenue)`;
 * the rollup rows limited to the product keys of `products` (a subquery) when given.
 */
export const productSource = (
  sql: SqlClient,
  cover: RollupCover,
  advisorId?: string,
  products?: Fragment
): Fragment =>
  sql`(
    ${
    lookedUp(
      sql,
      sql`select r.product_key, r.sku, r.name, r.lines, r.qty, r.revenue
            from product_rollups r
           where ${rollupCondition(sql, cover, "r")} and r.advisor_key = ${advisorId ?? everyoneKey}::uuid`,
      "r.product_key",
      products
    )
  }
    union all
    select d.product_key, d.sku, d.name, d.lines, d.qty, d.revenue
      from quotation_item_deltas d
     where ${deltaCondition(sql, cover)} and ${advisorIs(sql, "d.advisor_key", advisorId)}
    union all
    select coalesce(i.product_id, ${nilKey}::uuid),
           case when i.product_id is null then i.sku else '' end,
           case when i.product_id is null then i.name else '' end,
           1, i.quantity, i.subtotal
      from quotations q join quotation_items i on i.quotation_id = q.id
     where q.status <> 'rejected' and ${edgeCondition(sql, cover)} and ${advisorIs(sql, "q.advisor_id", advisorId)}
  )`

/**
 * Quotations that are not rejected, per client: `(client_id, orders, revenue)`, limited to
 * `clients` (a subquery of ids) when given.
 */
export const clientSource = (sql: SqlClient, cover: RollupCover, clients?: Fragment): Fragment => {
  const among = (column: string) => clients === undefined ? sql`true` : sql`${sql.literal(column)} in ${clients}`
  return sql`(
    ${
    lookedUp(
      sql,
      sql`select r.client_id, r.orders, r.revenue from client_rollups r where ${rollupCondition(sql, cover, "r")}`,
      "r.client_id",
      clients
    )
  }
    union all
    select d.client_id, d.orders, d.revenue
      from quotation_deltas d
     where d.status <> 'rejected' and ${deltaCondition(sql, cover)} and ${among("d.client_id")}
    union all
    select q.client_id, 1, q.total
      from quotations q
     where q.status <> 'rejected' and ${edgeCondition(sql, cover)} and ${among("q.client_id")}
  )`
}

/**
 * When the cover is one rollup piece (all time, or exactly one month), the piece's
 * `(grain, period)`: its clients can be ranked from the rollup's index.
 */
export const singlePiece = (cover: RollupCover): { readonly grain: string; readonly period: string } | undefined => {
  if (cover._tag === "AllTime") return { grain: "all", period: "0001-01-01" }
  const months = cover.months
  if (cover.edges.length > 0 || months === null || months.from === null || months.to === null) return undefined
  const [year, month] = months.from.split("-").map(Number) as [number, number]
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`
  return next === months.to ? { grain: "month", period: months.from } : undefined
}

/** The delta rows of a cover's rollup days (for the candidates of a ranking). */
export const deltaClients = (sql: SqlClient, cover: RollupCover): Fragment =>
  sql`(select d.client_id from quotation_deltas d where d.status <> 'rejected' and ${deltaCondition(sql, cover)})`

/** The product keys of the item deltas of a cover's rollup days (for the candidates of a ranking). */
export const deltaProducts = (sql: SqlClient, cover: RollupCover, advisorId?: string): Fragment =>
  sql`(select d.product_key from quotation_item_deltas d
        where ${deltaCondition(sql, cover)} and ${advisorIs(sql, "d.advisor_key", advisorId)})`

/**
 * The keys a top-`size` ranking over one rollup piece (all time, or exactly one month)
 * needs to read, as a subquery of `key`: the piece's best `size + k` rows by revenue
 * (ties at the edge included), where k is the number of keys with unfolded deltas
 * (`pending`, a subquery of keys), plus those keys. A key without deltas has exactly its
 * rollup figures, and at least `size` rows without deltas rank above any row left out,
 * so the true top `size` is among the candidates. `k` is counted inside the statement
 * (one snapshot, one round trip). `where` may filter the rollup rows (alias `r`).
 */
export const rankingCandidates = (sql: SqlClient, options: {
  readonly piece: { readonly grain: string; readonly period: string }
  readonly table: "client_rollups" | "product_rollups"
  readonly key: "client_id" | "product_key"
  readonly where: Fragment
  readonly pending: Fragment
  readonly size: number
}): Fragment =>
  sql`(
    select t.key from (
      select ${sql.literal(`r.${options.key}`)} as key from ${sql.literal(options.table)} r
       where r.grain = ${options.piece.grain} and r.period = ${options.piece.period}::date and ${options.where}
       order by r.revenue desc
       fetch first (${options.size}::bigint + (select count(distinct p.key) from ${options.pending} p(key))) rows with ties
    ) t
    union select p.key from ${options.pending} p(key))`
