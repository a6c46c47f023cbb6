/**
 * Customers between the ERP and the local companies (spec "ERP integration →
 * Customers"): the ERP's list with the local match, the local companies with their sync
 * state, import (ERP → company), export (company → ERP), their history
 * (`erp_customer_operations`) and the ERP's sellers.
 *
 * - A company matches an ERP customer by `erp_customer_id`, else by tax id compared
 *   digits-only without check digit. Import updates the match (201 new / 200 updated)
 *   or creates the company with a main branch from the ERP address.
 * - Export sends the company with its NIT cleaned (`cleanNit`) and document type 31:
 *   create when it has no ERP id (or link the ERP customer that already has that NIT),
 *   else update. `erp_sync_status` goes `pending` while the ERP is called, then `synced`
 *   or `error` with `erp_last_error`.
 */
import { Clock, Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { DuplicateNit } from "@quote/core/company-errors"
import { erpCityCode } from "@quote/core/erp/erp-city-codes"
import type { ErpCustomer, ErpCustomerInput } from "@quote/core/erp/erp-customer"
import { erpPhone } from "@quote/core/erp/erp-phone"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { ErpCustomerNotFound, InvalidNit, MissingNit } from "@quote/core/erp/erp-integration-errors"
import {
  ErpAuthFailed,
  type ErpError,
  ErpHttpError,
  ErpNotConfigured,
  ErpNotConnected
} from "@quote/core/erp/errors"
import { cleanNit, nitIdType } from "@quote/core/erp/nit"
import { CompanyNotFound } from "@quote/core/user-errors"
import { isUniqueViolation } from "../../infra/database/sql-errors.ts"
import { ErpSyncStatus, LocalCustomer } from "@quote/core/erp/erp-local-customer"


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


export interface ImportedCustomer {
  readonly companyId: string
  readonly isNew: boolean
  readonly name: string
  readonly nit: string
  readonly erpCustomerId: string
}

export interface BulkImportResult {
  readonly imported: ReadonlyArray<{ readonly erpId: string; readonly companyId: string; readonly name: string; readonly nit: string }>
  readonly updated: ReadonlyArray<{ readonly erpId: string; readonly companyId: string; readonly name: string; readonly nit: string }>
  readonly errors: ReadonlyArray<{ readonly erpId: string; readonly error: string; readonly code: string }>
}

export interface ExportedCustomer {
  readonly erpCustomerId: string
  readonly companyId: string
  readonly name: string
}

export const CustomerOperation = Schema.Struct({
  id: Schema.String,
  erp_customer_id: Schema.NullOr(Schema.String),
  operation: Schema.Literals(["import", "create", "update"]),
  status: Schema.Literals(["pending", "success", "error"]),
  error_message: Schema.NullOr(Schema.String),
  duration_ms: Schema.NullOr(Schema.Number),
  created_at: Schema.Date,
  updated_at: Schema.Date,
  triggered_by_name: Schema.NullOr(Schema.String)
})
export type CustomerOperation = typeof CustomerOperation.Type

export interface ErpSellerItem {
  readonly id: number
  readonly username: string
  readonly firstName: string | null
  readonly lastName: string | null
  readonly active: boolean
}

type ImportError = ErpCustomerNotFound | DuplicateNit | ErpError

const importErrorCode = (error: ImportError): string => {
  switch (error._tag) {
    case "ErpCustomerNotFound":
      return ErpCustomerNotFound.code
    case "DuplicateNit":
      return DuplicateNit.code
    case "ErpNotConfigured":
      return ErpNotConfigured.code
    case "ErpAuthFailed":
      return ErpAuthFailed.code
    case "ErpHttpError":
      return ErpHttpError.code
    case "ErpNotConnected":
      return ErpNotConnected.code
  }
}

/** Siigo raises smaller page sizes to 10. */
const siigoMinPageSize = 10

/** SQL twin of `cleanNit` for matching: the digits before the check digit. */
const cleanNitSql = "regexp_replace(split_part(nit, '-', 1), '[^0-9]', '', 'g')"

/** The customer's legal name: the name parts, else the commercial name. */
const legalName = (customer: ErpCustomer): string =>
  customer.name.join(" ").trim() || customer.commercialName?.trim() || customer.identification

const firstEmail = (customer: ErpCustomer): string | null =>
  customer.contacts.find((contact) => contact.email !== null && contact.email.trim() !== "")?.email ?? null

const firstPhone = (customer: ErpCustomer): string | null =>
  customer.phones[0]?.number ?? customer.contacts.find((contact) => contact.phone !== null)?.phone?.number ?? null

const MatchRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  erp_customer_id: Schema.NullOr(Schema.String),
  clean_nit: Schema.String
})

const ExportRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  erp_customer_id: Schema.NullOr(Schema.String),
  branch_address: Schema.NullOr(Schema.String),
  branch_city: Schema.NullOr(Schema.String)
})
type ExportRow = typeof ExportRow.Type

export class ErpCustomers extends Context.Service<ErpCustomers, {
  readonly listErp: (query: {
    readonly page: number
    readonly pageSize: number
    readonly name?: string
    readonly identification?: string
  }) => Effect.Effect<ErpCustomerList, ErpError>
  readonly listLocal: (query: {
    readonly syncStatus?: ErpSyncStatus
    readonly limit: number
  }) => Effect.Effect<ReadonlyArray<LocalCustomer>>
  readonly importOne: (
    erpId: string,
    triggeredBy: string | null
  ) => Effect.Effect<ImportedCustomer, ErpCustomerNotFound | DuplicateNit | ErpError>
  readonly importMany: (erpIds: ReadonlyArray<string>, triggeredBy: string | null) => Effect.Effect<BulkImportResult>
  readonly exportCompany: (
    companyId: string,
    triggeredBy: string | null
  ) => Effect.Effect<ExportedCustomer, CompanyNotFound | MissingNit | InvalidNit | DuplicateNit | ErpError>
  readonly history: (companyId: string) => Effect.Effect<ReadonlyArray<CustomerOperation>, CompanyNotFound>
  readonly sellers: Effect.Effect<ReadonlyArray<ErpSellerItem>, ErpError>
}>()("@quote/adapters/erp/ErpCustomers") {
  static readonly layer = Layer.effect(
    ErpCustomers,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const erp = yield* ErpGateway

      const matches = SqlSchema.findAll({
        Request: Schema.Struct({ erpIds: Schema.Array(Schema.String), nits: Schema.Array(Schema.String) }),
        Result: MatchRow,
        execute: ({ erpIds, nits }) =>
          sql`select id, name, nit, erp_customer_id, ${sql.literal(cleanNitSql)} as clean_nit from companies
               where erp_customer_id = any(${erpIds}::text[]) or ${sql.literal(cleanNitSql)} = any(${nits}::text[])
               order by created_at, id`
      })

      /** The company an ERP customer corresponds to: linked by id, else same NIT. */
      const matchOf = (rows: ReadonlyArray<typeof MatchRow.Type>, customer: ErpCustomer) =>
        Option.fromUndefinedOr(
          rows.find((row) => row.erp_customer_id === customer.id) ??
            rows.find((row) => row.clean_nit === customer.identification)
        )

      const listErp = Effect.fn("ErpCustomers.listErp")(function*(query: {
        readonly page: number
        readonly pageSize: number
        readonly name?: string
        readonly identification?: string
      }) {
        // Siigo answers at least 10 per page: ask (and report) what it will really send.
        // Siigo matches the identification digits only (`900.100.007-2` → `900100007`).
        const nit = query.identification === undefined ? undefined : cleanNit(query.identification)
        const page = yield* erp.listCustomers({
          ...query,
          ...(nit?._tag === "Valid" ? { identification: nit.identification } : {}),
          pageSize: Math.max(query.pageSize, siigoMinPageSize)
        })
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
        Result: Schema.Struct({
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
        }),
        execute: ({ limit, status }) =>
          sql`select id, name, nit, email, phone, address, active, erp_customer_id, erp_sync_status, erp_origin,
                     erp_last_sync_at, erp_last_import_at, erp_last_error
                from companies
               where (${status}::text is null or erp_sync_status = ${status})
               order by name, id limit ${limit}`
      })
      const branchesOf = SqlSchema.findAll({
        Request: Schema.Array(Schema.String),
        Result: Schema.Struct({
          id: Schema.String,
          company_id: Schema.String,
          name: Schema.String,
          city: Schema.NullOr(Schema.String)
        }),
        execute: (ids) =>
          sql`select id, company_id, name, city from branches where company_id = any(${ids}::text[]::uuid[]) order by name, id`
      })

      const listLocal = Effect.fn("ErpCustomers.listLocal")(function*(query: {
        readonly syncStatus?: ErpSyncStatus
        readonly limit: number
      }) {
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

      const recordOperation = (operation: {
        readonly companyId: string
        readonly erpCustomerId: string | null
        readonly operation: "import" | "create" | "update"
        readonly status: "success" | "error"
        readonly errorMessage: string | null
        readonly durationMs: number
        readonly triggeredBy: string | null
      }) =>
        sql`insert into erp_customer_operations ${
          sql.insert({
            company_id: operation.companyId,
            erp_customer_id: operation.erpCustomerId,
            operation: operation.operation,
            status: operation.status,
            error_message: operation.errorMessage,
            duration_ms: Math.round(operation.durationMs),
            triggered_by: operation.triggeredBy
          })
        }`

      const duplicateNit = (customer: ErpCustomer) =>
        new DuplicateNit({
          message: `Another local company already has the NIT ${customer.identification}, linked to another ERP customer`,
          details: { nit: customer.identification, erpId: customer.id }
        })

      /** Writes the ERP customer into its local company (or a new one), in one transaction. */
      const storeImport = (customer: ErpCustomer, triggeredBy: string | null, startedMillis: number) =>
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
          if (Option.isSome(match) && match.value.erp_customer_id !== null && match.value.erp_customer_id !== customer.id) {
            return yield* Effect.fail(duplicateNit(customer))
          }
          let companyId: string
          if (Option.isSome(match)) {
            companyId = match.value.id
            yield* sql`
              update companies set name = ${name},
                     email = coalesce(${fromErp.email}, email), phone = coalesce(${fromErp.phone}, phone),
                     address = coalesce(${fromErp.address}, address), ${sql.update(linked)}
               where id = ${companyId}`
          } else {
            const [row] = yield* sql<{ readonly id: string }>`
              insert into companies ${
              sql.insert({
                name,
                nit: customer.identification,
                ...fromErp,
                active: customer.active,
                erp_origin: "erp",
                ...linked
              })
            } returning id`
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
          yield* recordOperation({
            companyId,
            erpCustomerId: customer.id,
            operation: "import",
            status: "success",
            errorMessage: null,
            durationMs,
            triggeredBy
          })
          const imported: ImportedCustomer = {
            companyId,
            isNew: Option.isNone(match),
            name,
            nit: Option.isSome(match) ? match.value.nit : customer.identification,
            erpCustomerId: customer.id
          }
          return imported
        }).pipe(
          sql.withTransaction,
          Effect.catchIf((error) => isUniqueViolation(error), () => Effect.fail(duplicateNit(customer))),
          Effect.catchTag(["SqlError", "SchemaError"], Effect.die)
        )

      const importOne = Effect.fn("ErpCustomers.importOne")(function*(erpId: string, triggeredBy: string | null) {
        const startedMillis = yield* Clock.currentTimeMillis
        const customer = yield* erp.getCustomer(erpId)
        if (Option.isNone(customer)) {
          return yield* new ErpCustomerNotFound({ message: `The ERP has no customer ${erpId}`, details: { erpId } })
        }
        return yield* storeImport(customer.value, triggeredBy, startedMillis)
      })

      const importMany = Effect.fn("ErpCustomers.importMany")(function*(
        erpIds: ReadonlyArray<string>,
        triggeredBy: string | null
      ) {
        type Entry = BulkImportResult["imported"][number]
        const imported: Array<Entry> = []
        const updated: Array<Entry> = []
        const errors: Array<BulkImportResult["errors"][number]> = []
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
        const result: BulkImportResult = { imported, updated, errors }
        return result
      })

      const exportRow = SqlSchema.findOneOption({
        Request: Schema.String,
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

      /** The company as Siigo's customer record (create) and the fields an update changes. */
      const customerInput = (company: ExportRow, identification: string): ErpCustomerInput => {
        const phone = erpPhone(company.phone)
        const contactName = company.name.slice(0, 50)
        return {
          type: "Customer",
          personType: "Company",
          idType: nitIdType,
          identification,
          name: [company.name],
          commercialName: company.name,
          fiscalResponsibilities: ["R-99-PN"],
          address: {
            address: company.address?.trim() || company.branch_address?.trim() || "Sin dirección",
            city: erpCityCode(company.branch_city)
          },
          phones: Option.toArray(phone),
          contacts: [{
            firstName: contactName,
            ...(company.email === null ? {} : { email: company.email }),
            ...(Option.isSome(phone) ? { phone: phone.value } : {})
          }]
        }
      }

      /** The company's ERP link and sync state. */
      const setSyncState = (
        companyId: string,
        fields: {
          readonly erp_sync_status: ErpSyncStatus
          readonly erp_customer_id?: string
          readonly erp_last_sync_at?: Date
          readonly erp_last_error?: string | null
        }
      ) => sql`update companies set ${sql.update(fields)} where id = ${companyId}`

      const exportCompany = Effect.fn("ErpCustomers.exportCompany")(function*(
        companyId: string,
        triggeredBy: string | null
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

        const input = customerInput(company, identification)
        type Sent = { readonly operation: "create" | "update"; readonly customer: ErpCustomer }
        const update = (erpCustomerId: string): Effect.Effect<Sent, ErpError> =>
          erp.updateCustomer(erpCustomerId, {
            name: input.name,
            commercialName: company.name,
            identification,
            address: input.address,
            ...(input.phones !== undefined && input.phones.length > 0 ? { phones: input.phones } : {})
          }).pipe(Effect.map((customer) => ({ operation: "update", customer })))
        const create: Effect.Effect<Sent, ErpError> = erp.createCustomer(input).pipe(
          Effect.map((customer) => ({ operation: "create", customer }))
        )
        const send = company.erp_customer_id === null
          // The ERP may already know this NIT (created by hand): link it instead of failing `already_exists`.
          ? erp.findCustomerByIdentification(identification).pipe(
            Effect.flatMap((existing) => Option.isSome(existing) ? update(existing.value.id) : create)
          )
          : update(company.erp_customer_id)
        const attempted = company.erp_customer_id === null ? "create" : "update"

        const sent = yield* Effect.result(send)
        const durationMs = (yield* Clock.currentTimeMillis) - startedMillis
        const now = DateTime.toDateUtc(yield* DateTime.now)
        if (sent._tag === "Failure") {
          yield* Effect.gen(function*() {
            yield* setSyncState(companyId, { erp_sync_status: "error", erp_last_error: sent.failure.message })
            yield* recordOperation({
              companyId,
              erpCustomerId: company.erp_customer_id,
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
          yield* recordOperation({
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
        const exported: ExportedCustomer = { erpCustomerId: customer.id, companyId, name: company.name }
        return exported
      })

      const operations = SqlSchema.findAll({
        Request: Schema.String,
        Result: CustomerOperation,
        execute: (companyId) =>
          sql`select o.id, o.erp_customer_id, o.operation, o.status, o.error_message, o.duration_ms,
                     o.created_at, o.updated_at, u.name as triggered_by_name
                from erp_customer_operations o left join users u on u.id = o.triggered_by
               where o.company_id = ${companyId}
               order by o.created_at desc, o.id desc limit 50`
      })

      const history = Effect.fn("ErpCustomers.history")(function*(companyId: string) {
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
        Effect.withSpan("ErpCustomers.sellers")
      )

      return ErpCustomers.of({ listErp, listLocal, importOne, importMany, exportCompany, history, sellers })
    })
  )
}

export { ErpSyncStatus, LocalCustomer }
