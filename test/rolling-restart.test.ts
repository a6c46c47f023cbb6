/**
 * Rolling restarts behind a load balancer (issue #26, docs/operations.md "Rolling
 * restarts"): Debian's HAProxy in front of two server processes on one PostgreSQL
 * database, health-checking `/api/ready`. The chatbot's traffic runs continuously — look a
 * client up, its cutoff, its prices, create a quotation with an Idempotency-Key (retried
 * with the same key, as the chatbot does), read it back — while each instance is restarted
 * twice in turn (SIGTERM, wait for it to exit, start it again). Then: no request failed,
 * every created quotation exists exactly once, and every `quotation.created` reached the
 * local webhook receiver.
 *
 * Needs `haproxy` (`.ci/run` installs it) and PostgreSQL (two processes cannot share the
 * embedded database): skipped otherwise, saying why.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SqlClient } from "effect/sql"
import { TestDatabase } from "@quote/adapters/dev/test-database/test-database"
import { seedScenarios } from "@quote/adapters/dev/seed/scenarios"
import { scenarioPhones } from "@quote/adapters/dev/seed/scenario-data"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import { baseEnvironment, collect, freePort, isInstalled, root, serverEntry } from "./support/server-process.ts"

const onPostgres = (process.env.TEST_DATABASE_URL?.trim() ?? "") !== ""
const haproxyInstalled = isInstalled("haproxy", ["-v"])
const skipReason = !haproxyInstalled
  ? "haproxy is not installed (apt-get install haproxy; .ci/run does)"
  : !onPostgres
  ? "two server processes need PostgreSQL (TEST_DATABASE_URL); the embedded database belongs to one process"
  : undefined
if (skipReason !== undefined) console.log(`test/rolling-restart.test.ts skipped: ${skipReason}`)

const ADMIN_PASSWORD = "rolling-admin-password"
const TRAFFIC_WORKERS = 4

interface Instance {
  readonly name: string
  readonly port: number
  child: ChildProcess
  output: () => { stdout: string; stderr: string }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A server process as `npm start` runs it; resolves once it answers `/api/ready`. */
const startInstance = async (instance: Omit<Instance, "child" | "output">, databaseUrl: string, consoleDir: string) => {
  const env = {
    ...baseEnvironment(),
    APP_ENV: "test",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "rolling-restart-session-secret-of-sufficient-length",
    PORT: String(instance.port),
    CONSOLE_DIR: consoleDir,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    SHUTDOWN_DELAY_SECONDS: "3",
    SHUTDOWN_TIMEOUT_SECONDS: "10"
  }
  const child = spawn(process.execPath, [serverEntry], { cwd: root, env })
  const { output } = collect(child)
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    const ready = await fetch(`http://127.0.0.1:${instance.port}/api/ready`).then((r) => r.status === 200, () => false)
    if (ready) return { ...instance, child, output }
    await sleep(100)
  }
  throw new Error(`${instance.name} did not start: ${output().stderr}${output().stdout.slice(-2000)}`)
}

/** SIGTERM, and the exit it answers with. */
const stopInstance = (instance: Instance) =>
  new Promise<{ code: number | null; elapsedMs: number }>((resolve) => {
    const started = Date.now()
    instance.child.once("exit", (code) => resolve({ code, elapsedMs: Date.now() - started }))
    instance.child.kill("SIGTERM")
  })

