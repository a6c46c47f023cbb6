/**
 * Retention of the security tables, run by the daily job: audit entries are kept 400
 * days, login failures one day (the throttling window is at most 24 hours).
 */
import * as Effect from "effect/Effect"
import * as SqlClient from "effect/sql/SqlClient"

export const AUDIT_RETENTION_DAYS = 400
const DAY_MS = 24 * 60 * 60 * 1000
/** Rows per statement: a long backlog is removed in short transactions. */
const PURGE_BATCH = 5_000

/** Deletes audit entries older than 400 days and login failures older than a day; returns the counts. */
export const purgeSecurityHistory = Effect.fn("purgeSecurityHistory")(function*(now: number) {
  const sql = yield* SqlClient.SqlClient
  const auditCutoff = new Date(now - AUDIT_RETENTION_DAYS * DAY_MS)
  let auditEntries = 0
  for (;;) {
    const rows = yield* sql`
      delete from audit_log
       where id in (select id from audit_log where created_at < ${auditCutoff} limit ${PURGE_BATCH})
      returning 1 as purged`
    auditEntries += rows.length
    if (rows.length < PURGE_BATCH) break
  }
  const failures = yield* sql`delete from login_failures where failed_at < ${new Date(now - DAY_MS)} returning 1 as purged`
  return { auditEntries, loginFailures: failures.length }
}, Effect.orDie)
