/**
 * A client row (docs/import.md "clients"): known by its NIT (blank: its company's NIT,
 * the API's default), placed in a branch named by company NIT and branch name, with an
 * optional price list by name (blank: the general list) and its phones, each normalized
 * by core's `normalizePhone` (`INVALID_PHONE`) and not repeated (`DUPLICATE_PHONE`).
 * Phones in CSV: `|`-separated, each `number` or `number#label`.
 */
import * as Result from "effect/Result"
import { normalizePhone } from "../clients/phone.ts"
import { definedOnly, FieldReader, type RowProblem } from "./field-reader.ts"
import type { ImportRecord } from "./import-record.ts"

export const CLIENT_COLUMNS: ReadonlySet<string> = new Set([
  "nit", "name", "email", "active", "company_nit", "branch_name", "price_list", "phones"
])

export interface PhoneImport {
  readonly phone: string
  readonly label: string | null
}

export interface ClientImportRow {
  readonly line: number
  /** null: the company's NIT. */
  readonly nit: string | null
  /** name, email, active: only those the file sets. */
  readonly fields: Readonly<Record<string, unknown>>
  readonly companyNit: string | null
  readonly branchName: string | null
  /** null: the general list; undefined: keep. */
  readonly priceListName: string | null | undefined
  /** undefined: the column is missing (phones kept as they are). */
  readonly phones: ReadonlyArray<PhoneImport> | undefined
}

/** `+57 300 123 4567#Oficina` → number and label; JSON `{phone, label}` or a string. */
const phoneEntry = (entry: unknown): { readonly phone: string; readonly label: string | null } | undefined => {
  if (typeof entry === "string") {
    const hash = entry.indexOf("#")
    if (hash === -1) return { phone: entry, label: null }
    const label = entry.slice(hash + 1).trim()
    return { phone: entry.slice(0, hash), label: label === "" ? null : label }
  }
  if (typeof entry === "object" && entry !== null && typeof (entry as { phone?: unknown }).phone === "string") {
    const { label, phone } = entry as { phone: string; label?: unknown }
    return { phone, label: typeof label === "string" && label.trim() !== "" ? label.trim() : null }
  }
  return undefined
}

export const readClientRow = (record: ImportRecord): { row: ClientImportRow; problems: Array<RowProblem> } => {
  const fields = new FieldReader(record.values)
  for (const column of fields.unknownColumns(CLIENT_COLUMNS)) fields.fail("VALIDATION_ERROR", `unknown column ${column}`)
  const name = fields.requiredText("name")
  const nit = fields.text("nit") ?? null
  const companyNit = fields.text("company_nit") ?? null
  const branchName = fields.text("branch_name") ?? null
  if ((companyNit === null) !== (branchName === null)) {
    fields.fail("VALIDATION_ERROR", "company_nit and branch_name go together: the branch is named within its company")
  }
  if (nit === null && companyNit === null) fields.fail("VALIDATION_ERROR", "nit is required when company_nit is blank")
  const entries = fields.list("phones")
  let phones: Array<PhoneImport> | undefined
  if (entries !== undefined) {
    phones = []
    const seen = new Set<string>()
    for (const entry of entries) {
      const parsed = phoneEntry(entry)
      if (parsed === undefined) {
        fields.fail("VALIDATION_ERROR", `phones: ${JSON.stringify(entry)} is not a phone`)
        continue
      }
      const normalized = normalizePhone(parsed.phone)
      if (Result.isFailure(normalized)) {
        fields.fail("INVALID_PHONE", normalized.failure.message)
        continue
      }
      if (seen.has(normalized.success)) {
        fields.fail("DUPLICATE_PHONE", `the phone ${normalized.success} is listed twice`)
        continue
      }
      seen.add(normalized.success)
      phones.push({ phone: normalized.success, label: parsed.label })
    }
  }
  const row: ClientImportRow = {
    line: record.line,
    nit,
    fields: definedOnly({ name, email: fields.email("email"), active: fields.boolean("active") }),
    companyNit,
    branchName,
    priceListName: fields.text("price_list"),
    phones
  }
  return { row, problems: fields.problems }
}
