/**
 * Per-key rate limits across every instance that shares the database (docs/api-keys.md,
 * "Rate limits"), without a database round trip per request.
 *
 * The count of a key's minute lives in `api_key_rate_windows` (one unlogged row per key and
 * minute). Each instance keeps, per key, the total it last read there and the requests it
 * let through since (`pending`), and admits a request while their sum is under the limit:
 * the true count is at least that sum, so a refusal is always right. It reports its pending
 * requests with one upsert, which answers the new total:
 *
 * - far from the limit, once `pending` reaches a sixteenth of what was left
 *   (`reportEvery`), in the background: the request does not wait;
 * - near it (a sixteenth of what is left is at most one request), with the request itself,
 *   which waits for the total and is admitted only if it stays within the limit — so at the
 *   edge the count is exact, whatever the number of instances;
 * - and every second for every key used in the minute, which also brings the totals of the
 *   other instances' requests here.
 *
 * An instance can so let through, before it learns of the others, at most a sixteenth of
 * what was left: the overshoot stays within 10 % of the limit for up to a dozen instances.
 * If the database does not answer, the instance counts alone (it fails open, logged).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import {
  effectiveLimit,
  reportEvery,
  secondsToWindowEnd,
  windowOf
} from "@quote/core/api-keys/rate-limit"
import type { IntegrationKey } from "@quote/core/auth/access"
import { AppConfig } from "@quote/core/shared/app-config"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

/** What a request learns of its key's limit: whether it may proceed, and the header values. */
export interface RateLimitDecision {
  readonly allowed: boolean
  readonly limit: number
  /** Requests left in the window after this one (0 when refused). */
  readonly remaining: number
  /** Seconds until the window ends. */
  readonly resetSeconds: number
}

interface KeyWindow {
  window: number
  /** The shared total as last read (includes what this instance reported). */
  seen: number
  /** Let through here since the last report. */
  pending: number
  /** Reported, the total not read back yet. */
  inFlight: number
  reporting: boolean
}

const SYNC_INTERVAL = "1 second"

/** A key's total for the window, as the upsert answers it. */
const KeyTotalRow = Schema.Struct({ keyId: Schema.String, requests: Schema.Number })

