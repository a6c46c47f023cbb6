/** The Spanish summary of a product sync run. */
import { assert, describe, it } from "@effect/vitest"
import { syncRunMessage } from "../../src/erp/erp-sync-run.ts"

describe("syncRunMessage", () => {
  const counts = { processed: 120, created: 20, updated: 100, errors: 1, deactivated: 2 }
  it("says what happened, in Spanish", () => {
    assert.strictEqual(
      syncRunMessage({ status: "success", resumed: false }, "full", counts),
      "Sincronización completa terminada: 120 productos procesados (20 nuevos, 100 actualizados, 2 desactivados, 1 con error)."
    )
    assert.include(syncRunMessage({ status: "partial", nextPage: 3 }, "incremental", counts), "continúa desde la página 3")
    assert.include(syncRunMessage({ status: "error", reason: "Siigo answered 500" }, "full", counts), "falló: Siigo answered 500")
  })
})
