/**
 * A killed development server restarts at once on its embedded database (issue #11):
 * twenty times in a row the server is killed with SIGKILL right after a quotation is
 * committed and started again on the same DATA_DIR; every start succeeds, taking over the
 * dead holder's lock, and every quotation committed before is still there.
 *
 * Half of the kills leave the server a zombie during the restart, as where nothing reaps
 * killed processes (many containers): Node reaps its children from its event loop, so the
 * test holds its loop until the new server has taken the lock.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import * as Fs from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { readLockOwner } from "@quote/adapters/infra/database/embedded-lock"
import { readProcStat } from "@quote/adapters/infra/database/process-liveness"
import { baseEnvironment, collect, freePort, root, serverEntry } from "./support/server-process.ts"
import { checkedFetch } from "./support/contract-validation.ts"

const kills = 20
/** A phone of the seeded scenarios whose client orders on the "Always open" route. */
const scenarioPhone = "+573000000001"

interface RunningServer {
  readonly process: ChildProcess
  readonly pid: number
  readonly output: () => { readonly stdout: string; readonly stderr: string }
  readonly exited: Promise<unknown>
}

const startServer = (env: NodeJS.ProcessEnv): RunningServer => {
  const child = spawn(process.execPath, [serverEntry], { cwd: root, env })
  const output = collect(child)
  return { process: child, pid: child.pid!, output: output.output, exited: output.exited }
}

/** Sleeps without returning to the event loop, so no exited child is reaped meanwhile. */
const blockingSleep = (millis: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, millis)

/** Waits, holding the event loop, until `pid` holds the lock; returns the killed server's state then. */
const waitForLockHolding = (lockFile: string, pid: number, killed: number): string | undefined => {
  const until = Date.now() + 60_000
  while (readLockOwner(lockFile) !== pid) {
    const state = readProcStat(pid)?.state
    // Unreaped as well, an exited new server shows as a zombie.
    if (state === undefined || state === "Z") throw new Error(`the new server (pid ${pid}) exited before taking the lock`)
    if (Date.now() > until) throw new Error(`pid ${pid} did not take the lock within 60 s`)
    blockingSleep(10)
  }
  return readProcStat(killed)?.state
}

/** Polls `/api/health` until 200; fails with the server's output if it exits first. */
const waitUntilServing = (server: RunningServer, port: number) =>
  Effect.promise(async () => {
    let exited = false
    void server.exited.then(() => (exited = true))
    const until = Date.now() + 60_000
    while (Date.now() < until && !exited) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return undefined
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return `server pid ${server.pid} did not start: ${JSON.stringify(server.output())}`
  })

const api = (port: number, apiKey: string) => (method: string, path: string, body?: unknown) =>
  Effect.promise(async () => {
    const response = await checkedFetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { "content-type": "application/json", "idempotency-key": crypto.randomUUID() })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    const text = await response.text()
    return { status: response.status, text, body: text === "" ? undefined : JSON.parse(text) as unknown }
  })

interface Quotation {
  readonly id: string
  readonly code: string
  readonly total: number
}

// Only the embedded database has a data-directory lock and a process-local store, so this
// runs in the embedded pass of the suite (CI's PostgreSQL pass would only repeat it).
describe.runIf((process.env.TEST_DATABASE_URL?.trim() ?? "") === "")("a killed development server", () => {
  it.effect(`restarts at once on its embedded database, ${kills} times, keeping every committed quotation`, () =>
    Effect.gen(function*() {
      const dataDir = Fs.mkdtempSync(join(tmpdir(), "quote-kill-restart-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => Fs.rmSync(dataDir, { recursive: true, force: true })))
      const lockFile = join(dataDir, "pglite.lock")
      const port = yield* Effect.promise(freePort)
      const env = { ...baseEnvironment(), DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: "kill-restart-password" }

      let server = startServer(env)
      yield* Effect.addFinalizer(() =>
        Effect.promise(() => (server.process.kill("SIGKILL"), server.exited))
      )
      assert.isUndefined(yield* waitUntilServing(server, port))
      const apiKey = /Demo API key[^:]*: (\S+)/.exec(server.output().stdout)?.[1]
      assert.isDefined(apiKey, server.output().stdout)
      const call = api(port, apiKey!)

      const lookup = yield* call("GET", `/api/integrations/clients/lookup?phone=${encodeURIComponent(scenarioPhone)}`)
      assert.strictEqual(lookup.status, 200, lookup.text)
      const match = (lookup.body as { matches: Array<{ clientId: string; defaultBranchId: string }> }).matches[0]!
      const order = { clientId: match.clientId, branchId: match.defaultBranchId, items: [{ sku: "ABA-001", quantity: 2 }] }
      const createQuotation = Effect.gen(function*() {
        let created = yield* call("POST", "/api/integrations/quotations", order)
        if (created.status === 422 && created.text.includes("ROUTE_CLOSED")) {
          // The "Always open" route closes from 23:59 to midnight in Bogotá.
          yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 61_000)))
          created = yield* call("POST", "/api/integrations/quotations", order)
        }
        assert.strictEqual(created.status, 201, created.text)
        return created.body as Quotation
      })

      const committed: Array<Quotation> = []
      for (let kill = 1; kill <= kills; kill++) {
        committed.push(yield* createQuotation)
        const killed = server
        const leaveZombie = kill % 2 === 1
        killed.process.kill("SIGKILL")
        server = startServer(env)
        if (leaveZombie) {
          assert.strictEqual(
            waitForLockHolding(lockFile, server.pid, killed.pid),
            "Z",
            `the killed server (pid ${killed.pid}) was still unreaped when the new one took the lock`
          )
        }
        const failure = yield* waitUntilServing(server, port)
        assert.isUndefined(failure, `restart ${kill}: ${failure}`)
        const { stdout, stderr } = server.output()
        assert.include(
          stdout + stderr,
          `its previous holder (pid ${killed.pid}) ${leaveZombie ? "is a zombie" : "is not running"}`,
          `restart ${kill} says it took over the killed server's lock`
        )
        for (const quotation of committed) {
          const read = yield* call("GET", `/api/integrations/quotations/${quotation.id}`)
          assert.strictEqual(read.status, 200, `restart ${kill}: quotation ${quotation.code} lost: ${read.text}`)
          assert.deepInclude(read.body, { id: quotation.id, code: quotation.code, total: quotation.total })
        }
      }
    }), 300_000)
})
