/**
 * Integration endpoints under load, against the raw `node:http` baseline of
 * `http-baseline.ts`, all in this process and this run:
 *
 * - `GET /api/integrations/cutoff` with API key authentication: ≥ 25 % of the
 *   hello-world throughput;
 * - `POST /api/integrations/quotations` with 10 items and a new `Idempotency-Key` on
 *   every request (each one creates a quotation): ≥ 8 %.
 *
 * The real server runs on PostgreSQL (a fresh database cloned from the migrated
 * template on `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else
 * `postgres://postgres@127.0.0.1:5432/postgres`; dropped afterwards), with the test
 * scenarios seeded and an API key created through `POST /api/api-keys`. The per-request
 * log line is switched off (level Warn) so the figure is the request pipeline's, not the
 * terminal's. The baseline is measured before and after the endpoints and averaged;
 * `GET /api/health` is measured too, as a figure: the share the HTTP stack alone leaves.
 * "Always open" closes 23:59–00:00 Bogotá: creates fail (and the bench with them) then.
 *
 * `npx node bench/integration-endpoints.ts` prints the figures; `npm run bench` runs it
 * with the others.
 */
import { Config, Context, Effect, Layer, Option, Redacted, References } from "effect"
import { HttpServer } from "effect/http"
import { fileURLToPath } from "node:url"
import { AppConfig } from "../packages/adapters/src/config/app-config.ts"
import * as Postgres from "../packages/adapters/src/database/postgres.ts"
import { seedScenarios } from "../packages/adapters/src/seed/scenarios.ts"
import { postgresTestDatabase } from "../packages/adapters/src/testing/database-templates.ts"
import { serveOn } from "../packages/http/src/server.ts"
import { load, type LoadResult, startHelloServer } from "./http-baseline.ts"
import type { BenchResult } from "./run.ts"

const WARMUP_SECONDS = 2
const RUN_SECONDS = 6
const CUTOFF_TARGET = 0.25
const CREATE_TARGET = 0.08
const ADMIN_PASSWORD = "bench-admin-password"

const databaseUrl = Config.String("BENCH_DATABASE_URL").pipe(
  Config.orElse(() => Config.String("TEST_DATABASE_URL")),
  Config.withDefault("postgres://postgres@127.0.0.1:5432/postgres")
)

const postJson = async (url: string, body: unknown, token?: string): Promise<Record<string, unknown>> => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body)
  })
  const parsed = await response.json() as Record<string, unknown>
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(parsed)}`)
  return parsed
}

const getJson = async (url: string, token: string): Promise<Record<string, unknown>> => {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  const parsed = await response.json() as Record<string, unknown>
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(parsed)}`)
  return parsed
}

/** The seeded first test client and ten of its products, found through the API itself. */
const prepare = async (base: string) => {
  const login = await postJson(`${base}/api/auth/login`, { email: "admin@example.com", password: ADMIN_PASSWORD })
  const key = await postJson(`${base}/api/api-keys`, {
    name: "bench",
    scopes: ["clients:read", "cutoff:read", "prices:read", "quotations:write"]
  }, String(login.accessToken))
  const apiKey = String(key.apiKey)
  const lookup = await getJson(`${base}/api/integrations/clients/lookup?phone=%2B573000000001`, apiKey)
  const match = (lookup.matches as Array<{ clientId: string; defaultBranchId: string }>)[0]!
  const prices = await getJson(`${base}/api/integrations/clients/${match.clientId}/prices?search=-0&limit=10`, apiKey)
  const skus = (prices.items as Array<{ sku: string }>).map((item) => item.sku)
  if (skus.length !== 10) throw new Error(`expected 10 products, got ${skus.length}`)
  return {
    apiKey,
    cutoffPath: `/api/integrations/cutoff?clientId=${match.clientId}`,
    quotationBody: JSON.stringify({
      clientId: match.clientId,
      branchId: match.defaultBranchId,
      items: skus.map((sku, i) => ({ sku, quantity: i + 1 })),
      notes: "Pedido de prueba de carga"
    })
  }
}

