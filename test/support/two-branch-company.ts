/**
 * A new active company inserted directly in the database (a supported way in), with two
 * branches: "Principal" on the "Always open" route with the seeded advisor, and
 * "Secundaria" (Cali) on the "Biweekly" route without one. Used by the users and
 * my-company tests, each test with its own company.
 */
import { Effect, Schema } from "effect"
import { randomInt } from "node:crypto"
import { advisorEmail } from "@quote/adapters/dev/seed/scenario-data"
import { BranchId, CompanyId } from "@quote/core/shared/ids"
import { SqlClient } from "./test-server.ts"

const asBranchId = Schema.decodeSync(BranchId)
const asCompanyId = Schema.decodeSync(CompanyId)

export interface TwoBranchCompany {
  readonly companyId: CompanyId
  readonly nit: string
  /** "Principal": the "Always open" route, the seeded advisor. */
  readonly mainBranchId: BranchId
  /** "Secundaria": the "Biweekly" route, no advisor. */
  readonly otherBranchId: BranchId
}

export interface CompanyDetails {
  /** The company is named `<namePrefix> <nit>`. */
  readonly namePrefix: string
  readonly contact?: { readonly email: string; readonly phone: string; readonly address: string }
  readonly mainBranchAddress?: string
}

export const insertTwoBranchCompany = (details: CompanyDetails) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const nit = String(randomInt(100_000_000, 999_999_999))
    const [company] = yield* sql<{ id: string }>`
      insert into companies ${sql.insert({ name: `${details.namePrefix} ${nit}`, nit, ...details.contact })}
      returning id`
    const [main] = yield* sql<{ id: string }>`
      insert into branches (company_id, name, city, address, route_id, advisor_id)
      select ${company!.id}, 'Principal', 'Bogotá', ${details.mainBranchAddress ?? null}, r.id, u.id
        from routes r, users u where r.name = 'Always open' and u.email = ${advisorEmail}
      returning id`
    const [other] = yield* sql<{ id: string }>`
      insert into branches (company_id, name, city, route_id)
      select ${company!.id}, 'Secundaria', 'Cali', r.id from routes r where r.name = 'Biweekly'
      returning id`
    return {
      companyId: asCompanyId(company!.id),
      nit,
      mainBranchId: asBranchId(main!.id),
      otherBranchId: asBranchId(other!.id)
    } satisfies TwoBranchCompany
  })
