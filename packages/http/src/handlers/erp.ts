import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { ErpCustomerDirectory } from "@quote/adapters/app/erp/customers/customer-directory"
import { ErpCustomerExport } from "@quote/adapters/app/erp/customers/customer-export"
import { ErpCustomerImport } from "@quote/adapters/app/erp/customers/customer-import"
import { ErpAdministration } from "@quote/adapters/app/erp/erp-administration"
import { ErpProductSync } from "@quote/adapters/app/erp/product-sync"
import { ErpQuotationLookup } from "@quote/adapters/app/erp/quotations/quotation-lookup"
import { ErpQuotationPush } from "@quote/adapters/app/erp/quotations/quotation-push"
import { QuotationApi } from "@quote/api/api"
import { erpLimits } from "@quote/api/erp-inputs"
import { CurrentUser } from "@quote/api/security"
import type { QuotationId } from "@quote/core/shared/ids"

/** The calling admin's id, recorded as `triggered_by` / `updated_by`. */
const callerId = Effect.map(CurrentUser, (user) => user.id)

export const ErpHandlers = HttpApiBuilder.group(
  QuotationApi,
  "erp",
  Effect.fn(function*(handlers) {
    const administration = yield* ErpAdministration
    const sync = yield* ErpProductSync
    const customers = yield* ErpCustomerDirectory
    const customerImport = yield* ErpCustomerImport
    const customerExport = yield* ErpCustomerExport
    const quotes = yield* ErpQuotationPush
    const quoteLookup = yield* ErpQuotationLookup

    const push = (quoteId: QuotationId, force: boolean) =>
      Effect.flatMap(callerId, (triggeredBy) => quotes.push(quoteId, { force, triggeredBy }))

    return handlers
      .handle("getSettings", () => administration.settings)
      .handle("updateSettings", ({ payload }) =>
        Effect.flatMap(callerId, (userId) => administration.updateSettings(payload, userId)))
      .handle("testConnection", () => administration.testConnection)
      .handle("syncProducts", ({ payload }) =>
        Effect.flatMap(callerId, (triggeredBy) =>
          sync.run({ mode: payload?.mode ?? "full", trigger: "manual", triggeredBy })))
      .handle("syncStatus", () => administration.syncStatus)
      .handle("syncLogs", ({ query }) =>
        Effect.map(administration.syncLogs(query.limit ?? erpLimits.logs.fallback), (items) => ({ items })))
      .handle("listCustomers", ({ query }) =>
        customers.listErp({
          page: query.page ?? 1,
          pageSize: query.page_size ?? erpLimits.customersPage.fallback,
          ...(query.name === undefined ? {} : { name: query.name }),
          ...(query.identification === undefined ? {} : { identification: query.identification })
        }))
      .handle("localCustomers", ({ query }) =>
        Effect.map(
          customers.listLocal({
            limit: query.limit ?? erpLimits.localCustomers.fallback,
            ...(query.sync_status === undefined ? {} : { syncStatus: query.sync_status })
          }),
          (items) => ({ items })
        ))
      .handle("importCustomers", ({ payload }) =>
        Effect.flatMap(callerId, (triggeredBy) => customerImport.importMany(payload.erpIds, triggeredBy)))
      .handle("importCustomer", ({ params }) =>
        Effect.flatMap(callerId, (triggeredBy) => customerImport.importOne(params.erpId, triggeredBy)))
      .handle("exportCustomer", ({ params }) =>
        Effect.flatMap(callerId, (triggeredBy) => customerExport.exportCompany(params.companyId, triggeredBy)))
      .handle("customerHistory", ({ params }) =>
        Effect.map(customers.history(params.companyId), (items) => ({ items })))
      .handle("sellers", () => Effect.map(customers.sellers, (items) => ({ items })))
      .handle("pushQuote", ({ params }) => push(params.quoteId, false))
      .handle("retryQuote", ({ params }) => push(params.quoteId, true))
      .handle("pushQuotationLegacy", ({ params }) => push(params.id, false))
      .handle("quoteHistory", ({ params }) => Effect.map(quoteLookup.history(params.quoteId), (items) => ({ items })))
      .handle("refreshUrl", ({ params }) => quoteLookup.refreshUrl(params.quoteId))
  })
)
