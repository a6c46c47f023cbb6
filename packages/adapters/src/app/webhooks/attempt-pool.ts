/**
 * The webhook requests this process has in flight, so that one slow receiver delays no
 * other (issue #11). Every claimed delivery is attempted on its own fiber at once, and a
 * claim takes only what fits the limits: at most `perEndpoint` requests to one endpoint and
 * `overall` in all. A receiver that holds its connections for the whole 8 s time-out holds
 * only its own slots; another endpoint's change starts the moment it is claimed.
 *
 * Attempts are recorded as they finish: a recorder takes whatever has finished since its
 * last statement and records it in one, so a burst still costs few statements and a
 * slow request never holds back the record of a fast one. A slot freed where the limit
 * was reached calls `onSlotFreed`, so the dispatcher claims what was waiting for it.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as FiberSet from "effect/FiberSet"
import * as Queue from "effect/Queue"
import * as Semaphore from "effect/Semaphore"
import { DELIVERY_TIMEOUT_MS } from "@quote/core/webhooks/webhook-delivery-state"
import type { WebhookEndpointId } from "@quote/core/shared/ids"
import type { WebhookAttemptResult } from "@quote/core/webhooks/views"
import { DeliveryAttempts, type SentAttempt } from "./delivery-attempt.ts"
import { type ClaimedDelivery, DeliveryQueue, LEASE_MS } from "./delivery-queue.ts"

export interface AttemptLimits {
  /** Requests in flight at once in this process, all endpoints together. */
  readonly overall: number
  /** Requests in flight at once to one endpoint, in this process. */
  readonly perEndpoint: number
}

export interface Started {
  /** Deliveries claimed and started. */
  readonly started: number
  /** Fewer than asked for were due (or fitted the limits): claiming again now would find nothing. */
  readonly exhausted: boolean
  /** When the leases of these deliveries expire (when started > 0). */
  readonly leasedUntil: number
  /** Waits for the recorded results of these attempts. */
  readonly results: Effect.Effect<ReadonlyArray<WebhookAttemptResult>>
}

export interface AttemptPool {
  /** Claims up to `max` due deliveries that fit the free slots, and starts their attempts. */
  readonly claimAndStart: (max: number) => Effect.Effect<Started>
  /** Every slot of the process is taken: only a freed slot can start anything. */
  readonly full: Effect.Effect<boolean>
  /** Endpoints at their limit here. */
  readonly saturatedEndpoints: Effect.Effect<ReadonlyArray<WebhookEndpointId>>
  /**
   * Stops claiming and waits, up to `timeoutMs`, for the attempts started to be recorded
   * (a stopping process: what is cut after that is left to `releaseLeases`).
   */
  readonly drain: (timeoutMs: number) => Effect.Effect<void>
}

/**
 * Time an attempt may still need once started: the receiver's 8 s plus room to record it.
 * An attempt whose lease would not last that long is not started (its lease expires and it
 * is due again), so no other worker can take a delivery whose request is still running.
 */
const ATTEMPT_ALLOWANCE_MS = DELIVERY_TIMEOUT_MS + 10_000

interface Finished {
  readonly sent: SentAttempt
  readonly done: Deferred.Deferred<WebhookAttemptResult | undefined>
}

