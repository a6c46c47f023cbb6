/**
 * The integration cutoff service: the branch route decides, and a resolved target is
 * remembered for at most `TARGET_TTL_MS`, so a change made directly in the database
 * (here: the branch loses its route) shows within that bound.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { IntegrationCutoff, TARGET_TTL_MS } from "../../../src/app/integrations/integration-cutoff.ts"
import { seedScenarios } from "../../../src/dev/seed/scenarios.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"
import { ClientId } from "@quote/core/shared/ids"
import { clientByNit, unknownId } from "./fixtures.ts"

const Services = IntegrationCutoff.layer.pipe(Layer.provideMerge(TestDatabase.layer))

layer(Services, { excludeTestServices: true })("integration cutoff", (it) => {
  it.effect("open on the always-open route; a route removed in the database shows within the TTL", () =>
    Effect.gen(function*() {
      yield* seedScenarios({ adminPassword: "admin-password" })
      const sql = yield* SqlClient.SqlClient
      const cutoff = yield* IntegrationCutoff
      // A branch of its own, so the change below touches no other test's data.
      const client = yield* clientByNit("900100003")
      const before = yield* cutoff.status({ clientId: client.id })
      assert.isFalse(before.missingRoute)
      assert.strictEqual(before.route?.name, "Always open")
      assert.strictEqual(before.branchId, client.branchId)

      yield* sql`update branches set route_id = null where id = ${client.branchId}::uuid`
      const cached = yield* cutoff.status({ clientId: client.id })
      assert.strictEqual(cached.route?.name, "Always open", "still the remembered target")
      yield* Effect.sleep(TARGET_TTL_MS + 100)
      const after = yield* cutoff.status({ clientId: client.id })
      assert.isTrue(after.missingRoute)
      assert.isFalse(after.isOpen)
      assert.isNull(after.route)
    }))

  it.effect("errors are not remembered: MISSING_PARAMS, CLIENT_NOT_FOUND, BRANCH_NOT_FOUND", () =>
    Effect.gen(function*() {
      yield* seedScenarios({ adminPassword: "admin-password" })
      const cutoff = yield* IntegrationCutoff
      const tag = (effect: Effect.Effect<unknown, { readonly _tag: string }>) =>
        Effect.match(effect, { onFailure: (error) => error._tag, onSuccess: () => "success" })
      assert.strictEqual(yield* tag(cutoff.status({})), "MissingParams")
      assert.strictEqual(yield* tag(cutoff.status({ clientId: unknownId(ClientId) })), "ClientNotFound")
      const first = yield* clientByNit("900100001")
      const other = yield* clientByNit("900100002")
      assert.strictEqual(yield* tag(cutoff.status({ clientId: first.id, branchId: other.branchId })), "BranchNotFound")
      assert.strictEqual(yield* tag(cutoff.status({ branchId: other.branchId })), "success")
    }))
})
