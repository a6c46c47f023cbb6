/**
 * Retention (spec "Limits": events and delivery history are kept 30 days). Deleting an
 * event deletes its deliveries (foreign key cascade), and no delivery is younger than
 * its event, so events alone decide.
 */
import * as Effect from "effect/Effect"
import * as SqlClient from "effect/sql/SqlClient"

export const RETENTION_MS = 30 * 24 * 60 * 60 * 1000
/** Rows per statement: a long backlog is removed in short transactions. */
const PURGE_BATCH = 5_000

/** Deletes events (and their deliveries) recorded more than 30 days before `now`; returns the count. */
export const purgeWebhookHistory = Effect.fn("purgeWebhookHistory")(function*(now: number) {
  const sql = yield* SqlClient.SqlClient
  const cutoff = new Date(now - RETENTION_MS)
  let purged = 0
  for (;;) {
    const rows = yield* sql`
      delete from webhook_events
       where id in (select id from webhook_events where created_at < ${cutoff} limit ${PURGE_BATCH})
      returning 1 as purged`
    purged += rows.length
    if (rows.length < PURGE_BATCH) return purged
  }
}, Effect.orDie)
