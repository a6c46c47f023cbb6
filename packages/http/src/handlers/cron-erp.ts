import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { ErpProductSync } from "@quote/adapters/app/erp/product-sync"
import { QuotationApi } from "@quote/api/api"

export const CronErpHandlers = HttpApiBuilder.group(
  QuotationApi,
  "cronErp",
  Effect.fn(function*(handlers) {
    const sync = yield* ErpProductSync
    return handlers.handle("erpSync", ({ query }) => sync.runFromCron(query.mode ?? "incremental"))
  })
)
