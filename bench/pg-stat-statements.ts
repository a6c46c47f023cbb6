/**
 * `pg_stat_statements` for one bench run (issue #14: the per-create database time of
 * each statement), "enabled only for the bench run, and the server restored as found".
 *
 * The extension records statements only when it is in `shared_preload_libraries`, which
 * takes a server restart. When it is not there, `withStatStatements` adds it with ALTER
 * SYSTEM, restarts the cluster (`pg_ctlcluster --skip-systemctl-redirect <version>
 * <name> restart`, the cluster named by the server's `cluster_name`), runs the bench,
 * and in any case puts the setting back as it was (ALTER SYSTEM RESET, or the earlier
 * ALTER SYSTEM value) and restarts again. It does so only for an explicit bench run on
 * a local cluster: never under CI, and not while other sessions are connected (a
 * restart would cut them off: a shared server's test suites) unless
 * `--restart-postgres` is given. Otherwise the body runs without it and the reason is
 * printed.
 *
 * Administration goes through `psql` (a new connection per command): the restarts drop
 * every connection, which a pooled client would have to notice and replace.
 */
import { execFile } from "node:child_process"

const run = (command: string, args: ReadonlyArray<string>) =>
  new Promise<string>((resolve, reject) =>
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(" ")}: ${error.message}\n${stderr}`))
      else resolve(stdout)
    })
  )

/** One statement through `psql`, unaligned rows of `|`-separated fields. */
export const psql = async (url: string, statement: string): Promise<Array<Array<string>>> => {
  const output = await run("psql", ["-X", "-v", "ON_ERROR_STOP=1", "-Atq", "-F", "|", "-d", url, "-c", statement])
  return output.split("\n").filter((line) => line !== "").map((line) => line.split("|"))
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

const isPreloaded = async (url: string) =>
  (await psql(url, "show shared_preload_libraries"))[0]?.[0]?.split(",").map((name) => name.trim())
    .includes("pg_stat_statements") ?? false

const waitUntilReady = async (url: string) => {
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      await psql(url, "select 1")
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

/** Whether the server is on this machine (only such a server is reconfigured by a bench). */
export const isLocal = (url: string) => {
  const host = new URL(url).hostname
  return host === "" || host === "localhost" || host === "127.0.0.1" || host === "[::1]"
}

export type StatStatements =
  | { readonly _tag: "Available"; readonly restarted: boolean }
  | { readonly _tag: "Unavailable"; readonly reason: string }

/**
 * Runs `body` with `pg_stat_statements` preloaded on the server of `url` when that can be
 * done as described above, and restores the server's setting afterwards.
 */
export const withStatStatements = async <A>(
  url: string,
  body: (statements: StatStatements) => Promise<A>
): Promise<A> => {
  if (await isPreloaded(url)) return body({ _tag: "Available", restarted: false })
  const unavailable = (reason: string) => body({ _tag: "Unavailable", reason })
  if (process.env.CI !== undefined && process.env.CI !== "") return unavailable("not restarting PostgreSQL under CI")
  if (!isLocal(url)) return unavailable("the server is not local (no restart from here)")
  const [cluster] = (await psql(url, "show cluster_name"))[0] ?? []
  const [version, name] = (cluster ?? "").split("/")
  if (version === undefined || name === undefined || name === "") {
    return unavailable("the server has no cluster_name of the form <version>/<name> (pg_ctlcluster)")
  }
  const others = Number((await psql(
    url,
    "select count(*) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()"
  ))[0]?.[0] ?? 0)
  if (others > 0 && !process.argv.includes("--restart-postgres")) {
    return unavailable(
      `${others} other session(s) connected to the server, which a restart would cut off; ` +
        "run with --restart-postgres to restart anyway"
    )
  }
  // As found: a value set by an earlier ALTER SYSTEM is put back, otherwise RESET.
  const [setting = "", sourceFile = ""] = (await psql(
    url,
    "select setting, coalesce(sourcefile, '') from pg_settings where name = 'shared_preload_libraries'"
  ))[0] ?? []
  const setByAlterSystem = sourceFile.endsWith("postgresql.auto.conf")
  const restart = async () => {
    await run("pg_ctlcluster", ["--skip-systemctl-redirect", version, name, "restart"])
    await waitUntilReady(url)
  }
  const restore = async () => {
    await psql(
      url,
      setByAlterSystem
        ? `alter system set shared_preload_libraries = ${literal(setting)}`
        : "alter system reset shared_preload_libraries"
    )
    await restart()
  }
  const wanted = setting.trim() === "" ? "pg_stat_statements" : `${setting},pg_stat_statements`
  console.log(`pg_stat_statements: preloading it for this run (restarting cluster ${cluster})`)
  await psql(url, `alter system set shared_preload_libraries = ${literal(wanted)}`)
  try {
    await restart()
  } catch (error) {
    // The server must come back as it was even if it refused the new setting.
    await psql(url, "select 1").then(restore, async () => {
      await run("pg_ctlcluster", ["--skip-systemctl-redirect", version, name, "start"]).catch(() => undefined)
      await waitUntilReady(url)
      await restore()
    })
    throw error
  }
  try {
    return await body({ _tag: "Available", restarted: true })
  } finally {
    console.log(`pg_stat_statements: restoring shared_preload_libraries and restarting cluster ${cluster}`)
    await restore()
  }
}

export interface StatementFigure {
  readonly query: string
  /** `false` for a statement run inside another (a trigger's, a function's). */
  readonly toplevel: boolean
  readonly calls: number
  readonly totalMs: number
}

/** Forgets this database's statistics (not the other databases'). */
export const resetStatements = (url: string) =>
  psql(
    url,
    "select pg_stat_statements_reset(0, (select oid from pg_database where datname = current_database()), 0)"
  )

/** This database's statements since the last reset, the costliest first. */
export const readStatements = async (url: string): Promise<ReadonlyArray<StatementFigure>> =>
  (await psql(
    url,
    `select toplevel, calls, total_exec_time, regexp_replace(query, '\\s+', ' ', 'g')
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time desc`
  )).map(([toplevel, calls, total, ...query]) => ({
    query: query.join("|"),
    toplevel: toplevel === "t",
    calls: Number(calls),
    totalMs: Number(total)
  }))
