import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  canAdminTransition,
  planAdminStatusChange,
  planErpSynced,
  QUOTATION_STATUSES,
  statusChangeEvents
} from "../../src/quotations/quotation-status.ts"

describe("quotation status transitions", () => {
  it("lists the spec's seven statuses", () => {
    assert.deepStrictEqual(QUOTATION_STATUSES, ["draft", "sent", "pending", "approved", "rejected", "synced", "sent_to_erp"])
  })

  it("events: status_changed always, plus approved / rejected", () => {
    assert.deepStrictEqual(statusChangeEvents("pending", "approved"), ["quotation.status_changed", "quotation.approved"])
    assert.deepStrictEqual(statusChangeEvents("pending", "rejected"), ["quotation.status_changed", "quotation.rejected"])
    assert.deepStrictEqual(statusChangeEvents("approved", "synced"), ["quotation.status_changed"])
    assert.deepStrictEqual(statusChangeEvents("pending", "pending"), [])
  })

  it("admins may only approve or reject pending quotations", () => {
    for (const from of QUOTATION_STATUSES) {
      for (const to of QUOTATION_STATUSES) {
        const allowed = from === "pending" && (to === "approved" || to === "rejected")
        assert.strictEqual(canAdminTransition(from, to), allowed, `${from} → ${to}`)
        const plan = planAdminStatusChange(from, to)
        if (from === to) {
          assert.isTrue(Result.isSuccess(plan) && !plan.success.changed && plan.success.events.length === 0)
        } else if (allowed) {
          assert.isTrue(Result.isSuccess(plan))
          if (Result.isSuccess(plan)) assert.deepStrictEqual(plan.success.events, statusChangeEvents(from, to))
        } else {
          assert.isTrue(Result.isFailure(plan) && plan.failure._tag === "InvalidStatusTransition", `${from} → ${to}`)
        }
      }
    }
  })

  it("a successful ERP send moves any status to synced", () => {
    assert.deepStrictEqual(planErpSynced("approved"), {
      status: "synced",
      previousStatus: "approved",
      changed: true,
      events: ["quotation.status_changed"]
    })
    assert.deepStrictEqual(planErpSynced("synced").events, [])
  })
})
