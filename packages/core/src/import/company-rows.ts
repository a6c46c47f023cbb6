/**
 * Companies with their branches (docs/import.md "companies"). CSV: one row per branch,
 * the company's columns repeated (a company without branches: one row with a blank
 * `branch_name`); JSON: one object per company with a `branches` array. A company is
 * known by its NIT, a branch by its company's NIT and its name; a branch's route is named
 * by route name, its advisor by e-mail.
 */
import { definedOnly, FieldReader, type RowProblem } from "./field-reader.ts"
import type { ImportRecord } from "./import-record.ts"

const COMPANY_FIELDS = ["name", "email", "phone", "address", "active"] as const
const BRANCH_FIELDS = ["name", "address", "city", "route", "advisor", "latitude", "longitude", "active"] as const

export const COMPANY_COLUMNS: ReadonlySet<string> = new Set([
  "nit", ...COMPANY_FIELDS, "branches", ...BRANCH_FIELDS.map((field) => `branch_${field}`)
])
const BRANCH_KEYS: ReadonlySet<string> = new Set(BRANCH_FIELDS)

export interface BranchImportRow {
  readonly line: number
  readonly name: string
  /** address, city, latitude, longitude, active: only those the file sets. */
  readonly fields: Readonly<Record<string, unknown>>
  readonly routeName: string | null | undefined
  readonly advisorEmail: string | null | undefined
}

export interface CompanyImportRow {
  readonly line: number
  readonly nit: string
  /** name, email, phone, address, active: only those the file sets. */
  readonly fields: Readonly<Record<string, unknown>>
  readonly branches: ReadonlyArray<BranchImportRow>
}

const readBranch = (fields: FieldReader, line: number, prefix: string): BranchImportRow | undefined => {
  const column = (field: string) => `${prefix}${field}`
  const name = fields.text(column("name"))
  if (name == null) {
    const stray = BRANCH_FIELDS.filter((field) => field !== "name" && fields.filled(column(field)))
    if (stray.length > 0) fields.fail("VALIDATION_ERROR", `${column("name")} is required when ${stray.map(column).join(", ")} is set`)
    return undefined
  }
  const latitude = fields.number(column("latitude"))
  const longitude = fields.number(column("longitude"))
  if (latitude != null && Math.abs(latitude) > 90) fields.fail("VALIDATION_ERROR", `${column("latitude")} must be from -90 to 90`)
  if (longitude != null && Math.abs(longitude) > 180) fields.fail("VALIDATION_ERROR", `${column("longitude")} must be from -180 to 180`)
  return {
    line,
    name,
    fields: definedOnly({
      address: fields.text(column("address")),
      city: fields.text(column("city")),
      latitude,
      longitude,
      active: fields.boolean(column("active"))
    }),
    routeName: fields.text(column("route")),
    advisorEmail: fields.email(column("advisor"))
  }
}

/** One record: a company and (CSV) at most one branch, or (JSON) its `branches`. */
export const readCompanyRecord = (record: ImportRecord): { row: CompanyImportRow; problems: Array<RowProblem> } => {
  const fields = new FieldReader(record.values)
  for (const column of fields.unknownColumns(COMPANY_COLUMNS)) fields.fail("VALIDATION_ERROR", `unknown column ${column}`)
  const nit = fields.requiredText("nit")
  const companyFields = definedOnly({
    name: fields.text("name"),
    email: fields.email("email"),
    phone: fields.text("phone"),
    address: fields.text("address"),
    active: fields.boolean("active")
  })
  if (companyFields.name === null) fields.fail("VALIDATION_ERROR", "name must not be blank")
  const branches: Array<BranchImportRow> = []
  const nested = fields.list("branches")
  if (nested !== undefined && nested.length > 0) {
    for (const item of nested) {
      if (typeof item !== "object" || item === null) {
        fields.fail("VALIDATION_ERROR", "each of branches must be an object")
        continue
      }
      const branchFields = new FieldReader(item as Record<string, unknown>)
      for (const column of branchFields.unknownColumns(BRANCH_KEYS)) branchFields.fail("VALIDATION_ERROR", `unknown branch field ${column}`)
      const branch = readBranch(branchFields, record.line, "")
      if (branch === undefined && branchFields.problems.length === 0) branchFields.fail("VALIDATION_ERROR", "a branch needs a name")
      fields.problems.push(...branchFields.problems)
      if (branch !== undefined) branches.push(branch)
    }
  } else {
    const branch = readBranch(fields, record.line, "branch_")
    if (branch !== undefined) branches.push(branch)
  }
  return { row: { line: record.line, nit, fields: companyFields, branches }, problems: fields.problems }
}
