/**
 * `GET /api/integrations/cutoff` (spec "Integration API"): the Cutoff status of the
 * branch an order would go to, resolved by the same `OrderTargets` rule that validates
 * quotation creation, evaluated now.
 *
 * The chatbot asks this before nearly every message, so a resolved target (client,
 * branch, route calendar) is remembered for `TARGET_TTL_MS`: a change to a client,
 * branch or route shows here within that second (the same bound as API key state).
 * Only the lookup is remembered — the status is computed at every request — and
 * quotation creation always reads the target fresh.
 */
import { Clock, Context, DateTime, Effect, Layer } from "effect"
import type { CutoffStatus } from "@quote/core/calendar/cutoff-status"
import type { BranchNotFound, ClientNotFound, MissingParams } from "@quote/core/quotation-errors"
import { type OrderTarget, OrderTargets, type TargetQuery, targetCutoff } from "../quotations/order-target.ts"

export const TARGET_TTL_MS = 1000
const MAX_REMEMBERED = 10_000

export interface BranchCutoff extends CutoffStatus {
  readonly clientId: string | null
  readonly branchId: string
  readonly branchName: string
  readonly route: { readonly id: string; readonly name: string } | null
}

export class IntegrationCutoff extends Context.Service<IntegrationCutoff, {
  readonly status: (query: TargetQuery) => Effect.Effect<BranchCutoff, MissingParams | ClientNotFound | BranchNotFound>
}>()("@quote/adapters/IntegrationCutoff") {
  static readonly layer = Layer.effect(
    IntegrationCutoff,
    Effect.gen(function*() {
      const targets = yield* OrderTargets
      const remembered = new Map<string, { readonly target: OrderTarget; readonly until: number }>()

      const resolve = Effect.fnUntraced(function*(query: TargetQuery, now: number) {
        const key = `${query.clientId ?? ""}|${query.branchId ?? ""}`
        const known = remembered.get(key)
        if (known !== undefined && known.until > now) return known.target
        const target = yield* targets.resolve(query)
        if (remembered.size >= MAX_REMEMBERED) remembered.clear()
        remembered.set(key, { target, until: now + TARGET_TTL_MS })
        return target
      })

      const status = Effect.fn("IntegrationCutoff.status")(function*(query: TargetQuery) {
        const now = yield* DateTime.now
        const target = yield* resolve(query, yield* Clock.currentTimeMillis)
        return {
          clientId: target.client?.id ?? null,
          branchId: target.branch.id,
          branchName: target.branch.name,
          route: target.route === null ? null : { id: target.route.id, name: target.route.name },
          ...targetCutoff(target, now)
        }
      })

      return IntegrationCutoff.of({ status })
    })
  ).pipe(Layer.provide(OrderTargets.layer))
}
