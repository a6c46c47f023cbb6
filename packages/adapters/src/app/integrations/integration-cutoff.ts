/**
 * `GET /api/integrations/cutoff` (spec "Integration API"): the Cutoff status of the
 * branch an order would go to, resolved by the same `OrderTargets` rule that validates
 * quotation creation, evaluated now.
 *
 * The chatbot asks this before nearly every message, so per (clientId, branchId) the
 * service remembers:
 * - the resolved target (client, branch, route calendar) for `TARGET_TTL_MS`: a change
 *   to a client, branch or route shows here within that second (the same bound as API
 *   key state);
 * - the status computed from it, until the instant the status can next change
 *   (`timedCutoffStatus`: the window's opening or close, or midnight), so a remembered
 *   status is never stale. The same object is returned meanwhile, which lets the HTTP
 *   layer reuse its encoding.
 * Quotation creation always reads the target fresh.
 *
 * `status` is untraced on purpose: it is the hottest call of the API and `Effect.fn`'s
 * span and call-site capture would cost more than the call itself (docs/performance.md).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { BranchNotFound } from "@quote/core/companies/errors"
import type { ClientNotFound } from "@quote/core/clients/errors"
import type { MissingParams } from "@quote/core/quotations/errors"
import type { BranchCutoff } from "@quote/core/integrations/views"
import { type OrderTarget, OrderTargets, type TargetQuery, timedTargetCutoff } from "../quotations/order-target.ts"

export const TARGET_TTL_MS = 1000
const MAX_REMEMBERED = 10_000

interface Remembered {
  readonly target: OrderTarget
  readonly targetUntil: number
  status: BranchCutoff
  statusUntil: number
}

const branchCutoffAt = (target: OrderTarget, now: number) => {
  const timed = timedTargetCutoff(target, now)
  const status: BranchCutoff = {
    clientId: target.client?.id ?? null,
    branchId: target.branch.id,
    branchName: target.branch.name,
    route: target.route === null ? null : { id: target.route.id, name: target.route.name },
    ...timed.status
  }
  return { status, statusUntil: timed.changesAt }
}

export class IntegrationCutoff extends Context.Service<IntegrationCutoff, {
  readonly status: (query: TargetQuery) => Effect.Effect<BranchCutoff, MissingParams | ClientNotFound | BranchNotFound>
}>()("@quote/adapters/IntegrationCutoff") {
  static readonly layer = Layer.effect(
    IntegrationCutoff,
    Effect.gen(function*() {
      const targets = yield* OrderTargets
      const remembered = new Map<string, Remembered>()

      const resolve = Effect.fnUntraced(function*(key: string, query: TargetQuery, now: number) {
        const target = yield* targets.resolve(query)
        if (remembered.size >= MAX_REMEMBERED) remembered.clear()
        const entry: Remembered = { target, targetUntil: now + TARGET_TTL_MS, ...branchCutoffAt(target, now) }
        remembered.set(key, entry)
        return entry.status
      })

      const status = (query: TargetQuery) =>
        Clock.clockWith((clock) => {
          const now = clock.currentTimeMillisUnsafe()
          const key = `${query.clientId ?? ""}|${query.branchId ?? ""}`
          const known = remembered.get(key)
          if (known === undefined || known.targetUntil <= now) return resolve(key, query, now)
          if (known.statusUntil <= now) Object.assign(known, branchCutoffAt(known.target, now))
          return Effect.succeed(known.status)
        })

      return IntegrationCutoff.of({ status })
    })
  ).pipe(Layer.provide(OrderTargets.layer))
}
