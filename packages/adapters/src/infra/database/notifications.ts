/**
 * LISTEN/NOTIFY as a port, on both databases.
 *
 * Webhook delivery (and anything else that reacts to committed changes) wakes
 * up through Postgres notifications instead of polling tightly. `notify` runs
 * `pg_notify` through the `SqlClient`, so inside `withTransaction` the
 * notification is delivered only if the transaction commits, exactly as
 * Postgres does for a trigger's `NOTIFY`. Listening holds a session: on
 * Postgres a pooled connection per subscription, on PGlite the one session.
 *
 * Notifications are a wake-up signal, not a queue: one sent while nobody
 * listens, or while a listener reconnects, is gone. Keep the work in a table
 * and poll it as well.
 *
 * Behind a transaction pooler `LISTEN` cannot work (the pooler hands the next
 * transaction another server connection). There the listening goes to
 * `DATABASE_DIRECT_URL` (`layerListeningOn`) or, without it, `layerPolling`
 * stands in: every subscription wakes its consumer at a fixed interval, with an
 * empty payload, and the consumer looks at its table as it would after a
 * notification (docs/operations.md, "Behind a connection pooler").
 */
import type { Notification } from "@effect/sql-pg/PgConnection"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"

export class DatabaseNotifications extends Context.Service<DatabaseNotifications, {
  /**
   * Starts listening and resolves once Postgres confirmed `LISTEN`: a
   * notification sent after this returns is in the stream. Listening stops
   * when the scope closes.
   */
  readonly subscribe: (channel: string) => Effect.Effect<Stream.Stream<string, SqlError>, SqlError, Scope.Scope>
  /** The payloads sent on a channel while the stream runs. Fails if the session is lost. */
  readonly listen: (channel: string) => Stream.Stream<string, SqlError>
  /** `pg_notify(channel, payload)`; part of the current transaction, if any. */
  readonly notify: (channel: string, payload: string) => Effect.Effect<void, SqlError>
}>()("@quote/adapters/DatabaseNotifications") {
  /** Over `@effect/sql-pg`. */
  static readonly layerPostgres: Layer.Layer<DatabaseNotifications, never, PgClient.PgClient | SqlClient.SqlClient> =
    Layer.effect(
      DatabaseNotifications,
      Effect.gen(function*() {
        const pg = yield* PgClient.PgClient
        const sql = yield* SqlClient.SqlClient
        return make(pg.listen, sql)
      })
    )

  /**
   * `LISTEN` through another client's `listen` (a direct connection, when the main pool
   * goes through a transaction pooler); `notify` through the main `SqlClient`, so it stays
   * part of the current transaction.
   */
  static readonly layerListeningOn = (
    listen: (channel: string) => Effect.Effect<Queue.Dequeue<Notification, SqlError>, SqlError, Scope.Scope>
  ): Layer.Layer<DatabaseNotifications, never, SqlClient.SqlClient> =>
    Layer.effect(DatabaseNotifications, Effect.map(SqlClient.SqlClient, (sql) => make(listen, sql)))

  /**
   * No `LISTEN` at all: a subscription is a tick every `intervalMillis` (the first at once),
   * each carrying an empty payload. `notify` still sends, for listeners elsewhere.
   */
  static readonly layerPolling = (intervalMillis: number): Layer.Layer<DatabaseNotifications, never, SqlClient.SqlClient> =>
    Layer.effect(
      DatabaseNotifications,
      Effect.map(SqlClient.SqlClient, (sql) => {
        // On the wall clock, as notifications arrive: a test's moved clock must not replay
        // every interval it jumps over.
        const ticks = Stream.map(Stream.tick(intervalMillis), () => "").pipe(
          Stream.provideService(Clock.Clock, Clock.Clock.defaultValue())
        )
        return DatabaseNotifications.of({
          subscribe: () => Effect.succeed(ticks),
          listen: () => ticks,
          notify: notifyWith(sql)
        })
      })
    )
}

const make = (
  listenQueue: (channel: string) => Effect.Effect<Queue.Dequeue<Notification, SqlError>, SqlError, Scope.Scope>,
  sql: SqlClient.SqlClient
): DatabaseNotifications["Service"] => {
  const subscribe = (channel: string) =>
    Effect.map(listenQueue(channel), (queue) => Stream.map(Stream.fromQueue(queue), (message) => message.payload))
  return DatabaseNotifications.of({
    subscribe,
    listen: (channel) => Stream.unwrap(subscribe(channel)),
    notify: notifyWith(sql)
  })
}

const notifyWith = (sql: SqlClient.SqlClient) =>
  Effect.fn("DatabaseNotifications.notify")(function*(channel: string, payload: string) {
    yield* sql`SELECT pg_notify(${channel}, ${payload})`
  })