const measure = async (options: Parameters<typeof load>[0]): Promise<LoadResult> => {
  await load({ ...options, duration: WARMUP_SECONDS })
  return load({ ...options, duration: RUN_SECONDS })
}

const figures = (result: LoadResult) => ({
  "req/s": Math.round(result.requestsPerSec),
  "p50 ms": result.p50Ms,
  "p99 ms": result.p99Ms,
  failures: result.failures
})

export const runIntegrationEndpointsBench = async (): Promise<Array<BenchResult>> => {
  const hello = await startHelloServer()
  try {
    const program = Effect.gen(function*() {
      const database = yield* postgresTestDatabase(Redacted.make(yield* databaseUrl))
      const context = yield* Layer.build(
        serveOn(0).pipe(
          Layer.provideMerge(AppConfig.layerTest({ adminPassword: Option.some(Redacted.make(ADMIN_PASSWORD)) })),
          Layer.provideMerge(Postgres.layer({ url: database.url, applicationName: "quote-bench" }))
        )
      )
      yield* seedScenarios({ adminPassword: ADMIN_PASSWORD }).pipe(Effect.provideContext(context))
      const address = Context.get(context, HttpServer.HttpServer).address
      if (address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected a TCP server"))
      const base = `http://127.0.0.1:${address.port}`
      return yield* Effect.promise(async () => {
        const setup = await prepare(base)
        const auth = { authorization: `Bearer ${setup.apiKey}` }
        const helloBefore = await measure({ url: hello.url })
        // Informational: the same server's cheapest endpoint (no key, no database).
        const health = await measure({ url: `${base}/api/health` })
        const cutoff = await measure({ url: `${base}${setup.cutoffPath}`, headers: auth })
        const create = await measure({
          url: `${base}/api/integrations/quotations`,
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: setup.quotationBody,
          requests: [{ setupRequest: fileURLToPath(new URL("./idempotency-key-request.cjs", import.meta.url)) }]
        })
        const helloAfter = await measure({ url: hello.url })
        return { helloBefore, helloAfter, health, cutoff, create }
      })
    }).pipe(
      Effect.scoped,
      // The per-request log line would measure the terminal, not the server.
      Effect.provideService(References.MinimumLogLevel, "Warn")
    )
    const { create, cutoff, health, helloAfter, helloBefore } = await Effect.runPromise(program)
    const baseline = (helloBefore.requestsPerSec + helloAfter.requestsPerSec) / 2
    const result = (name: string, measured: LoadResult, target: number): BenchResult => {
      const ratio = measured.requestsPerSec / baseline
      return {
        name,
        ratio,
        targetText: `≥ ${target} of hello-world req/s`,
        pass: ratio >= target && measured.failures === 0,
        figures: {
          ...figures(measured),
          "hello-world req/s (baseline, mean of before/after)": Math.round(baseline),
          "hello-world req/s before / after": `${Math.round(helloBefore.requestsPerSec)} / ${
            Math.round(helloAfter.requestsPerSec)
          }`,
          "GET /api/health req/s (same server, no key, no database)": `${Math.round(health.requestsPerSec)} (ratio ${
            (health.requestsPerSec / baseline).toFixed(3)
          })`
        }
      }
    }
    return [
      result("GET /api/integrations/cutoff (API key)", cutoff, CUTOFF_TARGET),
      result("POST /api/integrations/quotations (10 items, new Idempotency-Key each)", create, CREATE_TARGET)
    ]
  } finally {
    await hello.close()
  }
}

if (import.meta.main) {
  for (const result of await runIntegrationEndpointsBench()) {
    console.log(`\n${result.name}`)
    for (const [label, value] of Object.entries(result.figures ?? {})) console.log(`  ${label}: ${value}`)
    console.log(`  ratio: ${result.ratio.toFixed(3)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
  }
}
