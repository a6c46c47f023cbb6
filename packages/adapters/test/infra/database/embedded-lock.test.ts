/**
 * One process per embedded database: the lock file, seen from real child
 * processes (live, gone, zombie, pid reused, racing), and persistence of the
 * embedded database across openings.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer, Logger, Option, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { type ChildProcess, spawn } from "node:child_process"
import { createHash } from "node:crypto"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as Database from "../../../src/infra/database/database.ts"
import { acquireEmbeddedLock, EmbeddedDatabaseLocked, readLockOwner } from "../../../src/infra/database/embedded-lock.ts"
import { loadMigrationFiles } from "../../../src/infra/database/migrator.ts"
import { embeddedPaths } from "../../../src/infra/database/pglite-client.ts"
import { readProcStat } from "../../../src/infra/database/process-liveness.ts"
import { goneProcess, runningProcess, waitUntil, zombieProcess } from "./fixtures/processes.ts"

const fixture = fileURLToPath(new URL("./fixtures/open-embedded-database.ts", import.meta.url))

const tempDir = Effect.acquireRelease(
  Effect.sync(() => Fs.mkdtempSync(Path.join(Os.tmpdir(), "quote-lock-test-"))),
  (dir) => Effect.sync(() => Fs.rmSync(dir, { recursive: true, force: true }))
)

interface Finished {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

const startFixture = (mode: "open" | "hold" | "race", dataDir: string): ChildProcess =>
  spawn(process.execPath, [fixture, mode, dataDir], { stdio: ["pipe", "pipe", "pipe"] })

const finished = (child: ChildProcess) =>
  Effect.promise(() =>
    new Promise<Finished>((resolve) => {
      let stdout = ""
      let stderr = ""
      child.stdout?.on("data", (chunk) => (stdout += String(chunk)))
      child.stderr?.on("data", (chunk) => (stderr += String(chunk)))
      child.on("exit", (code) => resolve({ code, stdout, stderr }))
    })
  )

/** A child holding the lock until the scope ends (or it is killed). */
const holdingChild = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<ChildProcess>((resolve, reject) => {
        const child = startFixture("hold", dataDir)
        child.stdout?.on("data", (chunk) => String(chunk).includes("HELD") && resolve(child))
        child.on("exit", (code) => reject(new Error(`lock holder exited with ${code}`)))
      })
    ),
    (child) => Effect.sync(() => child.kill("SIGKILL"))
  )

const lockedMessage = (dataDir: string, pid: number) =>
  `The embedded database in ${dataDir} is in use by another process (pid ${pid}). Stop it, or set DATABASE_URL to share a Postgres database.`

const bootId = Fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim()

/** A lock file as `pid` would have written it, with its start time (or another one). */
const writeLockOf = (lockFile: string, pid: number, startTime = readProcStat(pid)?.startTime ?? "") => {
  const content = `${pid}\nhost=test\nstart-time=${startTime}\nboot-id=${bootId}\nnonce=${Math.random()}\n`
  Fs.writeFileSync(lockFile, content)
  return content
}

/** Takes the lock in this scope; returns what it logged. */
const acquireLogging = (lockFile: string, dataDir: string) =>
  Effect.gen(function*() {
    const lines: Array<string> = []
    const capture = Logger.make((options) => {
      lines.push(Array.isArray(options.message) ? options.message.join(" ") : String(options.message))
    })
    yield* acquireEmbeddedLock({ lockFile, dataDir }).pipe(Effect.provide(Logger.layer([capture])))
    return lines
  })

const tookOverLine = (dataDir: string, pid: number, reason: string) =>
  `Took over the embedded database lock in ${dataDir}: its previous holder (pid ${pid}) ${reason}.`

