/**
 * The quotation rollups of migrations/0006 as row sources for the figures: for a
 * `RollupCover`, the rollup rows of its whole months (or of all time), plus the deltas
 * not folded yet for the same days, plus the quotations of its partial-month edges read
 * directly. Each source is one subquery, so a figure reads all three in one snapshot and
 * is exactly the aggregate over the quotations themselves.
 *
 * The rankings over one rollup piece (`pieceClients`, `pieceProducts`) read the pending
 * deltas once (a materialized CTE) and walk the piece's revenue index for a constant
 * number of rows: their plans, and the planner's cost estimates, stay small whatever it
 * believes about the delta tables (docs/performance.md, "The statistics regression").
 */
import type { SqlClient } from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import type { RollupCover } from "@quote/core/stats/rollup-cover"

/** Rollup key of the header and product figures of every advisor together (migrations/0006). */
export const everyoneKey = "ffffffff-ffff-ffff-ffff-ffffffffffff"
export const nilKey = "00000000-0000-0000-0000-000000000000"

/** A rollup piece: all time, or exactly one calendar month. */
export interface RollupPiece {
  readonly grain: "all" | "month"
  readonly period: string
}

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
 * The key of a piece's rows as SQL constants, not parameters: a prepared statement with
 * no parameter to guess has one plan, made for the real piece and kept (no re-planning,
 * no generic plan made for an average piece).
 */
const pieceKey = (sql: SqlClient, piece: RollupPiece, alias: string): Fragment => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(piece.period)) throw new Error(`not a rollup period: ${piece.period}`)
  return sql.literal(`${alias}.grain = '${piece.grain === "all" ? "all" : "month"}' and ${alias}.period = date '${piece.period}'`)
}

/** `fetch first n rows with ties` with `n` a literal (never a parameter: see pieceKey). */
const firstWithTies = (sql: SqlClient, size: number): Fragment =>
  sql.literal(`fetch first ${Math.trunc(size)} rows with ties`)

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
 * Lines of quotations that are not rejected: `(product_key, sku, name, lines, qty, revenue)`.
 * The edges' items are read quotation by quotation (the lateral's `offset 0` keeps it so):
 * for the ~25k quotations of a month's edges at production size the planner chose a hash
 * join over every item of the history (1.7 s against 0.7 s).
 */
export const productSource = (sql: SqlClient, cover: RollupCover, advisorId?: string): Fragment =>
  sql`(
    select r.product_key, r.sku, r.name, r.lines, r.qty, r.revenue
      from product_rollups r
     where ${rollupCondition(sql, cover, "r")} and r.advisor_key = ${advisorId ?? everyoneKey}::uuid
    union all
    select d.product_key, d.sku, d.name, d.lines, d.qty, d.revenue
      from quotation_item_deltas d
     where ${deltaCondition(sql, cover)} and ${advisorIs(sql, "d.advisor_key", advisorId)}
    union all
    select coalesce(i.product_id, ${nilKey}::uuid),
           case when i.product_id is null then i.sku else '' end,
           case when i.product_id is null then i.name else '' end,
           1, i.quantity, i.subtotal
      from quotations q
      cross join lateral (select i.* from quotation_items i where i.quotation_id = q.id offset 0) i
     where q.status <> 'rejected' and ${edgeCondition(sql, cover)} and ${advisorIs(sql, "q.advisor_id", advisorId)}
  )`

/** Quotations that are not rejected, per client: `(client_id, orders, revenue)`. */
export const clientSource = (sql: SqlClient, cover: RollupCover): Fragment =>
  sql`(
    select r.client_id, r.orders, r.revenue from client_rollups r where ${rollupCondition(sql, cover, "r")}
    union all
    select d.client_id, d.orders, d.revenue
      from quotation_deltas d
     where d.status <> 'rejected' and ${deltaCondition(sql, cover)}
    union all
    select q.client_id, 1, q.total
      from quotations q
     where q.status <> 'rejected' and ${edgeCondition(sql, cover)}
  )`

/**
 * When the cover is one rollup piece (all time, or exactly one month), that piece: its
 * rankings can be read from the rollup's revenue index (`pieceClients`, `pieceProducts`).
 */
