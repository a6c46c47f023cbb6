/**
 * The advisor module's shapes (spec "Advisor module", `/api/advisor`): the client page,
 * one client's quotation history and the company list, with their queries. Declared
 * once: the services return them, the endpoints answer them, the rows decode into them.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { maxClientPage, maxClientPageSize } from "./client-page-limits.ts"
import { BranchId, ClientId, CompanyId, PriceListId, QuotationId, RouteId, UserId } from "../shared/ids.ts"
import { CompanyProfile } from "../companies/views.ts"
import { Timestamp } from "../shared/fields.ts"
import { optionalPageTotals, optionalPagingQuery, PageQuery, SearchText } from "../shared/list-query.ts"

/** `?advisorId=`: admins only; an advisor may name only itself (else 403 `FORBIDDEN`). */
export const AdvisorIdQuery = Schema.optional(UserId.annotate({
  description: "Admins only: the advisor whose data to show. An advisor naming another advisor gets 403 FORBIDDEN."
}))

export const AdvisorClientQuery = Schema.Struct({
  search: SearchText("Part of the client's or its user's name or e-mail"),
  page: PageQuery(maxClientPage, "Page number, default 1"),
  limit: PageQuery(maxClientPageSize, `Page size, default 20, max ${maxClientPageSize}`),
  advisorId: AdvisorIdQuery
})
export type AdvisorClientQuery = typeof AdvisorClientQuery.Type

/** Every client the search matches, by name, without paging (`GET /api/advisor/clients/export`). */
export const AdvisorClientExportQuery = AdvisorClientQuery.mapFields(Struct.pick(["search", "advisorId"]))
export type AdvisorClientExportQuery = typeof AdvisorClientExportQuery.Type

export const AdvisorCompanyQuery = Schema.Struct({
  search: SearchText("Part of the company's name or tax id (NIT)"),
  advisorId: AdvisorIdQuery,
  ...optionalPagingQuery
})
export type AdvisorCompanyQuery = typeof AdvisorCompanyQuery.Type

export const AdvisorClient = Schema.Struct({
  id: ClientId,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String).annotate({ description: "The client's first messaging phone (E.164), else its first phone" }),
  active: Schema.Boolean,
  createdAt: Timestamp,
  priceListId: Schema.NullOr(PriceListId).annotate({ description: "null: the general list" }),
  priceListName: Schema.NullOr(Schema.String),
  userId: Schema.NullOr(UserId),
  userEmail: Schema.NullOr(Schema.String),
  userActive: Schema.NullOr(Schema.Boolean),
  companyId: Schema.NullOr(CompanyId),
  companyName: Schema.NullOr(Schema.String),
  companyNit: Schema.NullOr(Schema.String),
  branchId: Schema.NullOr(BranchId),
  branchName: Schema.NullOr(Schema.String),
  branchCity: Schema.NullOr(Schema.String),
  routeId: Schema.NullOr(RouteId),
  routeName: Schema.NullOr(Schema.String),
  routeDay: Schema.NullOr(Schema.String).annotate({ description: "Name of the route's first operating day (deprecated route field `day`)" }),
  quotationCount: Schema.Int,
  lastQuotationAt: Schema.NullOr(Timestamp)
}).annotate({ identifier: "AdvisorClient" })
export type AdvisorClient = typeof AdvisorClient.Type

export const AdvisorClientPage = Schema.Struct({
  items: Schema.Array(AdvisorClient),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  totalPages: Schema.Int
}).annotate({ identifier: "AdvisorClientPage" })
export type AdvisorClientPage = typeof AdvisorClientPage.Type

/** Spec "Advisor module": the latest quotations shown for one client. */
export const clientQuotationLimit = 100

export const ClientQuotationSummary = Schema.Struct({
  id: QuotationId,
  code: Schema.String,
  status: Schema.String,
  total: Schema.Int,
  itemCount: Schema.Int,
  createdAt: Timestamp,
  updatedAt: Timestamp
})

export const ClientQuotationHistory = Schema.Struct({
  client: Schema.Struct(Struct.pick(AdvisorClient.fields, [
    "id",
    "name",
    "email",
    "phone",
    "active",
    "companyName",
    "companyNit",
    "branchName",
    "branchCity",
    "routeName",
    "routeDay"
  ])),
  quotations: Schema.Array(ClientQuotationSummary)
}).annotate({ identifier: "ClientQuotationHistory" })
export type ClientQuotationHistory = typeof ClientQuotationHistory.Type

export const AdvisorBranch = Schema.Struct({
  id: BranchId,
  name: Schema.String,
  city: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  routeId: Schema.NullOr(RouteId),
  advisorId: Schema.NullOr(UserId),
  active: Schema.Boolean
})

export const AdvisorCompany = Schema.Struct({
  ...CompanyProfile.fields,
  active: Schema.Boolean,
  createdAt: Timestamp,
  myBranches: Schema.Array(AdvisorBranch),
  clientCount: Schema.Int,
  quotationCount: Schema.Int,
  totalRevenue: Schema.Int.annotate({ description: "COP; rejected quotations excluded" })
}).annotate({ identifier: "AdvisorCompany" })
export type AdvisorCompany = typeof AdvisorCompany.Type

/** `GET /api/advisor/companies`: every company, or one page of them with its totals (`page`/`limit`). */
export const AdvisorCompanyList = Schema.Struct({
  items: Schema.Array(AdvisorCompany),
  ...optionalPageTotals
}).annotate({ identifier: "AdvisorCompanyList" })
export type AdvisorCompanyList = typeof AdvisorCompanyList.Type

