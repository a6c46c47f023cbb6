/**
 * The advisor module (spec "Advisor module", `/api/advisor`, roles admin and advisor):
 * an advisor sees only the clients and companies assigned to it; an admin sees all, or
 * one advisor's with `advisorId`.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { maxClientPage, maxClientPageSize } from "@quote/core/advisor/client-page-limits"
import { access, UserAuthentication } from "./security.ts"
import { Uuid } from "./common.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { Forbidden } from "@quote/core/errors/auth"
import { NotFound } from "@quote/core/errors/common"

/** `?advisorId=`: admins only; an advisor may name only itself (else 403 `FORBIDDEN`). */
export const AdvisorIdQuery = Schema.optional(Uuid.annotate({
  description: "Admins only: the advisor whose data to show. An advisor naming another advisor gets 403 FORBIDDEN."
}))

const Timestamp = Schema.String.annotate({ description: "ISO 8601 instant" })

/** Free text; a NUL character cannot be stored in a text column, so it could never match. */
const SearchText = (description: string) =>
  Schema.optional(
    Schema.String.check(
      Schema.isMaxLength(200),
      Schema.makeFilter((text: string) => !text.includes("\u0000") || "must not contain NUL characters")
    ).annotate({ description })
  )

const PageQuery = (maximum: number, description: string) =>
  Schema.optional(
    Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum })).annotate({ description })
  )

export const AdvisorClientJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String).annotate({ description: "The client's first messaging phone (E.164), else its first phone" }),
  active: Schema.Boolean,
  createdAt: Timestamp,
  priceListId: Schema.NullOr(Schema.String).annotate({ description: "null: the general list" }),
  priceListName: Schema.NullOr(Schema.String),
  userId: Schema.NullOr(Schema.String),
  userEmail: Schema.NullOr(Schema.String),
  userActive: Schema.NullOr(Schema.Boolean),
  companyId: Schema.NullOr(Schema.String),
  companyName: Schema.NullOr(Schema.String),
  companyNit: Schema.NullOr(Schema.String),
  branchId: Schema.NullOr(Schema.String),
  branchName: Schema.NullOr(Schema.String),
  branchCity: Schema.NullOr(Schema.String),
  routeId: Schema.NullOr(Schema.String),
  routeName: Schema.NullOr(Schema.String),
  routeDay: Schema.NullOr(Schema.String).annotate({ description: "Name of the route's first operating day (deprecated route field `day`)" }),
  quotationCount: Schema.Int,
  lastQuotationAt: Schema.NullOr(Timestamp)
}).annotate({ identifier: "AdvisorClient" })

export const AdvisorClientPageJson = Schema.Struct({
  items: Schema.Array(AdvisorClientJson),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  totalPages: Schema.Int
}).annotate({ identifier: "AdvisorClientPage" })

export const ClientQuotationHistoryJson = Schema.Struct({
  client: AdvisorClientJson.mapFields((fields) => ({
    id: fields.id,
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
    active: fields.active,
    companyName: fields.companyName,
    companyNit: fields.companyNit,
    branchName: fields.branchName,
    branchCity: fields.branchCity,
    routeName: fields.routeName,
    routeDay: fields.routeDay
  })),
  quotations: Schema.Array(Schema.Struct({
    id: Schema.String,
    code: Schema.String,
    status: Schema.String,
    total: Schema.Int,
    itemCount: Schema.Int,
    createdAt: Timestamp,
    updatedAt: Timestamp
  }))
}).annotate({ identifier: "ClientQuotationHistory" })

export const AdvisorCompanyJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  createdAt: Timestamp,
  myBranches: Schema.Array(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    city: Schema.NullOr(Schema.String),
    routeId: Schema.NullOr(Schema.String),
    advisorId: Schema.NullOr(Schema.String),
    active: Schema.Boolean
  })),
  clientCount: Schema.Int,
  quotationCount: Schema.Int,
  totalRevenue: Schema.Int.annotate({ description: "COP; rejected quotations excluded" })
}).annotate({ identifier: "AdvisorCompany" })

export class AdvisorApi extends HttpApiGroup.make("advisor")
  .add(
    HttpApiEndpoint.get("clients", "/clients", {
      query: {
        search: SearchText("Part of the client's or its user's name or e-mail"),
        page: PageQuery(maxClientPage, "Page number, default 1"),
        limit: PageQuery(maxClientPageSize, `Page size, default 20, max ${maxClientPageSize}`),
        advisorId: AdvisorIdQuery
      },
      success: AdvisorClientPageJson,
      error: errorEnvelope(Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.get("clientQuotations", "/clients/:clientId/quotations", {
      params: { clientId: Uuid },
      success: ClientQuotationHistoryJson,
      error: errorEnvelopes(NotFound, Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.get("companies", "/companies", {
      query: {
        search: SearchText("Part of the company's name or tax id (NIT)"),
        advisorId: AdvisorIdQuery
      },
      success: Schema.Struct({ items: Schema.Array(AdvisorCompanyJson) }),
      error: errorEnvelope(Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor"))
  )
  .prefix("/api/advisor")
  .annotate(OpenApi.Title, "Advisor module")
{}

export { Uuid }
