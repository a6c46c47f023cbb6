/**
 * Imports price lists with their items (docs/import.md "price-lists"): a list known by
 * name, its items by SKU; new lists created, changed fields and prices updated, new
 * items added (none removed). The API's default-list rules hold: `is_default: true`
 * makes the list the only default (the old one cleared first, under the same table lock
 * as the API), the default stays active, `is_default: false` on the default needs
 * another list to take its place (`DEFAULT_PRICE_LIST_REQUIRED`), and the first list
 * created while none is the default becomes it.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { mergeHead } from "@quote/core/import/grouped-rows"
import { emptyCounts } from "@quote/core/import/import-kind"
import { type PriceItemImport, readPriceListRecord } from "@quote/core/import/price-list-rows"
import { allRecords, type KindRun, readRows, storedNamesSql } from "./kind-import.ts"
import { productsBySku, resolveReference } from "./reference-lookups.ts"
import { countWrite, writeEntity } from "./entity-write.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

interface ListGroup {
  readonly line: number
  readonly name: string
  fields: Record<string, unknown>
  readonly items: Map<string, PriceItemImport>
}

const StoredList = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  active: Schema.Boolean,
  is_default: Schema.Boolean
})

const defaultRequired = (message: string) => ({ code: "DEFAULT_PRICE_LIST_REQUIRED", message })

export const importPriceLists = Effect.fnUntraced(function*(run: KindRun) {
  const sql = yield* storedNamesSql
  const counts = emptyCounts()
  const groups = new Map<string, ListGroup>()
  for (const row of readRows(run, yield* allRecords(run), readPriceListRecord)) {
    let group = groups.get(row.name)
    if (group === undefined) groups.set(row.name, group = { line: row.line, name: row.name, fields: { ...row.fields }, items: new Map() })
    else {
      const merged = mergeHead(group.fields, row.fields, group.line)
      for (const problem of merged.problems) run.report(row.line, problem)
      group.fields = merged.head
    }
    for (const item of row.items) {
      const earlier = group.items.get(item.sku)
      if (earlier !== undefined) {
        run.report(item.line, { code: "VALIDATION_ERROR", message: `SKU ${item.sku} is already in "${row.name}" on line ${earlier.line}` })
      } else group.items.set(item.sku, item)
    }
  }
  const lists = [...groups.values()]

  const stored = yield* sql`select id, name, active, is_default from price_lists`.pipe(decodedRows(StoredList))
  const byName = Map.groupBy(stored, (list) => list.name)
  const products = yield* productsBySku(lists.flatMap((list) => [...list.items.keys()]))

  // The default after the import: a list the file makes default, else the stored one.
  const claiming = lists.filter((list) => list.fields.is_default === true)
  for (const list of claiming.slice(1)) {
    run.report(list.line, defaultRequired(`only one list can be the default; "${claiming[0]!.name}" is made default too`))
  }
  const storedDefault = stored.find((list) => list.is_default)
  const newDefault = claiming[0]?.name ?? storedDefault?.name ?? lists.find((list) => (byName.get(list.name) ?? []).length === 0)?.name
  let lockTaken = false

  for (const list of lists) {
    const matches = byName.get(list.name) ?? []
    if (matches.length > 1) {
      run.report(list.line, { code: "VALIDATION_ERROR", message: `more than one price list is named "${list.name}"` })
      continue
    }
    const current = matches[0]
    const isDefault = list.name === newDefault
    if (current?.is_default === true && list.fields.is_default === false && claiming.length === 0) {
      run.report(list.line, defaultRequired(`"${list.name}" is the default list; make another list the default instead`))
      continue
    }
    const active = (list.fields.active as boolean | undefined) ?? current?.active ?? true
    if (isDefault && !active) {
      run.report(list.line, defaultRequired(`the default list "${list.name}" must stay active`))
      continue
    }
    const items: Array<{ readonly productId: string; readonly price: number }> = []
    for (const item of list.items.values()) {
      const product = resolveReference(products.get(item.sku), { code: "PRODUCT_NOT_FOUND", label: "product", key: item.sku }, null)
      if ("problem" in product) run.report(item.line, product.problem)
      else items.push({ productId: product.id, price: item.price })
    }
    if (items.length < list.items.size) continue

    const wanted = { active, is_default: isDefault }
    if (isDefault && current?.is_default !== true && !lockTaken) {
      yield* sql`lock table price_lists in share row exclusive mode`
      lockTaken = true
    }
    if (isDefault && current?.is_default !== true) {
      yield* sql`update price_lists set is_default = false where is_default`
    }
    const entity = yield* writeEntity("price_lists", current, { name: list.name, ...wanted })
    let changed = entity.changed
    if (items.length > 0) {
      // Only how many rows changed matters, not their values.
      const written = yield* sql`
        insert into price_list_items (price_list_id, product_id, price)
        select ${entity.id}::uuid, product_id, price
          from unnest(${items.map((item) => item.productId)}::uuid[], ${items.map((item) => item.price)}::bigint[]) as v(product_id, price)
        on conflict (price_list_id, product_id) do update set price = excluded.price
         where price_list_items.price is distinct from excluded.price
        returning product_id`
      changed ||= written.length > 0
    }
    countWrite(counts, current, changed)
  }
  return { priceLists: counts }
})