/** The pool for the life of the scope (its attempts and recorder are interrupted with it). */
export const makeAttemptPool = Effect.fnUntraced(function*(limits: AttemptLimits, onSlotFreed: Effect.Effect<void>) {
  const queue = yield* DeliveryQueue
  const attempts = yield* DeliveryAttempts
  const fibers = yield* FiberSet.make<void>()
  const finished = yield* Queue.unbounded<Finished>()
  // Claims in this process run one at a time, so the slots they read stay free until reserved.
  const claimLock = yield* Semaphore.make(1)
  const busy = new Map<WebhookEndpointId, number>()
  let inFlight = 0
  // The last claim stopped at an endpoint's limit: deliveries may be waiting for a slot there.
  let endpointLimitReached = false
  // Set by `drain`: nothing more is claimed.
  let draining = false
  // The outcomes not yet settled (recorded, or given up), for `drain` to wait on.
  const unsettled = new Set<Deferred.Deferred<WebhookAttemptResult | undefined>>()

  const reserve = (delivery: ClaimedDelivery) => {
    inFlight++
    busy.set(delivery.endpoint.id, (busy.get(delivery.endpoint.id) ?? 0) + 1)
  }

  const release = (delivery: ClaimedDelivery) =>
    Effect.suspend(() => {
      const endpointId = delivery.endpoint.id
      const endpointBusy = busy.get(endpointId) ?? 0
      const wasLimited = inFlight >= limits.overall || endpointLimitReached
      inFlight--
      if (endpointBusy <= 1) busy.delete(endpointId)
      else busy.set(endpointId, endpointBusy - 1)
      return wasLimited ? onSlotFreed : Effect.void
    })

  const claim = (max: number) =>
    claimLock.withPermits(1)(Effect.gen(function*() {
      const wanted = draining ? 0 : Math.min(max, limits.overall - inFlight)
      if (wanted <= 0) return { wanted, claimedAt: 0, batch: [] as ReadonlyArray<ClaimedDelivery> }
      const claimedAt = yield* Clock.currentTimeMillis
      // As the claim sees it: attempts finishing during the query free slots it did not count.
      const counted = new Map(busy)
      const batch = yield* queue.claimDue(claimedAt, wanted, { perEndpoint: limits.perEndpoint, busy: counted })
      for (const delivery of batch) counted.set(delivery.endpoint.id, (counted.get(delivery.endpoint.id) ?? 0) + 1)
      endpointLimitReached = [...counted.values()].some((count) => count >= limits.perEndpoint)
      batch.forEach(reserve)
      return { wanted, claimedAt, batch }
    }))

  /** One attempt on its own: send, hand the outcome to the recorder, free the slot. */
  const run = (
    delivery: ClaimedDelivery,
    send: Effect.Effect<SentAttempt>,
    claimedAt: number,
    done: Deferred.Deferred<WebhookAttemptResult | undefined>
  ) =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      if (now + ATTEMPT_ALLOWANCE_MS > claimedAt + LEASE_MS) {
        yield* Effect.logWarning("webhook attempt not started: its lease would not outlast it").pipe(
          Effect.annotateLogs({ deliveryId: delivery.id })
        )
        yield* Deferred.succeed(done, undefined)
        return
      }
      yield* Queue.offer(finished, { sent: yield* send, done })
    }).pipe(
      Effect.catchCause((cause) =>
        Cause.hasInterruptsOnly(cause)
          ? Effect.failCause(cause)
          : Effect.andThen(
            Effect.logError("webhook attempt failed unexpectedly; its lease will expire and it will be tried again", cause),
            Deferred.succeed(done, undefined)
          )
      ),
      Effect.onInterrupt(() => Deferred.succeed(done, undefined)),
      Effect.ensuring(release(delivery))
    )

  /** Builds the batch's payloads, then starts each attempt on its own fiber. */
  const start = (
    batch: ReadonlyArray<ClaimedDelivery>,
    claimedAt: number,
    dones: ReadonlyArray<Deferred.Deferred<WebhookAttemptResult | undefined>>
  ) =>
    Effect.gen(function*() {
      const sends = yield* attempts.prepare(batch)
      for (let i = 0; i < batch.length; i++) {
        yield* FiberSet.run(fibers, run(batch[i]!, sends[i]!, claimedAt, dones[i]!))
      }
    }).pipe(
      Effect.catchCause((cause) =>
        Effect.gen(function*() {
          yield* Effect.logError("webhook batch could not start; its leases will expire and it will be tried again", cause)
          yield* Effect.forEach(batch, release, { discard: true })
          yield* Effect.forEach(dones, (done) => Deferred.succeed(done, undefined), { discard: true })
        })
      )
    )

  const claimAndStart = Effect.fnUntraced(function*(max: number) {
    const { batch, claimedAt, wanted } = yield* claim(max)
    if (batch.length === 0) return { started: 0, exhausted: true, leasedUntil: 0, results: Effect.succeed([]) } satisfies Started
    const dones = yield* Effect.forEach(batch, () => Deferred.make<WebhookAttemptResult | undefined>())
    for (const settled of [...unsettled].filter(Deferred.isDoneUnsafe)) unsettled.delete(settled)
    for (const done of dones) unsettled.add(done)
    // The payload query runs beside the next claim, not before it.
    yield* FiberSet.run(fibers, start(batch, claimedAt, dones))
    const results = Effect.map(
      Effect.forEach(dones, Deferred.await),
      (all) => all.filter((result): result is WebhookAttemptResult => result !== undefined)
    )
    return {
      started: batch.length,
      exhausted: batch.length < wanted,
      leasedUntil: claimedAt + LEASE_MS,
      results
    } satisfies Started
  })

  const recorder = Effect.gen(function*() {
    for (;;) {
      const batch = yield* Queue.takeAll(finished)
      // A failed record leaves the leases to expire: the attempts are made again (at least once).
      const results = yield* attempts.recordAll(batch.map((entry) => entry.sent)).pipe(
        Effect.catchCause((cause) =>
          Cause.hasInterruptsOnly(cause)
            ? Effect.failCause(cause)
            : Effect.as(Effect.logError("webhook attempts could not be recorded", cause), undefined)
        )
      )
      yield* Effect.forEach(batch, (entry, i) => Deferred.succeed(entry.done, results?.[i]), { discard: true })
    }
  })
  yield* Effect.forkScoped(recorder)

  return {
    claimAndStart,
    full: Effect.sync(() => inFlight >= limits.overall),
    saturatedEndpoints: Effect.sync(() =>
      [...busy].filter(([, count]) => count >= limits.perEndpoint).map(([endpointId]) => endpointId)
    ),
    drain: (timeoutMs) =>
      Effect.andThen(
        // A claim under way finishes first; none starts after.
        claimLock.withPermits(1)(Effect.sync(() => {
          draining = true
        })),
        Effect.forEach([...unsettled], Deferred.await, { discard: true }).pipe(
          Effect.timeoutOrElse({ duration: timeoutMs, orElse: () => Effect.void })
        )
      )
  } satisfies AttemptPool
})
