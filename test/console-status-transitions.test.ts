/**
 * The console names the status buttons of a quotation from its own copy of the status
 * machine's admin transitions (it imports nothing of core but `@quote/core/preview`):
 * that copy must be core's table, so a transition added to the service gets its button.
 */
import { assert, describe, it } from "@effect/vitest"
import { ADMIN_TRANSITIONS, QUOTATION_STATUSES } from "@quote/core/quotations/quotation-status"
import { adminTransitions, transitionsFrom } from "../packages/web/src/pages/quotations/status-transitions.ts"
import { quotationStatuses } from "../packages/web/src/pages/quotations/quotation-list-search.ts"

describe("the console's quotation status machine", () => {
  it("is core's: the same statuses and the same admin transitions", () => {
    assert.deepStrictEqual([...quotationStatuses], [...QUOTATION_STATUSES])
    assert.deepStrictEqual(adminTransitions.map(([from, to]) => [from, to]), ADMIN_TRANSITIONS.map(([from, to]) => [from, to]))
  })

  it("offers from each status exactly the moves core allows", () => {
    for (const from of QUOTATION_STATUSES) {
      assert.deepStrictEqual(
        transitionsFrom(from),
        ADMIN_TRANSITIONS.filter(([source]) => source === from).map(([, target]) => target),
        from
      )
    }
  })
})
