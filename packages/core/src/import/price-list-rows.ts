/**
 * Price lists with their items (docs/import.md "price-lists"). CSV: one row per item
 * (`sku`, `price`), the list's columns repeated (a list without items: blank `sku`);
 * JSON: one object per list with an `items` array. A list is known by its name, a product
 * by its SKU; prices are whole COP ≥ 0 and a SKU appears once per list (as the API).
 */
import { definedOnly, FieldReader, type RowProblem } from "./field-reader.ts"
import type { ImportRecord } from "./import-record.ts"

export const PRICE_LIST_COLUMNS: ReadonlySet<string> = new Set(["name", "is_default", "active", "items", "sku", "price"])

export interface PriceItemImport {
  readonly line: number
  readonly sku: string
  readonly price: number
}

export interface PriceListImportRow {
  readonly line: number
  readonly name: string
  /** is_default, active: only those the file sets. */
  readonly fields: Readonly<Record<string, unknown>>
  readonly items: ReadonlyArray<PriceItemImport>
}

const readItem = (fields: FieldReader, line: number): PriceItemImport | undefined => {
  const sku = fields.text("sku")
  const price = fields.integer("price", { min: 0 })
  if (sku == null) {
    if (fields.filled("price")) fields.fail("VALIDATION_ERROR", "sku is required when price is set")
    return undefined
  }
  if (price === undefined) {
    if (!fields.filled("price")) fields.fail("VALIDATION_ERROR", "price is required for a SKU")
    return undefined
  }
  return { line, sku, price }
}

export const readPriceListRecord = (record: ImportRecord): { row: PriceListImportRow; problems: Array<RowProblem> } => {
  const fields = new FieldReader(record.values)
  for (const column of fields.unknownColumns(PRICE_LIST_COLUMNS)) fields.fail("VALIDATION_ERROR", `unknown column ${column}`)
  const name = fields.requiredText("name")
  const listFields = definedOnly({ is_default: fields.boolean("is_default"), active: fields.boolean("active") })
  const items: Array<PriceItemImport> = []
  const nested = fields.list("items")
  if (nested !== undefined && nested.length > 0) {
    for (const entry of nested) {
      const itemFields = new FieldReader(typeof entry === "object" && entry !== null ? entry as Record<string, unknown> : {})
      const item = readItem(itemFields, record.line)
      if (item === undefined && itemFields.problems.length === 0) itemFields.fail("VALIDATION_ERROR", "each item needs sku and price")
      fields.problems.push(...itemFields.problems)
      if (item !== undefined) items.push(item)
    }
  } else {
    const item = readItem(fields, record.line)
    if (item !== undefined) items.push(item)
  }
  return { row: { line: record.line, name, fields: listFields, items }, problems: fields.problems }
}
