/**
 * Customers between the ERP and the local companies (`/api/integrations/erp/customers`):
 * the ERP's list, the local list, import (one or many), export, a company's history,
 * and the ERP's sellers. Fixed paths (`/customers/local`, `/customers/import`) come
 * before parameterized ones.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiSchema, OpenApi } from "effect/http-api"
import { CustomerOperation } from "@quote/core/erp/erp-customer-operation"
import { CompanyNotFound, DuplicateNit } from "@quote/core/errors/companies"
import { ErpCustomerNotFound, InvalidNit, MissingNit } from "@quote/core/errors/erp"
import { ErpSyncStatus, LocalCustomer } from "@quote/core/erp/erp-local-customer"
import { erpFailures } from "./erp-errors.ts"
import { erpLimits, limitQuery, NonBlank } from "./erp-inputs.ts"
import { access, UserAuthentication } from "./security.ts"
import { Uuid } from "./users.ts"
import { errorEnvelope } from "./error-envelope.ts"

const ErpCustomerJson = Schema.Struct({
  erpId: Schema.String,
  identification: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  alreadyImported: Schema.Boolean,
  localCompanyId: Schema.NullOr(Schema.String),
  localCompanyName: Schema.NullOr(Schema.String)
}).annotate({ identifier: "ErpCustomer" })

const LocalCustomerJson = LocalCustomer.annotate({ identifier: "ErpLocalCustomer" })

/** 201 when the import created the company, 200 when it updated one. */
const importedCustomer = <New extends boolean>(isNew: Schema.Codec<New>, identifier: string) =>
  Schema.Struct({
    companyId: Schema.String,
    isNew,
    name: Schema.String,
    nit: Schema.String,
    erpCustomerId: Schema.String
  }).annotate({ identifier })

const ImportEntryJson = Schema.Struct({
  erpId: Schema.String,
  companyId: Schema.String,
  name: Schema.String,
  nit: Schema.String
})

const BulkImportJson = Schema.Struct({
  imported: Schema.Array(ImportEntryJson),
  updated: Schema.Array(ImportEntryJson),
  errors: Schema.Array(Schema.Struct({
    erpId: Schema.String,
    error: Schema.String,
    code: Schema.String.annotate({ description: "The error code the single import would have answered" })
  }))
}).annotate({ identifier: "ErpBulkImport" }).pipe(HttpApiSchema.status(207))

const ErpIds = Schema.Array(NonBlank).check(Schema.isMinLength(1), Schema.isMaxLength(100))

const ExportedJson = Schema.Struct({
  erpCustomerId: Schema.String,
  companyId: Schema.String,
  name: Schema.String
}).pipe(HttpApiSchema.status(201))

const SellerJson = Schema.Struct({
  id: Schema.Int,
  username: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  active: Schema.Boolean
})

export const erpCustomerEndpoints = [
  HttpApiEndpoint.get("listCustomers", "/customers", {
    query: {
      page: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
      page_size: limitQuery(erpLimits.customersPage.max, erpLimits.customersPage.fallback),
      name: Schema.optional(Schema.String),
      identification: Schema.optional(Schema.String)
    },
    success: Schema.Struct({
      items: Schema.Array(ErpCustomerJson),
      total: Schema.Int,
      page: Schema.Int,
      pageSize: Schema.Int
    }),
    error: erpFailures
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.get("localCustomers", "/customers/local", {
    query: {
      sync_status: Schema.optional(ErpSyncStatus),
      limit: limitQuery(erpLimits.localCustomers.max, erpLimits.localCustomers.fallback)
    },
    success: Schema.Struct({ items: Schema.Array(LocalCustomerJson) })
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.post("importCustomers", "/customers/import", {
    payload: Schema.Struct({ erpIds: ErpIds }),
    success: BulkImportJson
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(OpenApi.Description, "Access: roles admin. 1–100 ids, imported in sequence; each failure is listed in `errors`."),
  HttpApiEndpoint.post("importCustomer", "/customers/import/:erpId", {
    params: { erpId: NonBlank },
    success: [
      importedCustomer(Schema.Literal(true), "ErpImportedCustomer").pipe(HttpApiSchema.status(201)),
      importedCustomer(Schema.Literal(false), "ErpUpdatedCustomer")
    ],
    error: [errorEnvelope(ErpCustomerNotFound), errorEnvelope(DuplicateNit), ...erpFailures]
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.post("exportCustomer", "/customers/:companyId/export", {
    params: { companyId: Uuid },
    success: ExportedJson,
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
    params: { companyId: Uuid },
    success: Schema.Struct({ items: Schema.Array(CustomerOperation) }),
    error: errorEnvelope(CompanyNotFound)
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.get("sellers", "/sellers", {
    success: Schema.Struct({ items: Schema.Array(SellerJson) }),
    error: erpFailures
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
] as const
