/**
 * The advisor module (spec "Advisor module", `/api/advisor`, roles admin and advisor):
 * an advisor sees only the clients and companies assigned to it; an admin sees all, or
 * one advisor's with `advisorId`. The shapes are `@quote/core/advisor/views`'s.
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { Forbidden } from "@quote/core/auth/errors"
import { NotFound } from "@quote/core/shared/errors"
import { ClientId, CompanyId } from "@quote/core/shared/ids"
import { CsvDownload } from "./csv-download.ts"
import {
  AdvisorClientExportQuery,
  AdvisorClientPage,
  AdvisorClientQuery,
  AdvisorCompany,
  AdvisorCompanyList,
  AdvisorCompanyQuery,
  ClientQuotationHistory
} from "@quote/core/advisor/views"

export class AdvisorApi extends HttpApiGroup.make("advisor")
  .add(
    HttpApiEndpoint.get("clients", "/clients", {
      query: AdvisorClientQuery.fields,
      success: AdvisorClientPage,
      error: errorEnvelope(Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.get("clientsExport", "/clients/export", {
      query: AdvisorClientExportQuery.fields,
      success: CsvDownload,
      error: errorEnvelope(Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin, advisor. The clients of `GET /api/advisor/clients` with the same `search` and `advisorId`, every one of them by name, as CSV (Spanish headers: name, tax id, e-mail, phone, active, company and its tax id, branch, city, route, price list, user, quotation count, last quotation, registration), streamed whatever the number."
      ),
    HttpApiEndpoint.get("clientQuotations", "/clients/:clientId/quotations", {
      params: { clientId: ClientId },
      success: ClientQuotationHistory,
      error: errorEnvelopes(NotFound, Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.get("companies", "/companies", {
      query: AdvisorCompanyQuery.fields,
      success: AdvisorCompanyList,
      error: errorEnvelope(Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin, advisor. Every company (streamed), or with `page` or `limit` one page of them with `total`, `page`, `limit` and `totalPages`."
      ),
    HttpApiEndpoint.get("company", "/companies/:companyId", {
      params: { companyId: CompanyId },
      success: AdvisorCompany,
      error: errorEnvelopes(NotFound, Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin, advisor. One company as the list shows it; 404 NOT_FOUND when it does not exist or, for an advisor, has no active branch of its."
      )
  )
  .prefix("/api/advisor")
  .annotate(OpenApi.Title, "Advisor module")
{}