const haproxyConfig = (port: number, backends: ReadonlyArray<Pick<Instance, "name" | "port">>) => `
global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout check 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
frontend chatbot
  bind 127.0.0.1:${port}
  default_backend service
backend service
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 250ms fall 2 rise 2
${backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`).join("\n")}
`

describe.skipIf(skipReason !== undefined)("rolling restarts behind HAProxy", () => {
  it.live("chatbot traffic while each instance restarts twice: 0 failed requests, each quotation once, every quotation.created delivered", () =>
    Effect.gen(function*() {
      const database = yield* TestDatabase
      const sql = yield* SqlClient.SqlClient
      yield* seedScenarios({ adminPassword: ADMIN_PASSWORD, userPassword: "rolling-user-password" }).pipe(Effect.orDie)
      const databaseUrl = Redacted.value(database.url.pipe((url) => url._tag === "Some" ? url.value : Redacted.make("")))
      const receiver = yield* startTestReceiver()
      const consoleDir = mkdtempSync(join(tmpdir(), "rolling-console-"))

      const result = yield* Effect.promise(async () => {
        const ports = [await freePort(), await freePort(), await freePort()]
        let instances: Array<Instance> = [
          await startInstance({ name: "a", port: ports[0]! }, databaseUrl, consoleDir),
          await startInstance({ name: "b", port: ports[1]! }, databaseUrl, consoleDir)
        ]
        const haproxyDir = mkdtempSync(join(tmpdir(), "rolling-haproxy-"))
        const config = join(haproxyDir, "haproxy.cfg")
        writeFileSync(config, haproxyConfig(ports[2]!, instances))
        const haproxy = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] })
        const haproxyOutput = collect(haproxy)
        const base = `http://127.0.0.1:${ports[2]}`
        try {
          for (const until = Date.now() + 20_000; Date.now() < until;) {
            if (await fetch(`${base}/api/ready`).then((r) => r.status === 200, () => false)) break
            await sleep(100)
          }
          const json = async (path: string, init: RequestInit = {}) => {
            const response = await fetch(`${base}${path}`, init)
            return { status: response.status, body: await response.json() as any }
          }
          const login = await json("/api/auth/login", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: "admin@example.com", password: ADMIN_PASSWORD })
          })
          const admin = { authorization: `Bearer ${login.body.accessToken}`, "content-type": "application/json" }
          const key = await json("/api/api-keys", {
            method: "POST",
            headers: admin,
            body: JSON.stringify({
              name: "chatbot",
              scopes: ["clients:read", "cutoff:read", "prices:read", "quotations:write"],
              rateLimitPerMinute: 1_000_000
            })
          })
          const hook = await json("/api/webhooks", {
            method: "POST",
            headers: admin,
            body: JSON.stringify({ name: "chatbot", url: `${receiver.url}/hooks`, events: ["quotation.created"] })
          })
          if (key.status !== 201 || hook.status !== 201) throw new Error(`setup failed: ${JSON.stringify([key, hook])}`)
          const bearer = { authorization: `Bearer ${key.body.apiKey}` }

          const failures: Array<string> = []
          const created = new Map<string, string>()
          let requests = 0
          let running = true
          /** One request as the chatbot sends it; a failure is recorded, and the chatbot's retry sends it again. */
          const call = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> => {
            for (let attempt = 1; ; attempt++) {
              requests++
              try {
                const response = await fetch(`${base}${path}`, { ...init, headers: { ...bearer, ...init.headers } })
                const text = await response.text()
                if (response.status < 500) return { status: response.status, body: JSON.parse(text) }
                failures.push(`${init.method ?? "GET"} ${path}: ${response.status} ${text.slice(0, 200)} at ${new Date().toISOString()}`)
              } catch (error) {
                failures.push(`${init.method ?? "GET"} ${path}: ${String(error)}`)
              }
              if (attempt >= 5 || !running) return { status: 599, body: {} }
              await sleep(200)
            }
          }
          const chatbot = async (worker: number) => {
            for (let round = 0; running; round++) {
              const lookup = await call(`/api/integrations/clients/lookup?phone=${encodeURIComponent(scenarioPhones.twoBranches)}`)
              const match = lookup.body.matches?.[0] ?? lookup.body.clients?.[0]
              const clientId: string = match?.clientId ?? match?.id
              const branchId: string = (match?.branches ?? [])[0]?.id ?? (match?.branches ?? [])[0]?.branchId
              await call(`/api/integrations/cutoff?clientId=${clientId}&branchId=${branchId}`)
              await call(`/api/integrations/clients/${clientId}/prices?skus=ABA-001`)
              const idempotencyKey = `rolling-${worker}-${round}-${crypto.randomUUID().slice(0, 8)}`
              const quotation = await call("/api/integrations/quotations", {
                method: "POST",
                headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
                body: JSON.stringify({ clientId, branchId, items: [{ sku: "ABA-001", quantity: 1 }] })
              })
              if (quotation.status !== 201 && quotation.status !== 200) {
                failures.push(`create: ${quotation.status} ${JSON.stringify(quotation.body)}`)
                continue
              }
              created.set(idempotencyKey, quotation.body.id)
              const read = await call(`/api/integrations/quotations/${quotation.body.id}`)
              if (read.status !== 200) failures.push(`read: ${read.status}`)
            }
          }
          const traffic = Array.from({ length: TRAFFIC_WORKERS }, (_, worker) => chatbot(worker))

          const restarts: Array<string> = []
          const socketlessWaitUp = async (instance: Instance) => {
            // Up in HAProxy: two passed checks (rise 2, every 250 ms) after it answers ready.
            for (const until = Date.now() + 30_000; Date.now() < until;) {
              if (await fetch(`http://127.0.0.1:${instance.port}/api/ready`).then((r) => r.status === 200, () => false)) break
              await sleep(100)
            }
            await sleep(1_500)
          }
          await sleep(3_000)
          for (const turn of [0, 1, 0, 1]) {
            const instance = instances[turn]!
            const stopped = await stopInstance(instance)
            restarts.push(`${instance.name}: exit ${stopped.code} after ${stopped.elapsedMs} ms at ${new Date().toISOString()}`)
            if (stopped.code !== 0) failures.push(`${instance.name} exited ${stopped.code}: ${instance.output().stderr}`)
            const restarted = await startInstance({ name: instance.name, port: instance.port }, databaseUrl, consoleDir)
            instances = instances.map((other, i) => (i === turn ? restarted : other))
            await socketlessWaitUp(restarted)
          }
          await sleep(2_000)
          running = false
          await Promise.all(traffic)
          if (failures.length > 0) {
            writeFileSync(join(haproxyDir, "failures.txt"), [...failures, ...restarts, haproxyOutput.output().stdout, haproxyOutput.output().stderr].join("\n"))
            console.log(`rolling restart failures in ${join(haproxyDir, "failures.txt")}`)
          }
          return { failures, created, requests, restarts, haproxy: haproxyOutput.output() }
        } finally {
          haproxy.kill("SIGTERM")
          await Promise.all(instances.map((instance) => instance.child.exitCode === null ? stopInstance(instance) : undefined))
        }
      })

      assert.deepStrictEqual(result.failures, [], `restarts: ${result.restarts.join("; ")}`)
      assert.isAbove(result.created.size, 20, `quotations created while restarting (${result.requests} requests)`)
      // Each Idempotency-Key made exactly one quotation, and nothing else was created.
      const ids = [...result.created.values()]
      const rows = yield* sql<{ key: string; quotations: number }>`
        select r.key, count(q.id)::int as quotations
          from idempotency_records r left join quotations q on q.id = r.quotation_id
         where r.key like 'rolling-%' group by r.key`.pipe(Effect.orDie)
      assert.strictEqual(rows.length, result.created.size)
      assert.isTrue(rows.every((row) => row.quotations === 1), JSON.stringify(rows.filter((row) => row.quotations !== 1)))
      const [stored] = yield* sql<{ count: number }>`select count(*)::int as count from quotations where id = any(${ids}::uuid[])`.pipe(Effect.orDie)
      assert.strictEqual(stored!.count, new Set(ids).size)
      // Every quotation.created reached the receiver (at least once).
      const isCreated = (request: { readonly headers: Readonly<Record<string, string>> }) =>
        request.headers["x-service-event"] === "quotation.created"
      const missing = () =>
        ids.filter((id) => !receiver.received.some((request) => isCreated(request) && request.rawBody.includes(id)))
      for (let waited = 0; missing().length > 0 && waited < 30_000; waited += 250) yield* Effect.sleep("250 millis")
      assert.deepStrictEqual(missing(), [], "every quotation.created delivered")
    }).pipe(Effect.scoped, Effect.provide(Layer.fresh(TestDatabase.layer))), 170_000)
})
