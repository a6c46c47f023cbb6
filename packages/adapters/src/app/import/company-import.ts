/**
 * Imports companies and their branches (docs/import.md "companies"): a company known by
 * NIT, a branch by its company and name; each created or updated in the columns that
 * changed (the database records `branch.updated` with exactly those), none deleted. A
 * branch's route and advisor, when set, must be an active route and an active advisor,
 * as on the API. Imports send no e-mail (the API's creation notices are for one-off
 * sign-ups, not for loading a customer base).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type BranchImportRow, type CompanyImportRow, readCompanyRecord } from "@quote/core/import/company-rows"
import { mergeHead } from "@quote/core/import/grouped-rows"
import { emptyCounts } from "@quote/core/import/import-kind"
import { allRecords, type KindRun, readRows, StoredColumns, storedNamesSql } from "./kind-import.ts"
import { countWrite, writeEntity } from "./entity-write.ts"
import { advisorsByEmail, resolveReference, routesByName } from "./reference-lookups.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

const StoredCompany = StoredColumns({ id: Schema.String, nit: Schema.String })

const StoredBranch = StoredColumns({
  id: Schema.String,
  company_id: Schema.String,
  name: Schema.String,
  route_id: Schema.NullOr(Schema.String),
  advisor_id: Schema.NullOr(Schema.String)
})

interface CompanyGroup {
  readonly line: number
  readonly nit: string
  fields: Record<string, unknown>
  readonly branches: Map<string, BranchImportRow>
}

/** Rows of one NIT become one company; its fields must agree, a branch appears once. */
const groupCompanies = (run: KindRun, rows: ReadonlyArray<CompanyImportRow>): Array<CompanyGroup> => {
  const groups = new Map<string, CompanyGroup>()
  for (const row of rows) {
    const group = groups.get(row.nit)
    if (group === undefined) {
      groups.set(row.nit, { line: row.line, nit: row.nit, fields: { ...row.fields }, branches: new Map() })
    } else {
      const merged = mergeHead(group.fields, row.fields, group.line)
      for (const problem of merged.problems) run.report(row.line, problem)
      group.fields = merged.head
    }
    const target = groups.get(row.nit)!
    for (const branch of row.branches) {
      const earlier = target.branches.get(branch.name)
      if (earlier !== undefined) {
        run.report(branch.line, {
          code: "VALIDATION_ERROR",
          message: `branch "${branch.name}" of ${row.nit} is already on line ${earlier.line}`
        })
      } else target.branches.set(branch.name, branch)
    }
  }
  return [...groups.values()]
}

export const importCompanies = Effect.fnUntraced(function*(run: KindRun) {
  const sql = yield* storedNamesSql
  const companyCounts = emptyCounts()
  const branchCounts = emptyCounts()
  const groups = groupCompanies(run, readRows(run, yield* allRecords(run), readCompanyRecord))
  const branchRows = groups.flatMap((group) => [...group.branches.values()])

  const storedCompanies = yield* sql`
    select id, nit, name, email, phone, address, active from companies
     where nit = any(${groups.map((group) => group.nit)}::text[])`.pipe(decodedRows(StoredCompany))
  const companyByNit = new Map(storedCompanies.map((company) => [company.nit, company]))
  const storedBranches = yield* sql`
    select id, company_id, name, address, city, route_id, advisor_id, latitude, longitude, active from branches
     where company_id = any(${storedCompanies.map((company) => company.id)}::uuid[])`.pipe(decodedRows(StoredBranch))
  const branchByKey = new Map(storedBranches.map((branch) => [`${branch.company_id}\u0000${branch.name}`, branch]))
  const routes = yield* routesByName(branchRows.flatMap((branch) => branch.routeName == null ? [] : [branch.routeName]))
  const advisors = yield* advisorsByEmail(
    branchRows.flatMap((branch) => branch.advisorEmail == null ? [] : [branch.advisorEmail])
  )

  for (const group of groups) {
    const stored = companyByNit.get(group.nit)
    if (stored === undefined && group.fields.name == null) {
      run.report(group.line, { code: "VALIDATION_ERROR", message: "name is required for a new company" })
      continue
    }
    const company = yield* writeEntity("companies", stored, { ...group.fields, nit: group.nit })
    countWrite(companyCounts, stored, company.changed)

    for (const branch of group.branches.values()) {
      const current = branchByKey.get(`${company.id}\u0000${branch.name}`)
      const wanted: Record<string, unknown> = { ...branch.fields }
      let usable = true
      if (branch.routeName !== undefined) {
        const route = branch.routeName === null ? { id: null } : resolveReference(
          routes.get(branch.routeName),
          { code: "ROUTE_NOT_FOUND", label: "route", key: branch.routeName },
          current?.route_id
        )
        if ("problem" in route) {
          run.report(branch.line, route.problem)
          usable = false
        } else wanted.route_id = route.id
      }
      if (branch.advisorEmail !== undefined) {
        const advisor = branch.advisorEmail === null ? { id: null } : resolveReference(
          advisors.get(branch.advisorEmail.toLowerCase()),
          { code: "ADVISOR_NOT_FOUND", label: "advisor", key: branch.advisorEmail },
          current?.advisor_id
        )
        if ("problem" in advisor) {
          run.report(branch.line, advisor.problem)
          usable = false
        } else wanted.advisor_id = advisor.id
      }
      if (!usable) continue
      const written = yield* writeEntity("branches", current, { ...wanted, company_id: company.id, name: branch.name })
      countWrite(branchCounts, current, written.changed)
    }
  }
  return { companies: companyCounts, branches: branchCounts }
})
