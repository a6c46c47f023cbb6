/**
 * Importing ERP customers as local companies (spec "ERP integration → Customers →
 * import"): the customer's local match (`company-match.ts`) is updated (200) or a
 * company is created with a main branch from the ERP address (201), linked to the ERP
 * customer and `synced`; each import is recorded in the history. A bulk import runs the
 * single one per id and lists each failure with its code.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import { DuplicateNit } from "@quote/core/companies/errors"
import { ErpCustomerNotFound } from "@quote/core/erp/errors"
import { type CustomerImportError, importErrorCode } from "@quote/core/erp/customer-import-error"
import type { ErpCustomer } from "@quote/core/erp/erp-customer"
import { firstEmail, firstPhone, legalName } from "@quote/core/erp/erp-customer-contact"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { CompanyId, type UserId } from "@quote/core/shared/ids"
import type { ErpBulkImport, ErpCustomerImportResult } from "@quote/core/erp/views"
import { isUniqueViolation } from "../../../infra/database/sql-errors.ts"
import { decodedRows } from "../../../infra/database/decoded-rows.ts"
import { companyMatches, matchOf } from "./company-match.ts"
import { recordCustomerOperation } from "./customer-operation-log.ts"

const duplicateNit = (customer: ErpCustomer) =>
  new DuplicateNit({
    message: `Another local company already has the NIT ${customer.identification}, linked to another ERP customer`,
    details: { nit: customer.identification, erpId: customer.id }
  })

export class ErpCustomerImport extends Context.Service<ErpCustomerImport, {
  readonly importOne: (erpId: string, triggeredBy: UserId | null) => Effect.Effect<ErpCustomerImportResult, CustomerImportError>
  readonly importMany: (erpIds: ReadonlyArray<string>, triggeredBy: UserId | null) => Effect.Effect<ErpBulkImport>
}>()("@quote/adapters/erp/ErpCustomerImport") {
  static readonly layer = Layer.effect(
    ErpCustomerImport,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const erp = yield* ErpGateway
      const matches = companyMatches(sql)

      /** Writes the ERP customer into its local company (or a new one), in one transaction. */
      const storeImport = (customer: ErpCustomer, triggeredBy: UserId | null, startedMillis: number) =>
        Effect.gen(function*() {
          const now = DateTime.toDateUtc(yield* DateTime.now)
          const durationMs = (yield* Clock.currentTimeMillis) - startedMillis
          const name = legalName(customer)
          const fromErp = {
            email: firstEmail(customer),
            phone: firstPhone(customer),
            address: customer.address?.address?.trim() || null
          }
          const linked = {
            erp_customer_id: customer.id,
            erp_sync_status: "synced",
            erp_last_import_at: now,
            erp_last_sync_at: now,
            erp_last_error: null
          }
          const rows = yield* matches({ erpIds: [customer.id], nits: [customer.identification] })
          const match = matchOf(rows, customer)
          if (Option.isSome(match) && match.value.erpCustomerId !== null && match.value.erpCustomerId !== customer.id) {
            return yield* Effect.fail(duplicateNit(customer))
          }
          let companyId: CompanyId
          if (Option.isSome(match)) {
            companyId = match.value.id
            yield* sql`
              update companies set name = ${name},
                     email = coalesce(${fromErp.email}, email), phone = coalesce(${fromErp.phone}, phone),
                     address = coalesce(${fromErp.address}, address), ${sql.update(linked)}
               where id = ${companyId}`
          } else {
            const [row] = yield* sql`
              insert into companies ${
              sql.insert({
                name,
                nit: customer.identification,
                ...fromErp,
                active: customer.active,
                erp_origin: "erp",
                ...linked
              })
            } returning id`.pipe(decodedRows(Schema.Struct({ id: CompanyId })))
            companyId = row!.id
            // A company orders through branches: the ERP address becomes its main one.
            yield* sql`insert into branches ${
              sql.insert({
                company_id: companyId,
                name: "Sede principal",
                address: fromErp.address,
                city: customer.address?.city?.cityName ?? null
              })
            }`
          }
          yield* recordCustomerOperation(sql, {
            companyId,
            erpCustomerId: customer.id,
            operation: "import",
            status: "success",
            errorMessage: null,
            durationMs,
            triggeredBy
          })
          const imported: ErpCustomerImportResult = Option.isSome(match)
            ? { companyId, isNew: false, name, nit: match.value.nit, erpCustomerId: customer.id }
            : { companyId, isNew: true, name, nit: customer.identification, erpCustomerId: customer.id }
          return imported
        }).pipe(
          sql.withTransaction,
          Effect.catchIf((error) => isUniqueViolation(error), () => Effect.fail(duplicateNit(customer))),
          Effect.catchTag(["SqlError", "SchemaError"], Effect.die)
        )

      const importOne = Effect.fn("ErpCustomerImport.importOne")(function*(erpId: string, triggeredBy: UserId | null) {
        const startedMillis = yield* Clock.currentTimeMillis
        const customer = yield* erp.getCustomer(erpId)
        if (Option.isNone(customer)) {
          return yield* new ErpCustomerNotFound({ message: `The ERP has no customer ${erpId}`, details: { erpId } })
        }
        return yield* storeImport(customer.value, triggeredBy, startedMillis)
      })

      const importMany = Effect.fn("ErpCustomerImport.importMany")(function*(
        erpIds: ReadonlyArray<string>,
        triggeredBy: UserId | null
      ) {
        type Entry = ErpBulkImport["imported"][number]
        const imported: Array<Entry> = []
        const updated: Array<Entry> = []
        const errors: Array<ErpBulkImport["errors"][number]> = []
        // In sequence: the ERP's rate limit is per company, and order keeps the result readable.
        for (const erpId of erpIds) {
          yield* importOne(erpId, triggeredBy).pipe(
            Effect.match({
              onSuccess: (result) =>
                (result.isNew ? imported : updated).push({
                  erpId,
                  companyId: result.companyId,
                  name: result.name,
                  nit: result.nit
                }),
              onFailure: (error) => errors.push({ erpId, error: error.message, code: importErrorCode(error) })
            })
          )
        }
        const result: ErpBulkImport = { imported, updated, errors }
        return result
      })

      return ErpCustomerImport.of({ importOne, importMany })
    })
  )
}
