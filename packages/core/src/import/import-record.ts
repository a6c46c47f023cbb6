/**
 * The records of an import file, CSV or JSON, in one shape: the line a record starts on
 * and its values by column. Column names are compared in snake_case, so a CSV header
 * `operation_days` and a JSON key `operationDays` name the same column. CSV values are
 * text; JSON values keep their JSON types (the field readers accept both).
 */
import { DelimitedTextReader, isBlankRecord, type TextRecord } from "./delimited-text.ts"

export interface ImportRecord {
  readonly line: number
  readonly values: Readonly<Record<string, unknown>>
}

/** A problem of the file itself (not of one field), with its line. */
export interface FileProblem {
  readonly line: number
  readonly code: string
  readonly message: string
}

/** `operationDays`, `Operation Days`, `operation-days` → `operation_days`. */
export const columnName = (raw: string): string =>
  raw.trim().replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[\s-]+/g, "_").toLowerCase()

/** CSV text fed chunk by chunk: the first non-blank row is the header. */
export class CsvRecords {
  private readonly reader = new DelimitedTextReader()
  private header: ReadonlyArray<string> | undefined
  private headerLine = 1
  readonly problems: Array<FileProblem> = []

  push(chunk: string): Array<ImportRecord> {
    return this.keyed(this.reader.push(chunk))
  }

  end(): Array<ImportRecord> {
    const records = this.keyed(this.reader.end())
    for (const problem of this.reader.problems) this.problems.push({ ...problem, code: "VALIDATION_ERROR" })
    return records
  }

  /** The header's columns (after the first record), for checks against the known columns. */
  get columns(): ReadonlyArray<string> | undefined {
    return this.header
  }

  get columnsLine(): number {
    return this.headerLine
  }

  private keyed(records: ReadonlyArray<TextRecord>): Array<ImportRecord> {
    const out: Array<ImportRecord> = []
    for (const record of records) {
      if (isBlankRecord(record)) continue
      if (this.header === undefined) {
        this.header = record.fields.map(columnName)
        this.headerLine = record.line
        continue
      }
      const header = this.header
      const values: Record<string, unknown> = {}
      header.forEach((column, i) => {
        if (column !== "") values[column] = record.fields[i] ?? ""
      })
      if (record.fields.slice(header.length).some((field) => field.trim() !== "")) {
        this.problems.push({
          line: record.line,
          code: "VALIDATION_ERROR",
          message: `the row has ${record.fields.length} fields but the header has ${header.length} columns`
        })
        continue
      }
      out.push({ line: record.line, values })
    }
    return out
  }
}

/** The line each top-level element of a JSON array starts on (strings and nesting understood). */
const elementLines = (text: string): Array<number> => {
  const lines: Array<number> = []
  let line = 1
  let depth = 0
  let inString = false
  let escaped = false
  let expectValue = false
  for (const char of text) {
    if (char === "\n") line++
    if (inString) {
      if (escaped) escaped = false
      else if (char === "\\") escaped = true
      else if (char === "\"") inString = false
      continue
    }
    if (/\s/.test(char)) continue
    if (depth === 1 && expectValue && char !== "]") {
      lines.push(line)
      expectValue = false
    }
    if (char === "\"") inString = true
    else if (char === "[" || char === "{") {
      depth++
      if (depth === 1) expectValue = true
    } else if (char === "]" || char === "}") depth--
    else if (char === "," && depth === 1) expectValue = true
  }
  return lines
}

/** A JSON array of objects, each an import record. */
export const jsonRecords = (text: string): { readonly records: Array<ImportRecord>; readonly problems: Array<FileProblem> } => {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text
  let parsed: unknown
  try {
    parsed = JSON.parse(source)
  } catch (error) {
    return { records: [], problems: [{ line: 1, code: "VALIDATION_ERROR", message: `not valid JSON: ${String(error)}` }] }
  }
  if (!Array.isArray(parsed)) {
    return { records: [], problems: [{ line: 1, code: "VALIDATION_ERROR", message: "a JSON import file is an array of objects" }] }
  }
  const lines = elementLines(source)
  const records: Array<ImportRecord> = []
  const problems: Array<FileProblem> = []
  parsed.forEach((element: unknown, i) => {
    const line = lines[i] ?? 1
    if (typeof element !== "object" || element === null || Array.isArray(element)) {
      problems.push({ line, code: "VALIDATION_ERROR", message: "each element must be an object" })
      return
    }
    records.push({ line, values: normalizeKeys(element as Record<string, unknown>) })
  })
  return { records, problems }
}

/** Keys in snake_case, also inside nested objects and arrays of objects (branches, phones, items). */
const normalizeKeys = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      columnName(key),
      Array.isArray(inner)
        ? inner.map((item) => typeof item === "object" && item !== null && !Array.isArray(item) ? normalizeKeys(item as Record<string, unknown>) : item)
        : inner
    ])
  )
