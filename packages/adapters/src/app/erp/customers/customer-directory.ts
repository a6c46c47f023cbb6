/**
 * Reading customers on both sides (spec "ERP integration → Customers"): the ERP's list
 * with each customer's local match (`company-match.ts`), the local companies with their
 * ERP sync state and branches, a company's import/export history, and the ERP's sellers.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { CustomerOperation } from "@quote/core/erp/erp-customer-operation"
import { firstEmail, firstPhone, legalName } from "@quote/core/erp/erp-customer-contact"
import { erpCustomerSearch } from "@quote/core/erp/erp-customer-search"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { ErpSyncStatus, LocalCustomer } from "@quote/core/erp/erp-local-customer"
import type { ErpError } from "@quote/core/erp/errors"
import { CompanyNotFound } from "@quote/core/companies/errors"
import type { CompanyId } from "@quote/core/shared/ids"
import type { ErpCustomerList, ErpCustomerListItem, ErpSellerItem } from "@quote/core/erp/views"
import { companyMatches, matchOf } from "./company-match.ts"
import { customerOperationsOf } from "./customer-operation-log.ts"

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

export class ErpCustomerDirectory extends Context.Service<ErpCustomerDirectory, {
  readonly listErp: (query: ErpCustomerListQuery) => Effect.Effect<ErpCustomerList, ErpError>
  readonly listLocal: (query: LocalCustomerQuery) => Effect.Effect<ReadonlyArray<LocalCustomer>>
  readonly history: (companyId: CompanyId) => Effect.Effect<ReadonlyArray<CustomerOperation>, CompanyNotFound>
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
            alreadyImported: local?.erpCustomerId === customer.id,
            localCompanyId: local?.id ?? null,
            localCompanyName: local?.name ?? null
          }
        })
        const list: ErpCustomerList = { items, total: page.total, page: page.page, pageSize: page.pageSize }
        return list
      })

      /** The companies with their branches (as `json_agg`), in one statement: one snapshot. */
      const localCompanies = SqlSchema.findAll({
        Request: Schema.Struct({ status: Schema.NullOr(ErpSyncStatus), limit: Schema.Number }),
        Result: LocalCustomer,
        execute: ({ limit, status }) =>
          sql`select c.id, c.name, c.nit, c.email, c.phone, c.address, c.active, c.erp_customer_id, c.erp_sync_status,
                     c.erp_origin, c.erp_last_sync_at, c.erp_last_import_at, c.erp_last_error,
                     coalesce((
                       select json_agg(json_build_object('id', b.id, 'name', b.name, 'city', b.city) order by b.name, b.id)
                         from branches b where b.company_id = c.id
                     ), '[]'::json) as branches
                from companies c
               where (${status}::text is null or c.erp_sync_status = ${status})
               order by c.name, c.id limit ${limit}`
      })

      const listLocal = Effect.fn("ErpCustomerDirectory.listLocal")(function*(query: LocalCustomerQuery) {
        return yield* localCompanies({ status: query.syncStatus ?? null, limit: query.limit }).pipe(Effect.orDie)
      })

      const history = Effect.fn("ErpCustomerDirectory.history")(function*(companyId: CompanyId) {
        // Whether the row exists; nothing of it is read.
        const company = yield* sql`select id from companies where id = ${companyId}`.pipe(
          Effect.orDie
        )
        if (company.length === 0) {
          return yield* new CompanyNotFound({ message: "No company has this id", details: { companyId } })
        }
        return yield* operations(companyId).pipe(Effect.orDie)
      })

      // The ERP users as they are: the view keeps the fields it shows.
      const sellers = erp.listSellers.pipe(Effect.withSpan("ErpCustomerDirectory.sellers"))

      return ErpCustomerDirectory.of({ listErp, listLocal, history, sellers })
    })
  )
}
