/**
 * Reads the columns of one import record with the API's rules, collecting every
 * problem instead of stopping at the first. Conventions (docs/import.md):
 *
 * - a column missing from the file (CSV header or JSON key) is `undefined`: the stored
 *   value is kept, or the API's default applies to a new row;
 * - a blank cell (or JSON `null`) of an optional field is `null`: the field is cleared;
 *   of a field with a default (`active`, `frequency`, …) it counts as missing;
 * - text is trimmed; lists in CSV are separated by `|`.
 */

export interface RowProblem {
  readonly code: string
  readonly message: string
}

const TRUE = new Set(["true", "1", "yes", "si", "sí", "x"])
const FALSE = new Set(["false", "0", "no"])

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const isBlank = (value: unknown): boolean => value === null || (typeof value === "string" && value.trim() === "")

export class FieldReader {
  readonly problems: Array<RowProblem> = []

  readonly values: Readonly<Record<string, unknown>>

  constructor(values: Readonly<Record<string, unknown>>) {
    this.values = values
  }

  fail(code: string, message: string): void {
    this.problems.push({ code, message })
  }

  /** The column is in the file. */
  present(column: string): boolean {
    return column in this.values && this.values[column] !== undefined
  }

  /** The column is in the file and not blank. */
  filled(column: string): boolean {
    return this.present(column) && !isBlank(this.values[column])
  }

  /** Non-blank text; a problem when missing or blank. */
  requiredText(column: string): string {
    const value = this.text(column)
    if (value == null) {
      this.fail("VALIDATION_ERROR", `${column} is required`)
      return ""
    }
    return value
  }

  /** Trimmed text; `null` when blank, `undefined` when the column is missing. */
  text(column: string): string | null | undefined {
    if (!this.present(column)) return undefined
    const value = this.values[column]
    if (isBlank(value)) return null
    if (typeof value === "string") {
      if (value.length > 2000) this.fail("VALIDATION_ERROR", `${column} is longer than 2000 characters`)
      return value.trim()
    }
    if (typeof value === "number" || typeof value === "boolean") return String(value)
    this.fail("VALIDATION_ERROR", `${column} must be text`)
    return undefined
  }

  email(column: string): string | null | undefined {
    const value = this.text(column)
    if (value != null && (!EMAIL.test(value) || value.length > 320)) {
      this.fail("VALIDATION_ERROR", `${column} "${value}" is not an e-mail address`)
      return undefined
    }
    return value
  }

  /** true/false (also 1/0, sí/no, yes/no); blank or missing is `undefined` (the default applies). */
  boolean(column: string): boolean | undefined {
    if (!this.filled(column)) return undefined
    const value = this.values[column]
    if (typeof value === "boolean") return value
    const word = String(value).trim().toLowerCase()
    if (TRUE.has(word)) return true
    if (FALSE.has(word)) return false
    this.fail("VALIDATION_ERROR", `${column} must be true or false, not "${String(value)}"`)
    return undefined
  }

  /** A whole number; blank or missing is `undefined`. */
  integer(column: string, range: { readonly min: number; readonly max?: number }): number | undefined {
    const value = this.number(column)
    if (value === undefined || value === null) return undefined
    if (!Number.isSafeInteger(value) || value < range.min || (range.max !== undefined && value > range.max)) {
      this.fail(
        "VALIDATION_ERROR",
        `${column} must be a whole number ${range.max === undefined ? `≥ ${range.min}` : `from ${range.min} to ${range.max}`}, not ${value}`
      )
      return undefined
    }
    return value
  }

  /** A number (`.` decimal mark); `null` when blank, `undefined` when missing. */
  number(column: string): number | null | undefined {
    if (!this.present(column)) return undefined
    const value = this.values[column]
    if (isBlank(value)) return null
    const parsed = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN
    if (!Number.isFinite(parsed)) {
      this.fail("VALIDATION_ERROR", `${column} must be a number, not "${String(value)}"`)
      return undefined
    }
    return parsed
  }

  /** A list: a JSON array, or CSV text split on `|`; blank is an empty list. */
  list(column: string): ReadonlyArray<unknown> | undefined {
    if (!this.present(column)) return undefined
    const value = this.values[column]
    if (isBlank(value)) return []
    if (Array.isArray(value)) return value
    if (typeof value === "string") return value.split("|").map((item) => item.trim()).filter((item) => item !== "")
    this.fail("VALIDATION_ERROR", `${column} must be a list`)
    return undefined
  }

  /** Free JSON (CSV: its JSON text); `null` when blank. */
  json(column: string): unknown {
    if (!this.present(column)) return undefined
    const value = this.values[column]
    if (isBlank(value)) return null
    if (typeof value !== "string") return value
    try {
      return JSON.parse(value)
    } catch {
      this.fail("VALIDATION_ERROR", `${column} must be JSON, not ${value}`)
      return undefined
    }
  }

  /** An ISO 8601 date-time with an offset or `Z` (as the API); `null` when blank. */
  instant(column: string): Date | null | undefined {
    const value = this.text(column)
    if (value == null) return value
    const date = new Date(value)
    if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(value) || Number.isNaN(date.getTime())) {
      this.fail("VALIDATION_ERROR", `${column} must be an ISO date-time with an offset (2025-01-31T08:00:00-05:00), not "${value}"`)
      return undefined
    }
    return date
  }

  /** Fails on columns the kind does not know (a typo in a header would otherwise be ignored). */
  unknownColumns(known: ReadonlySet<string>): ReadonlyArray<string> {
    return Object.keys(this.values).filter((column) => !known.has(column))
  }
}

/** Only the entries whose value is not `undefined` (the columns the file sets). */
export const definedOnly = <A extends Record<string, unknown>>(fields: A): { [K in keyof A]?: Exclude<A[K], undefined> } =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof A]?: Exclude<A[K], undefined> }
