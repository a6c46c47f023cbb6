/**
 * Reading customers on both sides (spec "ERP integration → Customers"): the ERP's list
 * with each customer's local match (`company-match.ts`), the local companies with their
 * ERP sync state and branches, a company's import/export history, and the ERP's sellers.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import type { CustomerOperation } from "@quote/core/erp/erp-customer-operation"
import { firstEmail, firstPhone, legalName } from "@quote/core/erp/erp-customer-contact"
import { erpCustomerSearch } from "@quote/core/erp/erp-customer-search"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { ErpSyncStatus, type LocalCustomer } from "@quote/core/erp/erp-local-customer"
import type { ErpError } from "@quote/core/errors/erp"
import { CompanyNotFound } from "@quote/core/errors/companies"
import { companyMatches, matchOf } from "./company-match.ts"
import { customerOperationsOf } from "./customer-operation-log.ts"

export interface ErpCustomerListItem {
  readonly erpId: string
  readonly identification: string
  readonly name: string
  readonly email: string | null
  readonly phone: string | null
  readonly city: string | null
  readonly active: boolean
  readonly alreadyImported: boolean
  readonly localCompanyId: string | null
  readonly localCompanyName: string | null
}

export interface ErpCustomerList {
  readonly items: ReadonlyArray<ErpCustomerListItem>
  readonly total: number
  readonly page: number
  readonly pageSize: number
}

export interface ErpSellerItem {
  readonly id: number
  readonly username: string
  readonly firstName: string | null
  readonly lastName: string | null
  readonly active: boolean
}

export interface ErpCustomerListQuery {
  readonly page: number
  readonly pageSize: number
  readonly name?: string
  readonly identification?: string
}

export interface LocalCustomerQuery {
  readonly syncStatus?: ErpSyncStatus
  readonly limit: number
}

const LocalCompanyRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  erp_customer_id: Schema.NullOr(Schema.String),
  erp_sync_status: ErpSyncStatus,
  erp_origin: Schema.Literals(["local", "erp"]),
  erp_last_sync_at: Schema.NullOr(Schema.Date),
  erp_last_import_at: Schema.NullOr(Schema.Date),
  erp_last_error: Schema.NullOr(Schema.String)
})

const BranchRow = Schema.Struct({
  id: Schema.String,
  company_id: Schema.String,
  name: Schema.String,
  city: Schema.NullOr(Schema.String)
})

export class ErpCustomerDirectory extends Context.Service<ErpCustomerDirectory, {
  readonly listErp: (query: ErpCustomerListQuery) => Effect.Effect<ErpCustomerList, ErpError>
  readonly listLocal: (query: LocalCustomerQuery) => Effect.Effect<ReadonlyArray<LocalCustomer>>
  readonly history: (companyId: string) => Effect.Effect<ReadonlyArray<CustomerOperation>, CompanyNotFound>
  readonly sellers: Effect.Effect<ReadonlyArray<ErpSellerItem>, ErpError>
}>()("@quote/adapters/erp/ErpCustomerDirectory") {
  static readonly layer = Layer.effect(
    ErpCustomerDirectory,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const erp = yield* ErpGateway
      const matches = companyMatches(sql)
      const operations = customerOperationsOf(sql)

      const listErp = Effect.fn("ErpCustomerDirectory.listErp")(function*(query: ErpCustomerListQuery) {
        // As Siigo will really answer it: at least 10 a page, the NIT as digits only.
        const page = yield* erp.listCustomers(erpCustomerSearch(query))
        const rows = yield* matches({
          erpIds: page.items.map((customer) => customer.id),
          nits: page.items.map((customer) => customer.identification)
        }).pipe(Effect.orDie)
        const items = page.items.map((customer): ErpCustomerListItem => {
          const local = Option.getOrUndefined(matchOf(rows, customer))
          return {
            erpId: customer.id,
            identification: customer.identification,
            name: legalName(customer),
            email: firstEmail(customer),
            phone: firstPhone(customer),
            city: customer.address?.city?.cityName ?? null,
            active: customer.active,
            alreadyImported: local?.erp_customer_id === customer.id,
            localCompanyId: local?.id ?? null,
            localCompanyName: local?.name ?? null
          }
        })
        const list: ErpCustomerList = { items, total: page.total, page: page.page, pageSize: page.pageSize }
        return list
      })

      const localCompanies = SqlSchema.findAll({
        Request: Schema.Struct({ status: Schema.NullOr(ErpSyncStatus), limit: Schema.Number }),
        Result: LocalCompanyRow,
        execute: ({ limit, status }) =>
          sql`select id, name, nit, email, phone, address, active, erp_customer_id, erp_sync_status, erp_origin,
                     erp_last_sync_at, erp_last_import_at, erp_last_error
                from companies
               where (${status}::text is null or erp_sync_status = ${status})
               order by name, id limit ${limit}`
      })
      const branchesOf = SqlSchema.findAll({
        Request: Schema.Array(Schema.String),
        Result: BranchRow,
        execute: (ids) =>
          sql`select id, company_id, name, city from branches where company_id = any(${ids}::text[]::uuid[]) order by name, id`
      })

      const listLocal = Effect.fn("ErpCustomerDirectory.listLocal")(function*(query: LocalCustomerQuery) {
        const { branches, companies } = yield* Effect.gen(function*() {
          const companies = yield* localCompanies({ status: query.syncStatus ?? null, limit: query.limit })
          const branches = yield* branchesOf(companies.map((company) => company.id))
          return { companies, branches }
        }).pipe(sql.withTransaction, Effect.orDie)
        const byCompany = Map.groupBy(branches, (branch) => branch.company_id)
        return companies.map((company): LocalCustomer => ({
          id: company.id,
          name: company.name,
          nit: company.nit,
          email: company.email,
          phone: company.phone,
          address: company.address,
          active: company.active,
          erpCustomerId: company.erp_customer_id,
          erpSyncStatus: company.erp_sync_status,
          erpOrigin: company.erp_origin,
          erpLastSyncAt: company.erp_last_sync_at,
          erpLastImportAt: company.erp_last_import_at,
          erpLastError: company.erp_last_error,
          branches: (byCompany.get(company.id) ?? []).map(({ city, id, name }) => ({ id, name, city }))
        }))
      })

      const history = Effect.fn("ErpCustomerDirectory.history")(function*(companyId: string) {
        const company = yield* sql<{ readonly id: string }>`select id from companies where id = ${companyId}`.pipe(
          Effect.orDie
        )
        if (company.length === 0) {
          return yield* new CompanyNotFound({ message: "No company has this id", details: { companyId } })
        }
        return yield* operations(companyId).pipe(Effect.orDie)
      })

      const sellers = erp.listSellers.pipe(
        Effect.map((users) =>
          users.map((user): ErpSellerItem => ({
            id: user.id,
            username: user.username,
            firstName: user.firstName,
            lastName: user.lastName,
            active: user.active
          }))
        ),
        Effect.withSpan("ErpCustomerDirectory.sellers")
      )

      return ErpCustomerDirectory.of({ listErp, listLocal, history, sellers })
    })
  )
}
