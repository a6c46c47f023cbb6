/**
 * How exported rows are written: CSV with the import's columns (comma-separated, fields
 * quoted when they hold a delimiter, a quote, a line break or surrounding blanks), or
 * JSON objects with camelCase keys. What an export writes, an import reads back as
 * unchanged.
 */

const NEEDS_QUOTES = /[",;\r\n]|^\s|\s$/

export const csvField = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll("\"", "\"\"")}"` : text
}

export const csvLine = (values: ReadonlyArray<unknown>): string => `${values.map(csvField).join(",")}\n`

/** `operation_days` → `operationDays`. */
export const camelCase = (column: string): string => column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())

/** A row keyed by import column as a JSON object (camelCase keys, blank values left out). */
export const jsonObject = (row: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row).filter(([, value]) => value !== null && value !== undefined && value !== "").map((
      [column, value]
    ) => [camelCase(column), value])
  )

/** `phone#label` entries (the CSV form) as `{phone, label}` objects. */
export const phoneObjects = (entries: ReadonlyArray<string>): Array<{ phone: string; label?: string }> =>
  entries.map((entry) => {
    const hash = entry.indexOf("#")
    return hash === -1 ? { phone: entry } : { phone: entry.slice(0, hash), label: entry.slice(hash + 1) }
  })
