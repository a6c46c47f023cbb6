/**
 * Customers between the ERP and the local companies (`/api/integrations/erp/customers`):
 * the ERP's list, the local list, import (one or many), export, a company's history,
 * and the ERP's sellers. Fixed paths (`/customers/local`, `/customers/import`) come
 * before parameterized ones.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { CustomerOperation } from "@quote/core/erp/erp-customer-operation"
import { CompanyNotFound, DuplicateNit } from "@quote/core/companies/errors"
import { ErpCustomerNotFound, InvalidNit, MissingNit } from "@quote/core/erp/errors"
import { ErpSyncStatus, LocalCustomer } from "@quote/core/erp/erp-local-customer"
import { CompanyId } from "@quote/core/shared/ids"
import {
  ErpBulkImport,
  ErpCustomerList,
  ErpExportedCustomer,
  ErpImportedCustomer,
  ErpSellerItem,
  ErpUpdatedCustomer,
  NonBlank
} from "@quote/core/erp/views"
import { erpFailures } from "./erp-errors.ts"
import { erpLimits, limitQuery } from "./erp-inputs.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope } from "./error-envelope.ts"

const ErpIds = Schema.Array(NonBlank).check(Schema.isMinLength(1), Schema.isMaxLength(100))

const CompanyParams = { companyId: CompanyId }

export const erpCustomerEndpoints = [
  HttpApiEndpoint.get("listCustomers", "/customers", {
    query: {
      page: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
      page_size: limitQuery(erpLimits.customersPage.max, erpLimits.customersPage.fallback),
      name: Schema.optional(Schema.String),
      identification: Schema.optional(Schema.String)
    },
    success: ErpCustomerList,
    error: erpFailures
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.get("localCustomers", "/customers/local", {
    query: {
      sync_status: Schema.optional(ErpSyncStatus),
      limit: limitQuery(erpLimits.localCustomers.max, erpLimits.localCustomers.fallback)
    },
    success: Schema.Struct({ items: Schema.Array(LocalCustomer) })
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.post("importCustomers", "/customers/import", {
    payload: Schema.Struct({ erpIds: ErpIds }),
    success: ErpBulkImport.pipe(HttpApiSchema.status(207))
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(OpenApi.Description, "Access: roles admin. 1–100 ids, imported in sequence; each failure is listed in `errors`."),
  HttpApiEndpoint.post("importCustomer", "/customers/import/:erpId", {
    params: { erpId: NonBlank },
    success: [ErpImportedCustomer.pipe(HttpApiSchema.status(201)), ErpUpdatedCustomer],
    error: [errorEnvelope(ErpCustomerNotFound), errorEnvelope(DuplicateNit), ...erpFailures]
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.post("exportCustomer", "/customers/:companyId/export", {
    params: CompanyParams,
    success: ErpExportedCustomer.pipe(HttpApiSchema.status(201)),
    error: [
      errorEnvelope(CompanyNotFound),
      errorEnvelope(MissingNit),
      errorEnvelope(InvalidNit),
      errorEnvelope(DuplicateNit),
      ...erpFailures
    ]
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(
      OpenApi.Description,
      "Access: roles admin. Creates the customer in the ERP when the company has no ERP id (linking an ERP customer with the same NIT if there is one), else updates it. The NIT is sent without dots or check digit, document type 31."
    ),
  HttpApiEndpoint.get("customerHistory", "/customers/:companyId/history", {
    params: CompanyParams,
    success: Schema.Struct({ items: Schema.Array(CustomerOperation) }),
    error: errorEnvelope(CompanyNotFound)
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.get("sellers", "/sellers", {
    success: Schema.Struct({ items: Schema.Array(ErpSellerItem) }),
    error: erpFailures
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
] as const
