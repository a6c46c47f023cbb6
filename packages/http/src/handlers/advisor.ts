import * as Effect from "effect/Effect"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { AdvisorClients } from "@quote/adapters/app/advisor/advisor-clients"
import { AdvisorCompanies } from "@quote/adapters/app/advisor/advisor-companies"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"
import { advisorClientCsvColumns } from "@quote/core/advisor/client-csv"
import type { Forbidden } from "@quote/core/auth/errors"
import { AdvisorCompany, type AdvisorCompanyList } from "@quote/core/advisor/views"
import { asksForPage } from "@quote/core/shared/list-query"
import { csvStreamer } from "./support/csv-response.ts"
import { jsonItemsStreamer } from "./support/json-items-stream.ts"

const companyList = jsonItemsStreamer(AdvisorCompany)
const clientCsv = csvStreamer(advisorClientCsvColumns, "clientes")

export const AdvisorHandlers = HttpApiBuilder.group(
  QuotationApi,
  "advisor",
  Effect.fn(function*(handlers) {
    const clients = yield* AdvisorClients
    const companies = yield* AdvisorCompanies
    return handlers
      .handle("clients", ({ query }) => Effect.flatMap(CurrentUser, (user) => clients.list(user, query)))
      .handle("clientsExport", ({ query }) =>
        CurrentUser.pipe(Effect.flatMap((user) => clients.stream(user, query)), Effect.flatMap(clientCsv)))
      .handle("clientQuotations", ({ params }) =>
        Effect.flatMap(CurrentUser, (user) => clients.quotations(user, params.clientId)))
      .handle("companies", ({ query }) =>
        Effect.flatMap(CurrentUser, (user): Effect.Effect<AdvisorCompanyList | HttpServerResponse.HttpServerResponse, Forbidden> =>
          asksForPage(query) ? companies.page(user, query) : Effect.map(companies.list(user, query), companyList)))
      .handle("company", ({ params }) => Effect.flatMap(CurrentUser, (user) => companies.get(user, params.companyId)))
  })
)
