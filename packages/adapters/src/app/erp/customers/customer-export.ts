/**
 * Exporting a local company to the ERP (spec "ERP integration → Customers → export"):
 * the company with its NIT cleaned (`cleanNit`) as the Siigo customer
 * `company-as-erp-customer.ts` describes. Created when it has no ERP id (or linked to the
 * ERP customer that already has that NIT), else updated. `erp_sync_status` goes
 * `pending` while the ERP is called, then `synced` or `error` with `erp_last_error`;
 * each attempt is recorded in the history.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { DuplicateNit, CompanyNotFound } from "@quote/core/companies/errors"
import { InvalidNit, MissingNit } from "@quote/core/erp/errors"
import type { ErpError } from "@quote/core/erp/errors"
import { erpCustomerInputOf, erpCustomerUpdateOf } from "@quote/core/erp/company-as-erp-customer"
import type { ErpCustomer } from "@quote/core/erp/erp-customer"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { type ErpSyncStatus, LocalCustomer } from "@quote/core/erp/erp-local-customer"
import { cleanNit } from "@quote/core/erp/nit"
import { CompanyId, type UserId } from "@quote/core/shared/ids"
import type { ErpExportedCustomer } from "@quote/core/erp/views"
import { isUniqueViolation } from "../../../infra/database/sql-errors.ts"
import { recordCustomerOperation } from "./customer-operation-log.ts"

export type CustomerExportError = CompanyNotFound | MissingNit | InvalidNit | DuplicateNit | ErpError

/** The company (its fields as the local customer view has them) and its main branch (active first, then oldest). */
const ExportRow = Schema.Struct({
  ...Struct.pick(LocalCustomer.fields, ["id", "name", "nit", "email", "phone", "address", "erpCustomerId"]),
  branchAddress: Schema.NullOr(Schema.String),
  branchCity: Schema.NullOr(Schema.String)
})

export class ErpCustomerExport extends Context.Service<ErpCustomerExport, {
  readonly exportCompany: (
    companyId: CompanyId,
    triggeredBy: UserId | null
  ) => Effect.Effect<ErpExportedCustomer, CustomerExportError>
}>()("@quote/adapters/erp/ErpCustomerExport") {
  static readonly layer = Layer.effect(
    ErpCustomerExport,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const erp = yield* ErpGateway

      const exportRow = SqlSchema.findOneOption({
        Request: CompanyId,
        Result: ExportRow,
        execute: (id) =>
          sql`select c.id, c.name, c.nit, c.email, c.phone, c.address, c.erp_customer_id,
                     b.address as branch_address, b.city as branch_city
                from companies c
                left join lateral (
                  select address, city from branches
                   where company_id = c.id order by active desc, created_at, id limit 1
                ) b on true
               where c.id = ${id}`
      })

      /** The company's ERP link and sync state. */
      const setSyncState = (
        companyId: CompanyId,
        fields: {
          readonly erp_sync_status: ErpSyncStatus
          readonly erp_customer_id?: string
          readonly erp_last_sync_at?: Date
          readonly erp_last_error?: string | null
        }
      ) => sql`update companies set ${sql.update(fields)} where id = ${companyId}`

      const exportCompany = Effect.fn("ErpCustomerExport.exportCompany")(function*(
        companyId: CompanyId,
        triggeredBy: UserId | null
      ) {
        const found = yield* exportRow(companyId).pipe(Effect.orDie)
        if (Option.isNone(found)) {
          return yield* new CompanyNotFound({ message: "No company has this id", details: { companyId } })
        }
        const company = found.value
        const nit = cleanNit(company.nit)
        switch (nit._tag) {
          case "Missing":
            return yield* new MissingNit({ message: "The company has no NIT", details: { companyId } })
          case "Placeholder":
            return yield* new InvalidNit({
              message: "The company's NIT is a placeholder (NIT-…); set its real NIT first",
              details: { companyId, nit: company.nit }
            })
          case "Invalid":
            return yield* new InvalidNit({ message: nit.reason, details: { companyId, nit: company.nit } })
          case "Valid":
            break
        }
        const identification = nit.identification
        const startedMillis = yield* Clock.currentTimeMillis
        yield* setSyncState(companyId, { erp_sync_status: "pending" }).pipe(Effect.orDie)

        const input = erpCustomerInputOf({
          name: company.name,
          email: company.email,
          phone: company.phone,
          address: company.address,
          branchAddress: company.branchAddress,
          branchCity: company.branchCity
        }, identification)
        type Sent = { readonly operation: "create" | "update"; readonly customer: ErpCustomer }
        const update = (erpCustomerId: string): Effect.Effect<Sent, ErpError> =>
          erp.updateCustomer(erpCustomerId, erpCustomerUpdateOf(input)).pipe(
            Effect.map((customer) => ({ operation: "update", customer }))
          )
        const create: Effect.Effect<Sent, ErpError> = erp.createCustomer(input).pipe(
          Effect.map((customer) => ({ operation: "create", customer }))
        )
        const send = company.erpCustomerId === null
          // The ERP may already know this NIT (created by hand): link it instead of failing `already_exists`.
          ? erp.findCustomerByIdentification(identification).pipe(
            Effect.flatMap((existing) => Option.isSome(existing) ? update(existing.value.id) : create)
          )
          : update(company.erpCustomerId)
        const attempted = company.erpCustomerId === null ? "create" : "update"

        const sent = yield* Effect.result(send)
        const durationMs = (yield* Clock.currentTimeMillis) - startedMillis
        const now = DateTime.toDateUtc(yield* DateTime.now)
        if (sent._tag === "Failure") {
          yield* Effect.gen(function*() {
            yield* setSyncState(companyId, { erp_sync_status: "error", erp_last_error: sent.failure.message })
            yield* recordCustomerOperation(sql, {
              companyId,
              erpCustomerId: company.erpCustomerId,
              operation: attempted,
              status: "error",
              errorMessage: sent.failure.message,
              durationMs,
              triggeredBy
            })
          }).pipe(sql.withTransaction, Effect.orDie)
          return yield* Effect.fail(sent.failure)
        }
        const { customer, operation } = sent.success
        yield* Effect.gen(function*() {
          yield* setSyncState(companyId, {
            erp_customer_id: customer.id,
            erp_sync_status: "synced",
            erp_last_sync_at: now,
            erp_last_error: null
          })
          yield* recordCustomerOperation(sql, {
            companyId,
            erpCustomerId: customer.id,
            operation,
            status: "success",
            errorMessage: null,
            durationMs,
            triggeredBy
          })
        }).pipe(
          sql.withTransaction,
          Effect.catchIf(
            (error) => isUniqueViolation(error, "companies_erp_customer_id_key"),
            () =>
              Effect.andThen(
                setSyncState(companyId, { erp_sync_status: "error", erp_last_error: "ERP customer linked to another company" })
                  .pipe(Effect.orDie),
                Effect.fail(
                  new DuplicateNit({
                    message: `The ERP customer with NIT ${identification} is already linked to another local company`,
                    details: { nit: identification, erpCustomerId: customer.id }
                  })
                )
              )
          ),
          Effect.catchTag("SqlError", Effect.die)
        )
        const exported: ErpExportedCustomer = { erpCustomerId: customer.id, companyId, name: company.name }
        return exported
      })

      return ErpCustomerExport.of({ exportCompany })
    })
  )
}
