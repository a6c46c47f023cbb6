/**
 * Imports promotions (docs/import.md "promotions"): each known by name, created with the
 * API's defaults (starts now, no end, active) or updated in the fields that changed; the
 * product by SKU (`PRODUCT_NOT_FOUND`), the clients of a specific one by NIT
 * (`CLIENT_NOT_FOUND`), added to those it has (none removed). The result is judged by
 * core's `checkPromotionShape`, the API's rule.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { checkPromotionShape } from "@quote/core/catalog/promotion-rules"
import { emptyCounts } from "@quote/core/import/import-kind"
import { readPromotionRow } from "@quote/core/import/promotion-rows"
import { PromotionKind } from "@quote/core/catalog/promotion-views"
import { allRecords, firstOccurrence, type KindRun, readRows, StoredColumns, storedNamesSql } from "./kind-import.ts"
import { clientsByNit, productsBySku, resolveReference } from "./reference-lookups.ts"
import { countWrite, writeEntity } from "./entity-write.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

const StoredPromotion = StoredColumns({
  id: Schema.String,
  name: Schema.String,
  kind: PromotionKind,
  product_id: Schema.String,
  price: Schema.Number,
  starts_at: Schema.Date,
  ends_at: Schema.NullOr(Schema.Date),
  active: Schema.Boolean,
  client_ids: Schema.Array(Schema.String)
})

export const importPromotions = Effect.fnUntraced(function*(run: KindRun) {
  const sql = yield* storedNamesSql
  const counts = emptyCounts()
  const seen = new Map<string, number>()
  const rows = readRows(run, yield* allRecords(run), readPromotionRow).filter((row) =>
    firstOccurrence(seen, row.name, row.line, run, (first) => ({
      code: "VALIDATION_ERROR",
      message: `promotion "${row.name}" is already on line ${first}`
    }))
  )
  const stored = yield* sql`
    select p.id, p.name, p.kind, p.product_id, p.price, p.starts_at, p.ends_at, p.active,
           coalesce(array(select pc.client_id from promotion_clients pc where pc.promotion_id = p.id), '{}') as client_ids
      from promotions p where p.name = any(${rows.map((row) => row.name)}::text[])`.pipe(decodedRows(StoredPromotion))
  const byName = Map.groupBy(stored, (promotion) => promotion.name)
  const products = yield* productsBySku(rows.flatMap((row) => row.sku === undefined ? [] : [row.sku]))
  const clients = yield* clientsByNit(rows.flatMap((row) => row.clientNits ?? []))
  const now = new Date()

  for (const row of rows) {
    const matches = byName.get(row.name) ?? []
    if (matches.length > 1) {
      run.report(row.line, { code: "VALIDATION_ERROR", message: `more than one promotion is named "${row.name}"` })
      continue
    }
    const current = matches[0]
    const wanted: Record<string, unknown> = { ...row.fields }
    let usable = true
    if (row.sku !== undefined) {
      const product = resolveReference(products.get(row.sku), { code: "PRODUCT_NOT_FOUND", label: "product", key: row.sku }, null)
      if ("problem" in product) {
        run.report(row.line, product.problem)
        usable = false
      } else wanted.product_id = product.id
    }
    const clientIds = new Set(current?.client_ids ?? [])
    const newClientIds: Array<string> = []
    for (const nit of row.clientNits ?? []) {
      const client = resolveReference(clients.get(nit), { code: "CLIENT_NOT_FOUND", label: "client with NIT", key: nit }, null)
      if ("problem" in client) {
        run.report(row.line, client.problem)
        usable = false
      } else if (!clientIds.has(client.id)) {
        clientIds.add(client.id)
        newClientIds.push(client.id)
      }
    }
    if (!usable) continue
    if (current === undefined) {
      const missing = ["kind", "price", "product_id"].filter((column) => wanted[column] === undefined)
      if (missing.length > 0) {
        run.report(row.line, {
          code: "VALIDATION_ERROR",
          message: `${missing.map((c) => c === "product_id" ? "sku" : c).join(", ")} required for a new promotion`
        })
        continue
      }
    }
    const shape = checkPromotionShape({
      kind: (wanted.kind ?? current!.kind) as typeof PromotionKind.Type,
      startsAt: (wanted.starts_at ?? current?.starts_at ?? now) as Date,
      endsAt: (wanted.ends_at !== undefined ? wanted.ends_at : current?.ends_at ?? null) as Date | null,
      clientIds: [...clientIds]
    })
    if (Result.isFailure(shape)) {
      run.report(row.line, { code: "VALIDATION_ERROR", message: shape.failure.message })
      continue
    }
    const entity = yield* writeEntity("promotions", current, { ...wanted, name: row.name })
    let changed = entity.changed
    if (newClientIds.length > 0) {
      yield* sql`
        insert into promotion_clients (promotion_id, client_id)
        select ${entity.id}::uuid, unnest(${newClientIds}::uuid[])`
      changed = true
    }
    countWrite(counts, current, changed)
  }
  return { promotions: counts }
})