describe("embedded database lock", () => {
  it.effect("a second process finds the database held and prints one line", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      yield* acquireEmbeddedLock({ lockFile: embeddedPaths(dataDir).lockFile, dataDir })
      const result = yield* finished(startFixture("open", dataDir))
      assert.strictEqual(result.code, 3)
      assert.strictEqual(result.stdout, "")
      assert.strictEqual(result.stderr, `${lockedMessage(dataDir, process.pid)}\n`)
    }))

  it.effect("this process cannot open a database another process holds; a killed holder's lock is taken over", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      const child = yield* holdingChild(dataDir)
      assert.strictEqual(readLockOwner(lockFile), child.pid)

      const refused = yield* Effect.exit(Effect.scoped(acquireEmbeddedLock({ lockFile, dataDir })))
      assert.isTrue(Exit.isFailure(refused))
      const error = Exit.isFailure(refused) ? refused.cause.reasons[0] : undefined
      assert.isTrue(error?._tag === "Fail" && error.error instanceof EmbeddedDatabaseLocked)
      if (error?._tag === "Fail" && error.error instanceof EmbeddedDatabaseLocked) {
        assert.strictEqual(error.error.message, lockedMessage(dataDir, child.pid ?? 0))
      }

      child.kill("SIGKILL")
      yield* finished(child)
      // The dead holder's lock file is still there, and stale.
      assert.strictEqual(readLockOwner(lockFile), child.pid)
      yield* Effect.scoped(Effect.gen(function*() {
        yield* acquireEmbeddedLock({ lockFile, dataDir })
        assert.strictEqual(readLockOwner(lockFile), process.pid)
      }))
      assert.isFalse(Fs.existsSync(lockFile), "released on scope end")
    }))

  it.effect("a lock left by a dead process is taken over", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      const deadPid = 4_194_304 + 17 // above Linux's largest pid_max: never a live process
      Fs.writeFileSync(lockFile, `${deadPid}\nsomewhere\n2020-01-01T00:00:00.000Z\n`)
      yield* acquireEmbeddedLock({ lockFile, dataDir })
      assert.strictEqual(readLockOwner(lockFile), process.pid)
    }))

  it.effect("a lock held by a zombie (killed, never reaped) is taken over, saying so", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      const zombie = yield* zombieProcess
      writeLockOf(lockFile, zombie)
      const logged = yield* acquireLogging(lockFile, dataDir)
      assert.strictEqual(readLockOwner(lockFile), process.pid)
      assert.deepStrictEqual(logged, [tookOverLine(dataDir, zombie, "is a zombie (killed, not yet reaped)")])
    }))

  it.effect("a lock whose pid now belongs to another process is taken over, saying so", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      const other = yield* runningProcess
      writeLockOf(lockFile, other, String(Number(readProcStat(other)?.startTime) - 1))
      const logged = yield* acquireLogging(lockFile, dataDir)
      assert.strictEqual(readLockOwner(lockFile), process.pid)
      assert.deepStrictEqual(logged, [tookOverLine(dataDir, other, "is gone (its pid now belongs to another process)")])
    }))

  it.effect("a lock file that names no holder and was not written for a while is taken over", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      Fs.writeFileSync(lockFile, "")
      const longAgo = new Date(Date.now() - 60_000)
      Fs.utimesSync(lockFile, longAgo, longAgo)
      const logged = yield* acquireLogging(lockFile, dataDir)
      assert.strictEqual(readLockOwner(lockFile), process.pid)
      assert.deepStrictEqual(logged, [
        `Took over the embedded database lock in ${dataDir}: its previous holder left an unreadable lock file.`
      ])
    }))

  it.effect("a live holder keeps its lock: the next process is refused with one line", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      const holder = yield* runningProcess
      const content = writeLockOf(lockFile, holder)
      const refused = yield* Effect.flip(Effect.scoped(acquireEmbeddedLock({ lockFile, dataDir })))
      assert.instanceOf(refused, EmbeddedDatabaseLocked)
      assert.strictEqual(refused.message, lockedMessage(dataDir, holder))
      assert.strictEqual(Fs.readFileSync(lockFile, "utf8"), content, "untouched")
    }))

  it.effect("of processes racing for one stale lock, exactly one takes it", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      writeLockOf(lockFile, yield* goneProcess, "1")
      const racers = Array.from({ length: 6 }, () => startFixture("race", dataDir))
      yield* Effect.addFinalizer(() => Effect.sync(() => racers.forEach((racer) => racer.kill("SIGKILL"))))
      const outcomes = racers.map((racer) => {
        const output = { stdout: "", stderr: "", code: null as number | null }
        racer.stdout?.on("data", (chunk) => (output.stdout += String(chunk)))
        racer.stderr?.on("data", (chunk) => (output.stderr += String(chunk)))
        racer.on("exit", (code) => (output.code = code))
        return output
      })
      yield* waitUntil(() => outcomes.every((o) => o.stdout.includes("READY")), "every racer is ready", 60_000)
      racers.forEach((racer) => racer.stdin?.write("go\n"))
      yield* waitUntil(
        () => outcomes.every((o) => o.stdout.includes("HELD") || o.code !== null),
        "every racer holds the lock or has given up",
        30_000
      )
      const winners = racers.filter((_, i) => outcomes[i]!.stdout.includes("HELD"))
      assert.strictEqual(winners.length, 1, JSON.stringify(outcomes))
      const winner = winners[0]!.pid!
      assert.strictEqual(readLockOwner(lockFile), winner)
      outcomes.filter((o) => !o.stdout.includes("HELD")).forEach((loser) => {
        assert.strictEqual(loser.code, 3)
        assert.strictEqual(loser.stderr, `${lockedMessage(dataDir, winner)}\n`)
      })
      assert.deepStrictEqual(Fs.readdirSync(dataDir), ["pglite.lock"], "no candidate or claim left behind")
    }), { timeout: 90_000 })

  it.effect("a takeover waits while another live process claims the same stale lock", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      const stale = writeLockOf(lockFile, yield* goneProcess, "1")
      const digest = createHash("sha256").update(stale).digest("hex").slice(0, 16)
      const rivalClaim = `${lockFile}.takeover.${digest}.rival`
      writeLockOf(rivalClaim, yield* runningProcess)
      const taking = yield* Effect.forkChild(Effect.scoped(acquireEmbeddedLock({ lockFile, dataDir })))
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 300)))
      assert.strictEqual(Fs.readFileSync(lockFile, "utf8"), stale, "not taken while the rival's claim stands")
      Fs.rmSync(rivalClaim)
      yield* Fiber.join(taking)
    }))

  it.effect("candidates and claims left by gone processes are removed; a live one's stay", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      const gone = yield* goneProcess
      const live = yield* runningProcess
      writeLockOf(`${lockFile}.new.${gone}.aa`, gone, "1")
      writeLockOf(`${lockFile}.takeover.0123456789abcdef.${gone}.bb`, gone, "1")
      writeLockOf(`${lockFile}.takeover.0123456789abcdef.${live}.cc`, live)
      yield* acquireEmbeddedLock({ lockFile, dataDir })
      assert.sameMembers(Fs.readdirSync(dataDir), ["pglite.lock", `pglite.lock.takeover.0123456789abcdef.${live}.cc`])
    }))

  it.effect("a lock with our own pid that this process does not hold is stale (restarted container)", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const { lockFile } = embeddedPaths(dataDir)
      Fs.writeFileSync(lockFile, `${process.pid}\nold-incarnation\n`)
      yield* acquireEmbeddedLock({ lockFile, dataDir })
      const twice = yield* Effect.exit(Effect.scoped(acquireEmbeddedLock({ lockFile, dataDir })))
      assert.isTrue(Exit.isFailure(twice), "but this process cannot open it twice")
    }))

  it.effect("the embedded database persists in its data directory", () =>
    Effect.gen(function*() {
      const dataDir = yield* tempDir
      const config: Database.DatabaseConfig = { url: Option.none(), dataDir }
      const write = Effect.gen(function*() {
        const sql = (yield* SqlClient.SqlClient).withoutTransforms()
        yield* sql`CREATE TABLE kept (v text)`
        yield* sql`INSERT INTO kept VALUES ('still here')`
      })
      const read = Effect.gen(function*() {
        const sql = (yield* SqlClient.SqlClient).withoutTransforms()
        return yield* sql`SELECT v FROM kept`
      })
      yield* write.pipe(Effect.provide(Database.layer(config)))
      assert.isFalse(Fs.existsSync(embeddedPaths(dataDir).lockFile), "closing releases the lock")
      const rows = yield* read.pipe(Effect.provide(Database.layer(config)))
      assert.deepStrictEqual(rows, [{ v: "still here" }])
    }), { timeout: 60_000 })
})

