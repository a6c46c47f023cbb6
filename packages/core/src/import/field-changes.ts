/**
 * Which fields of a stored row an import row would change. Only the fields the file
 * sets are compared; text compares trimmed with blank equal to null (the API reads an
 * unset text as ""), lists and JSON by value. An import writes only rows with changes,
 * so a second import of the same file writes nothing and the database triggers record
 * no event.
 */

const normalized = (value: unknown): unknown => {
  if (value === undefined || value === null) return null
  if (typeof value === "string") return value.trim() === "" ? null : value.trim()
  if (value instanceof Date) return value.getTime()
  return value
}

/** JSON text with object keys sorted, so `{a,b}` equals `{b,a}`. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a < b ? -1 : 1))
      : inner)

export const sameValue = (stored: unknown, wanted: unknown): boolean => {
  const a = normalized(stored)
  const b = normalized(wanted)
  if (a === b) return true
  if (a === null || b === null) return false
  if (typeof a === "object" || typeof b === "object") return canonical(a) === canonical(b)
  return false
}

/** The keys of `wanted` (defined ones) whose value differs from `stored`'s. */
export const changedFields = (stored: object, wanted: object): Array<string> => {
  const before = stored as Readonly<Record<string, unknown>>
  const after = wanted as Readonly<Record<string, unknown>>
  return Object.keys(after).filter((key) => after[key] !== undefined && !sameValue(before[key], after[key]))
}