export const singlePiece = (cover: RollupCover): RollupPiece | undefined => {
  if (cover._tag === "AllTime") return { grain: "all", period: "0001-01-01" }
  const months = cover.months
  if (cover.edges.length > 0 || months === null || months.from === null || months.to === null) return undefined
  const [year, month] = months.from.split("-").map(Number) as [number, number]
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`
  return next === months.to ? { grain: "month", period: months.from } : undefined
}

/** The cover of one piece (its deltas are those of its days). */
const pieceCover = (piece: RollupPiece): RollupCover => {
  if (piece.grain === "all") return { _tag: "AllTime" }
  const [year, month] = piece.period.split("-").map(Number) as [number, number]
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`
  return { _tag: "Range", months: { from: piece.period, to: next }, edges: [] }
}

/**
 * The rows a top-`size` client ranking over one piece needs, as a statement prefix
 * (`with pending as materialized (…)`) and a source of `(client_id, orders, revenue)`
 * with one row per client:
 *
 * - every client with unfolded deltas (`pending`, aggregated once): its rollup row, if
 *   any, plus its deltas;
 * - the piece's best `size` rows by revenue among the other clients, ties included.
 *
 * A client without deltas has exactly its rollup figures, and at least `size` such
 * clients rank above any of them left out, so the true top `size` is among these rows.
 * The walk of `client_rollups_rank_idx` stops after `size` rows (plus ties), and the
 * limit is a constant: no estimate of the pending deltas can turn it into a read of the
 * whole piece. (`not in` rather than `not exists`: a hashed subplan, where the planner
 * chose a nested-loop anti-join that compared every walked row with every pending key.)
 */
export const pieceClients = (sql: SqlClient, piece: RollupPiece, size: number) => ({
  pending: sql`pending as materialized (
    select d.client_id as key, sum(d.orders) as orders, sum(d.revenue) as revenue
      from quotation_deltas d
     where d.status <> 'rejected' and ${deltaCondition(sql, pieceCover(piece))}
     group by d.client_id)`,
  source: sql`(
    (select r.client_id, r.orders, r.revenue
       from client_rollups r
      where ${pieceKey(sql, piece, "r")} and r.orders > 0
        and r.client_id not in (select p.key from pending p)
      order by r.revenue desc
      ${firstWithTies(sql, size)})
    union all
    select p.key, p.orders + coalesce(r.orders, 0), p.revenue + coalesce(r.revenue, 0)
      from pending p
      left join client_rollups r on ${pieceKey(sql, piece, "r")} and r.client_id = p.key)`
})

/**
 * Like `pieceClients`, for the product ranking of one piece and advisor (or everyone):
 * rows `(product_key, sku, name, lines, qty, revenue)`, several per key (rollup rows and
 * deltas; grouped by the caller). A deleted product (key nil) is ranked by SKU over
 * several rows, so every nil-key row is read; live products are ranked by key as clients
 * are.
 */
export const pieceProducts = (sql: SqlClient, piece: RollupPiece, advisorId: string | undefined, size: number) => {
  const advisorKey = sql`${advisorId ?? everyoneKey}::uuid`
  return {
    pending: sql`pending as materialized (
      select d.product_key as key, d.sku, d.name, sum(d.lines) as lines, sum(d.qty) as qty, sum(d.revenue) as revenue
        from quotation_item_deltas d
       where ${deltaCondition(sql, pieceCover(piece))} and ${advisorIs(sql, "d.advisor_key", advisorId)}
       group by d.product_key, d.sku, d.name)`,
    source: sql`(
      (select r.product_key, r.sku, r.name, r.lines, r.qty, r.revenue
         from product_rollups r
        where ${pieceKey(sql, piece, "r")} and r.advisor_key = ${advisorKey}
          and r.product_key <> ${nilKey}::uuid and r.lines > 0
          and r.product_key not in (select p.key from pending p)
        order by r.revenue desc
        ${firstWithTies(sql, size)})
      union all
      select r.product_key, r.sku, r.name, r.lines, r.qty, r.revenue
        from product_rollups r
       where ${pieceKey(sql, piece, "r")} and r.advisor_key = ${advisorKey} and r.product_key = ${nilKey}::uuid
      union all
      select r.product_key, r.sku, r.name, r.lines, r.qty, r.revenue
        from (select distinct p.key from pending p where p.key <> ${nilKey}::uuid) k
        join product_rollups r on ${pieceKey(sql, piece, "r")} and r.advisor_key = ${advisorKey} and r.product_key = k.key
      union all
      select p.key, p.sku, p.name, p.lines, p.qty, p.revenue from pending p)`
  }
}
