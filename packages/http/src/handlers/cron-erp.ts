import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
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
