/**
 * Whether this process wants traffic: `/api/ready` answers 503 once shutdown began, while
 * the process still serves every request that reaches it, so a load balancer's health
 * check takes it out of rotation before it stops listening (docs/operations.md, "Rolling
 * restarts").
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

export class Readiness extends Context.Service<Readiness, {
  /** True once shutdown began. */
  readonly draining: Effect.Effect<boolean>
  /** Marks the process as shutting down (for good). */
  readonly drain: Effect.Effect<void>
}>()("@quote/http/Readiness") {
  static readonly layer = Layer.sync(Readiness, () => {
    let draining = false
    return Readiness.of({
      draining: Effect.sync(() => draining),
      drain: Effect.sync(() => {
        draining = true
      })
    })
  })
}
