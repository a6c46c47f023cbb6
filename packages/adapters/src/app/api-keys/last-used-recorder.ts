/**
 * `lastUsedAt` of API keys without a database write per request: uses are remembered in
 * memory (latest instant per key) and written in one statement every `flushInterval`,
 * and once more when the service stops. A failed write puts the uses back for the next
 * flush (the field is informational: a crash loses at most one interval).
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import * as SqlClient from "effect/sql/SqlClient"

export const defaultFlushInterval = Duration.seconds(2)

export class LastUsedRecorder extends Context.Service<LastUsedRecorder, {
  /** Notes a use of the key at `at` (epoch ms). Synchronous: it runs on every keyed request. */
  readonly record: (keyId: string, at: number) => void
  /** Writes the pending uses now. */
  readonly flush: Effect.Effect<void>
}>()("@quote/adapters/LastUsedRecorder") {
  /** Flushes every `flushInterval` (default 2 s) and on shutdown. */
  static readonly layer = (options: { readonly flushInterval: Duration.Input } = { flushInterval: defaultFlushInterval }) =>
    Layer.effect(
      LastUsedRecorder,
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        let pending = new Map<string, number>()

        const remember = (keyId: string, at: number) => {
          const known = pending.get(keyId)
          if (known === undefined || known < at) pending.set(keyId, at)
        }

        const flush = Effect.suspend(() => {
          if (pending.size === 0) return Effect.void
          const batch = pending
          pending = new Map()
          const ids = [...batch.keys()]
          const instants = ids.map((id) => new Date(batch.get(id)!).toISOString())
          // greatest(): an older batch (another instance, a retry) never moves the value back.
          return sql`
            update api_keys as k
               set last_used_at = greatest(k.last_used_at, u.used_at)
              from (select unnest(${ids}::uuid[]) as id, unnest(${instants}::timestamptz[]) as used_at) as u
             where k.id = u.id`.pipe(
            Effect.asVoid,
            Effect.catch((error) =>
              Effect.sync(() => batch.forEach((at, id) => remember(id, at))).pipe(
                Effect.andThen(Effect.logWarning("Could not record API key use; retrying at the next flush", error))
              )
            )
          )
        }).pipe(Effect.withSpan("LastUsedRecorder.flush"))

        yield* Effect.forkScoped(Effect.repeat(flush, Schedule.spaced(options.flushInterval)))
        yield* Effect.addFinalizer(() => flush)
        return LastUsedRecorder.of({ record: remember, flush })
      })
    )
}
