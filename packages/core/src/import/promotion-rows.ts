/**
 * A promotion row (docs/import.md "promotions"), known by its name: `kind` (`general` or
 * `specific`), the product by SKU, the price (whole COP ≥ 0), `starts_at`/`ends_at` as
 * ISO date-times with an offset (as the API; blank `starts_at` is now for a new
 * promotion, blank `ends_at` no end) and, for a specific one, its clients by NIT.
 * The shape rules are core's `checkPromotionShape`, run by the importer on the result.
 */
import { definedOnly, FieldReader, type RowProblem } from "./field-reader.ts"
import type { ImportRecord } from "./import-record.ts"

export const PROMOTION_COLUMNS: ReadonlySet<string> = new Set([
  "name", "kind", "sku", "price", "starts_at", "ends_at", "active", "client_nits"
])

export interface PromotionImportRow {
  readonly line: number
  readonly name: string
  /** kind, price, starts_at, ends_at, active: only those the file sets. */
  readonly fields: Readonly<Record<string, unknown>>
  readonly sku: string | undefined
  readonly clientNits: ReadonlyArray<string> | undefined
}

export const readPromotionRow = (record: ImportRecord): { row: PromotionImportRow; problems: Array<RowProblem> } => {
  const fields = new FieldReader(record.values)
  for (const column of fields.unknownColumns(PROMOTION_COLUMNS)) fields.fail("VALIDATION_ERROR", `unknown column ${column}`)
  const name = fields.requiredText("name")
  const kind = fields.text("kind")
  if (kind != null && kind !== "general" && kind !== "specific") {
    fields.fail("VALIDATION_ERROR", `kind must be general or specific, not "${kind}"`)
  }
  const price = fields.integer("price", { min: 0 })
  if (fields.present("price") && !fields.filled("price")) fields.fail("VALIDATION_ERROR", "price must not be blank")
  const sku = fields.text("sku")
  if (sku === null) fields.fail("VALIDATION_ERROR", "sku must not be blank")
  const startsAt = fields.instant("starts_at")
  const row: PromotionImportRow = {
    line: record.line,
    name,
    fields: definedOnly({
      kind: kind ?? undefined,
      price,
      starts_at: startsAt ?? undefined,
      ends_at: fields.instant("ends_at"),
      active: fields.boolean("active")
    }),
    sku: sku ?? undefined,
    clientNits: fields.list("client_nits")?.map(String)
  }
  return { row, problems: fields.problems }
}
