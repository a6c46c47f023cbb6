/**
 * Autovacuum on for one bench run, as production runs PostgreSQL (its default).
 *
 * The rollup delta tables (`migrations/0006_growth.sql`) are appended to by every change
 * and emptied by every fold: a few hundred live rows, hundreds of thousands of dead ones
 * after minutes of creates. Autovacuum reclaims them within its nap time; without it,
 * every read that adds the pending deltas scans the dead pages too, and a long run
 * measures the bloat instead of the service. This machine's cluster is configured with
 * `autovacuum = off` (`conf.d/90-ci.conf`). In a 15-minute soak on it, p50 went from 14 to
 * 25 ms, p99 1.6×, RSS +2.5 MB/min (docs/performance.md, "4. Endurance").
 *
 * `autovacuum` takes a configuration reload, not a restart: no connection is cut. So for an
 * explicit run on a local server, `withAutovacuum` sets it with ALTER SYSTEM, reloads, runs
 * the body, and in any case puts it back as it was (ALTER SYSTEM RESET, or the earlier
 * ALTER SYSTEM value) and reloads again. Under CI, or on a remote server, the body runs as
 * the server is, and the figure says so.
 */
import { isLocal, psql } from "./pg-stat-statements.ts"

/** The server's `autovacuum`, and whether an ALTER SYSTEM set it (`postgresql.auto.conf`). */
const currentSetting = async (url: string) => {
  const [row] = await psql(url, "select setting, coalesce(sourcefile, '') from pg_settings where name = 'autovacuum'")
  return { on: row?.[0] === "on", byAlterSystem: (row?.[1] ?? "").endsWith("postgresql.auto.conf") }
}

/** What the run had: printed with the bench's figures. */
export type AutovacuumState = "on, as found" | "turned on for this run" | `off (${string})`

export const withAutovacuum = async <A>(url: string, body: (state: AutovacuumState) => Promise<A>): Promise<A> => {
  const found = await currentSetting(url)
  if (found.on) return body("on, as found")
  if (process.env.CI !== undefined && process.env.CI !== "") return body("off (not changing the server under CI)")
  if (!isLocal(url)) return body("off (the server is not local)")
  const reload = () => psql(url, "select pg_reload_conf()")
  await psql(url, "alter system set autovacuum = on")
  await reload()
  console.log("autovacuum: on for this run (ALTER SYSTEM and a reload; put back afterwards)")
  try {
    return await body("turned on for this run")
  } finally {
    await psql(url, found.byAlterSystem ? "alter system set autovacuum = off" : "alter system reset autovacuum")
    await reload()
    console.log("autovacuum: put back as found (off)")
  }
}
