/**
 * An audit entry's `summary` (docs/security.md "Audit trail") as rows of "dato / antes /
 * después": an update's `changes: {column: {from, to}}`; a creation's row (`created`, all
 * "after") or a deletion's (`deleted`, all "before"); a price list's `prices: [{productId,
 * from, to}]`; a promotion's added or removed clients; anything else (a failed login's
 * `reason`) as plain facts. The summary is free JSON: what is not recognized is shown as
 * recorded rather than hidden.
 */
import { formatDateTime, formatMoney } from "../../format.ts"
import { auditMessages, weekdayNames } from "../../i18n/operations-messages.ts"

const text = auditMessages

export interface ChangeRow {
  readonly key: string
  /** The datum's Spanish name. */
  readonly field: string
  /** Formatted; `undefined`: that side does not exist (a creation has no "before"). */
  readonly before: string | undefined
  readonly after: string | undefined
}

export interface EntryChanges {
  readonly rows: ReadonlyArray<ChangeRow>
  /** Secret columns that changed, named only (their values are never recorded). */
  readonly redacted: ReadonlyArray<string>
}

type Json = Readonly<Record<string, unknown>>

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

/** Bookkeeping columns a creation or deletion row carries that say nothing to a reader. */
const quietColumns = new Set(["id", "created_at", "updated_at"])

const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

export const fieldName = (column: string): string => text.fields[column] ?? column

/** A recorded value as a person reads it. */
export const formatValue = (column: string, value: unknown): string => {
  if (value === null || value === undefined || value === "") return text.none
  if (typeof value === "boolean") return value ? text.yes : text.no
  if (column === "operation_days" && Array.isArray(value)) {
    return value.map((day) => (typeof day === "number" ? weekdayNames[day - 1] ?? String(day) : String(day))).join(", ")
  }
  if (typeof value === "number") return column === "price" ? formatMoney(value) : String(value)
  if (typeof value === "string") {
    const named = text.values[column]?.[value]
    if (named !== undefined) return named
    return timestampPattern.test(value) && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : value
  }
  if (Array.isArray(value) && value.every((item) => typeof item !== "object")) return value.map(String).join(", ")
  return JSON.stringify(value)
}

/** The catalogue's order of columns (name, calendar, …), unknown columns last; JSON objects come in storage order. */
const fieldOrder = Object.keys(text.fields)
const rank = (column: string): number => {
  const index = fieldOrder.indexOf(column)
  return index === -1 ? fieldOrder.length : index
}
const inFieldOrder = <Entry extends readonly [string, unknown]>(entries: ReadonlyArray<Entry>): ReadonlyArray<Entry> =>
  [...entries].sort(([a], [b]) => rank(a) - rank(b))

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)

/** A created or deleted row: its filled columns only (an empty one says nothing). */
const rowsOfRecord = (record: Json, side: "before" | "after"): ReadonlyArray<ChangeRow> =>
  inFieldOrder(Object.entries(record))
    .filter(([column, value]) => !quietColumns.has(column) && !isEmpty(value))
    .map(([column, value]) => {
      const shown = formatValue(column, value)
      return { key: column, field: fieldName(column), before: side === "before" ? shown : undefined, after: side === "after" ? shown : undefined }
    })

const priceRows = (prices: ReadonlyArray<unknown>, productName: (id: string) => string): ReadonlyArray<ChangeRow> =>
  prices.filter(isRecord).map((price, index) => {
    const productId = typeof price.productId === "string" ? price.productId : ""
    return {
      key: `${productId}-${index}`,
      field: text.priceOf(productName(productId)),
      before: price.from === null ? undefined : formatValue("price", price.from),
      after: price.to === null ? undefined : formatValue("price", price.to)
    }
  })

export const entryChanges = (summary: unknown, productName: (id: string) => string): EntryChanges => {
  if (!isRecord(summary)) return { rows: [], redacted: [] }
  const redacted = Array.isArray(summary.redactedColumns) ? summary.redactedColumns.map((column) => fieldName(String(column))) : []
  if (isRecord(summary.changes)) {
    const rows = inFieldOrder(Object.entries(summary.changes)).map(([column, change]) => ({
      key: column,
      field: fieldName(column),
      before: formatValue(column, isRecord(change) ? change.from : undefined),
      after: formatValue(column, isRecord(change) ? change.to : undefined)
    }))
    return { rows, redacted }
  }
  if (isRecord(summary.created)) return { rows: rowsOfRecord(summary.created, "after"), redacted }
  if (isRecord(summary.deleted)) return { rows: rowsOfRecord(summary.deleted, "before"), redacted }
  if (Array.isArray(summary.prices)) return { rows: priceRows(summary.prices, productName), redacted }
  const clients = (ids: unknown, side: "before" | "after"): ChangeRow => {
    const shown = formatValue("clients", ids)
    return { key: side, field: text.promotionClient, before: side === "before" ? shown : undefined, after: side === "after" ? shown : undefined }
  }
  if (Array.isArray(summary.addedClientIds)) return { rows: [clients(summary.addedClientIds, "after")], redacted }
  if (Array.isArray(summary.removedClientIds)) return { rows: [clients(summary.removedClientIds, "before")], redacted }
  const { redactedColumns: _, ...facts } = summary
  return { rows: rowsOfRecord(facts, "after"), redacted }
}