describe("database selection", () => {
  it("resolves the configuration", () => {
    const url = (value: string) => Option.some(Redacted.make(value))
    assert.deepStrictEqual(Database.resolveTarget({ url: undefined, dataDir: "./.data" }), {
      _tag: "Embedded",
      dataDir: "./.data"
    })
    assert.deepStrictEqual(Database.resolveTarget({ url: Option.none(), dataDir: "d" }), { _tag: "Embedded", dataDir: "d" })
    assert.deepStrictEqual(Database.resolveTarget({ url: url(" "), dataDir: "d" }), { _tag: "Embedded", dataDir: "d" })
    assert.deepStrictEqual(Database.resolveTarget({ url: url("memory://"), dataDir: "d" }), { _tag: "Memory" })
    assert.deepStrictEqual(Database.resolveTarget({ url: url("pglite://memory"), dataDir: "d" }), { _tag: "Memory" })
    const postgres = Database.resolveTarget({ url: url("postgres://u:secret@db:5432/quote"), dataDir: "d" })
    assert.strictEqual(postgres._tag, "Postgres")
    assert.strictEqual(Database.describeTarget(postgres), "postgres://db:5432/quote")
    assert.strictEqual(Database.describeTarget({ _tag: "Embedded", dataDir: "./.data" }), "embedded database in ./.data")
  })

  it.effect("memory:// opens a throw-away PGlite; layerMigrated migrates it", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      assert.strictEqual(sql.driver, "pglite")
      const files = yield* loadMigrationFiles()
      assert.deepStrictEqual(yield* sql`SELECT count(*) AS n FROM schema_migrations`, [{ n: files.length }])
    }).pipe(
      Effect.provide(Layer.fresh(Database.layerMigrated({ url: Option.some(Redacted.make("memory://")), dataDir: "unused" })))
    ),
    { timeout: 60_000 })
})
