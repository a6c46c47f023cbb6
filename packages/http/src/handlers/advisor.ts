import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AdvisorClients } from "@quote/adapters/app/advisor/advisor-clients"
import { AdvisorCompanies } from "@quote/adapters/app/advisor/advisor-companies"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"
import { AdvisorCompany } from "@quote/core/advisor/views"
import { jsonItemsStreamer } from "./support/json-items-stream.ts"

const companyList = jsonItemsStreamer(AdvisorCompany)

export const AdvisorHandlers = HttpApiBuilder.group(
  QuotationApi,
  "advisor",
  Effect.fn(function*(handlers) {
    const clients = yield* AdvisorClients
    const companies = yield* AdvisorCompanies
    return handlers
      .handle("clients", ({ query }) => Effect.flatMap(CurrentUser, (user) => clients.list(user, query)))
      .handle("clientQuotations", ({ params }) =>
        Effect.flatMap(CurrentUser, (user) => clients.quotations(user, params.clientId)))
      .handle("companies", ({ query }) =>
        Effect.flatMap(CurrentUser, (user) => Effect.map(companies.list(user, query), companyList)))
  })
)
