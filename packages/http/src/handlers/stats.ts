import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { SalesStatistics } from "@quote/adapters/app/stats/sales-statistics"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"

export const StatsHandlers = HttpApiBuilder.group(
  QuotationApi,
  "stats",
  Effect.fn(function*(handlers) {
    const statistics = yield* SalesStatistics
    return handlers
      .handle("admin", ({ query }) => statistics.admin(query))
      .handle("advisor", ({ query }) => Effect.flatMap(CurrentUser, (user) => statistics.advisor(user, query)))
  })
)