export class ApiKeyRateLimiter extends Context.Service<ApiKeyRateLimiter, {
  /** Counts a request of `key`, or refuses it when the key's minute is used up. */
  readonly admit: (key: IntegrationKey) => Effect.Effect<RateLimitDecision>
}>()("@quote/adapters/ApiKeyRateLimiter") {
  static readonly layer = Layer.effect(
    ApiKeyRateLimiter,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const settings = yield* AppConfig
      const windows = new Map<string, KeyWindow>()

      /** Adds `counts` to their keys' rows of `window` and answers the totals by key. */
      const report = (window: number, counts: ReadonlyMap<string, number>) => {
        const ids = [...counts.keys()]
        const added = ids.map((id) => counts.get(id)!)
        return sql`
          insert into api_key_rate_windows as r (key_id, window_minute, requests)
          select k, ${window}::bigint, n from unnest(${ids}::uuid[], ${added}::integer[]) as u(k, n)
          on conflict (key_id, window_minute) do update set requests = r.requests + excluded.requests
          returning key_id, requests`.pipe(
          decodedRows(KeyTotalRow),
          Effect.map((rows) => new Map(rows.map((row) => [row.keyId, row.requests])))
        )
      }

      const stateOf = (keyId: string, window: number): KeyWindow => {
        const known = windows.get(keyId)
        if (known !== undefined && known.window === window) return known
        const fresh: KeyWindow = { window, seen: 0, pending: 0, inFlight: 0, reporting: false }
        windows.set(keyId, fresh)
        return fresh
      }

      /**
       * Reports `count` requests of one key (already moved from `pending` to `inFlight`) and
       * answers the new total; if the database does not answer, they go back to `pending`
       * and the total is none (this process counts alone meanwhile).
       */
      const reportKey = (keyId: string, state: KeyWindow, count: number) =>
        report(state.window, new Map([[keyId, count]])).pipe(
          Effect.map((totals) => {
            state.inFlight -= count
            const total = totals.get(keyId) ?? state.seen + count
            state.seen = Math.max(state.seen, total)
            return total as number | undefined
          }),
          Effect.catch((error) =>
            Effect.as(
              Effect.andThen(
                Effect.sync(() => {
                  state.inFlight -= count
                  state.pending += count
                }),
                Effect.logWarning("API key rate limit: the shared count did not answer; counting in this process", error)
              ),
              undefined
            )
          )
        )

      const moveToInFlight = (state: KeyWindow, count: number) => {
        state.pending -= count
        state.inFlight += count
      }

      /** Reports a key's pending requests in the background (far from the limit). */
      const reportInBackground = (keyId: string, state: KeyWindow) => {
        const count = state.pending
        moveToInFlight(state, count)
        state.reporting = true
        return reportKey(keyId, state, count).pipe(
          Effect.ensuring(Effect.sync(() => {
            state.reporting = false
          })),
          Effect.forkDetach
        )
      }

      // Untraced and without a generator on purpose: it runs on every integration request.
      const admit = (key: IntegrationKey): Effect.Effect<RateLimitDecision> =>
        Clock.clockWith((clock) => {
          const now = clock.currentTimeMillisUnsafe()
          const window = windowOf(now)
          const limit = effectiveLimit(key.rateLimitPerMinute, settings.apiKeyRateLimitPerMinute)
          const resetSeconds = secondsToWindowEnd(now)
          const state = stateOf(key.id, window)
          const used = state.seen + state.inFlight + state.pending
          if (used >= limit) return Effect.succeed({ allowed: false, limit, remaining: 0, resetSeconds })
          if (reportEvery(limit, state.seen) > 1) {
            state.pending++
            const decision = { allowed: true, limit, remaining: limit - used - 1, resetSeconds }
            return state.pending >= reportEvery(limit, state.seen) && !state.reporting
              ? Effect.as(reportInBackground(key.id, state), decision)
              : Effect.succeed(decision)
          }
          // At the edge: this request is reported with the pending ones and waits for the total.
          state.pending++
          const count = state.pending
          moveToInFlight(state, count)
          return Effect.map(reportKey(key.id, state, count), (total) =>
            total === undefined
              ? { allowed: true, limit, remaining: limit - used - 1, resetSeconds }
              : total <= limit
              ? { allowed: true, limit, remaining: limit - total, resetSeconds }
              : { allowed: false, limit, remaining: 0, resetSeconds })
        })

      /** Every second: report what is pending and read the totals of every key used this minute. */
      const synchronize = Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const window = windowOf(now)
        const counts = new Map<string, number>()
        const states = new Map<string, KeyWindow>()
        for (const [keyId, state] of windows) {
          if (state.window < window) {
            if (state.pending === 0 && state.inFlight === 0) {
              windows.delete(keyId)
              continue
            }
          } else if (state.reporting) continue
          counts.set(keyId, state.pending)
          states.set(keyId, state)
        }
        if (counts.size === 0) return Effect.void
        // Reports go to each state's own window (a late one to the minute just ended).
        const byWindow = new Map<number, Map<string, number>>()
        for (const [keyId, count] of counts) {
          const state = states.get(keyId)!
          moveToInFlight(state, count)
          const group = byWindow.get(state.window) ?? new Map<string, number>()
          group.set(keyId, count)
          byWindow.set(state.window, group)
        }
        return Effect.forEach([...byWindow], ([reportedWindow, group]) =>
          report(reportedWindow, group).pipe(
            Effect.tap((totals) =>
              Effect.sync(() => {
                for (const [keyId, count] of group) {
                  const state = states.get(keyId)!
                  state.inFlight -= count
                  state.seen = Math.max(state.seen, totals.get(keyId) ?? state.seen)
                }
              })
            ),
            Effect.catch((error) =>
              Effect.andThen(
                Effect.sync(() =>
                  group.forEach((count, keyId) => {
                    const state = states.get(keyId)!
                    state.inFlight -= count
                    state.pending += count
                  })
                ),
                Effect.logWarning("API key rate limit: could not report this process's counts; retrying", error)
              )
            )
          ), { discard: true })
      })

      /** Rows of minutes before the last one are of no use. */
      const purge = Effect.flatMap(Clock.currentTimeMillis, (now) =>
        sql`delete from api_key_rate_windows where window_minute < ${windowOf(now) - 1}::bigint`
      ).pipe(Effect.ignore)

      yield* Effect.forkScoped(Effect.repeat(synchronize, Schedule.spaced(SYNC_INTERVAL)))
      yield* Effect.forkScoped(Effect.repeat(purge, Schedule.spaced("1 minute")))
      yield* Effect.addFinalizer(() => synchronize)
      return ApiKeyRateLimiter.of({ admit })
    })
  )
}
