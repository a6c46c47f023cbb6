/**
 * `@quote/core` and `@quote/api` as a consumer gets them (`npx node scripts/consumer-check.ts`,
 * run by CI): build, `npm pack` both, install the tarballs in a new project outside the
 * workspace (their dependencies, `effect` included, come from the registry), then with
 * plain `node` — the pinned Node 24 and the machine's own Node — check that
 *
 * - no published file is TypeScript source (only `.d.ts`);
 * - the published `.d.ts` type-check a consumer's use (answers typed, not `any`);
 * - `cutoffPreview` equals the CLI's `cutoff preview --json` for a set of calendars and instants;
 * - the promise client and an Effect client (`HttpApiClient.make(QuotationApi)`) talk to
 *   a started server: lookup, cutoff, `INVALID_PHONE` as an `ApiError`, and a creation
 *   whose first answer a proxy drops, retried into exactly one quotation;
 * - a client no one here wrote (issue #25): `openapi-typescript` generates types from the
 *   server's `/api/openapi.json`, and a program using them with `openapi-fetch` (from the
 *   registry, the workspace's version) compiles under `tsc --strict` without a cast and
 *   does the chatbot's flow against the server: lookup, cutoff, prices, a creation with
 *   an Idempotency-Key (retried: replayed), the quotation read back, a typed
 *   `INVALID_PHONE`. Its source, `consumer-check/generated-client-flow.ts`, imports files
 *   only the consumer project has, so the workspace's tsconfig excludes it.
 *
 * The server is the workspace's, in `development` on a throw-away embedded database, on
 * the real clock: the seeded always-open route is closed only 23:59–00:00 (and Saturday
 * 00:00–00:01) Bogotá time, when the creation check would fail. `--keep` keeps the
 * temporary project. A `dist/` the build creates is removed again.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { fileURLToPath } from "node:url"
import { isDeepStrictEqual } from "node:util"
import { startDroppingProxy } from "./consumer-check/dropping-proxy.ts"
import { generateOpenApiTypes } from "./openapi-typescript.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const fixtures = join(root, "scripts/consumer-check")
const published = ["core", "api"] as const
const keep = process.argv.includes("--keep")

/** Children run as a consumer's would: no `quote-source` condition inherited from the workspace. */
const consumerEnv = (): NodeJS.ProcessEnv => {
  const { NODE_OPTIONS: _options, ...env } = process.env
  return env
}

const failures: Array<string> = []
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`)
  if (!ok) failures.push(what)
}

const run = (command: string, args: ReadonlyArray<string>, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) => {
  const result: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    env: options.env ?? consumerEnv(),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024
  })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.status}\n${result.stdout}\n${result.stderr}`)
  }
  return result.stdout
}

const runAsync = (command: string, args: ReadonlyArray<string>, options: { cwd: string; env: NodeJS.ProcessEnv }) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += String(chunk)))
    child.stderr.on("data", (chunk) => (stderr += String(chunk)))
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000)
    child.on("exit", (status) => {
      clearTimeout(timer)
      resolve({ status, stdout, stderr })
    })
  })

/** The machine's own `node` (PATH without the workspace's pinned one), and the pinned one. */
const nodes = (): ReadonlyArray<{ readonly label: string; readonly command: string; readonly env: NodeJS.ProcessEnv }> => {
  const path = (process.env.PATH ?? "").split(delimiter).filter((entry) => !entry.includes("node_modules")).join(delimiter)
  const machineEnv = { ...consumerEnv(), PATH: path }
  const machineVersion = run("/usr/bin/env", ["node", "--version"], { env: machineEnv }).trim()
  return [
    { label: `pinned Node ${process.version}`, command: process.execPath, env: consumerEnv() },
    { label: `machine Node ${machineVersion}`, command: "/usr/bin/env", env: machineEnv }
  ]
}

const nodeArgs = (node: { readonly command: string }, args: ReadonlyArray<string>) =>
  node.command === "/usr/bin/env" ? ["node", ...args] : [...args]

// ---------------------------------------------------------------------------------------
// Build and pack

const allPackages = ["core", "api", "adapters", "http", "cli"]
const hadAnyDist = new Map(allPackages.map((name) => [name, existsSync(join(root, "packages", name, "dist"))]))
const work = mkdtempSync(join(tmpdir(), "quote-consumer-"))
const project = join(work, "project")

const buildAndPack = () => {
  console.log("== npm run build")
  run("npm", ["run", "build"], { env: process.env })
  console.log(`== npm pack (into ${work})`)
  const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work, ...published.flatMap((name) => ["-w", `packages/${name}`])])) as
    Array<{ name: string; filename: string; files: Array<{ path: string }> }>
  for (const tarball of packed) {
    const paths = tarball.files.map((file) => file.path)
    const sources = paths.filter((path) => /\.(c|m)?tsx?$/.test(path) && !/\.d\.(c|m)?ts$/.test(path))
    check(sources.length === 0, `${tarball.name}: no TypeScript source published (${paths.length} files)${sources.length ? `: ${sources.slice(0, 5).join(", ")}` : ""}`)
    check(paths.includes("README.md") && paths.includes("dist/index.js"), `${tarball.name}: README.md and dist/index.js published`)
  }
  return packed.map((tarball) => join(work, tarball.filename))
}

const installConsumer = (tarballs: ReadonlyArray<string>) => {
  console.log(`== consumer project ${project}`)
  run("mkdir", ["-p", project])
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "quote-consumer", private: true, type: "module" }, null, 2))
  const versionOf = (name: string) =>
    (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version
  run("npm", ["install", "--no-audit", "--no-fund", ...tarballs, `effect@${versionOf("effect")}`, `openapi-fetch@${versionOf("openapi-fetch")}`], { cwd: project })
  for (const file of ["preview-check.mjs", "client-check.mjs", "typed-usage.ts", "generated-client-flow.ts"]) copyFileSync(join(fixtures, file), join(project, file))
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      target: "es2022",
      lib: ["es2022", "dom"],
      module: "nodenext",
      moduleResolution: "nodenext",
      strict: true,
      noEmit: true,
      skipLibCheck: true
    },
    files: ["typed-usage.ts"]
  }, null, 2))
}

// ---------------------------------------------------------------------------------------
// The checks

const typeCheck = () => {
  const result = spawnSync(join(root, "node_modules/.bin/tsc"), ["-p", project], { encoding: "utf8", env: consumerEnv() })
  check(result.status === 0, `a consumer's TypeScript use type-checks against the published .d.ts${result.status === 0 ? "" : `\n${result.stdout}${result.stderr}`}`)
}

const previewCases = () => {
  const calendars = [
    { days: "1,4", frequency: "weekly", cutoffDaysBefore: 1, cutoffTime: "17:00" },
    { days: "1,2,3,4,5,6", frequency: "weekly", cutoffDaysBefore: 0, cutoffTime: "23:59" },
    { days: "3", frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 2, cutoffTime: "17:00" },
    { days: "7", frequency: "weekly", cutoffDaysBefore: 6, cutoffTime: "08:30" }
  ]
  const instants = ["2026-11-23T16:59:00-05:00", "2026-11-25T17:00:00-05:00", "2026-12-31T23:59:30-05:00", "2026-11-28T00:00:30"]
  return calendars.flatMap((calendar) => instants.map((at) => ({ calendar, at })))
}

const previewEqualsCli = () => {
  const cases = previewCases()
  const cliOutputs = cases.map(({ calendar, at }) =>
    JSON.parse(run(process.execPath, [
      "--conditions=quote-source", join(root, "packages/cli/src/main.ts"), "cutoff", "preview",
      "--days", calendar.days, "--frequency", calendar.frequency,
      ...(calendar.anchorDate === undefined ? [] : ["--anchor-date", calendar.anchorDate]),
      "--cutoff-days-before", String(calendar.cutoffDaysBefore), "--cutoff-time", calendar.cutoffTime,
      "--at", at, "--json"
    ])) as unknown
  )
  const previewInput = cases.map(({ calendar, at }) => ({
    schedule: {
      operationDays: calendar.days.split(",").map(Number),
      frequency: calendar.frequency,
      ...(calendar.anchorDate === undefined ? {} : { anchorDate: calendar.anchorDate }),
      cutoffDaysBefore: calendar.cutoffDaysBefore,
      cutoffTime: calendar.cutoffTime
    },
    at
  }))
  writeFileSync(join(project, "preview-cases.json"), JSON.stringify(previewInput))
  for (const node of nodes()) {
    const previews = JSON.parse(run(node.command, nodeArgs(node, ["preview-check.mjs", "preview-cases.json"]), { cwd: project, env: node.env })) as Array<unknown>
    const differing = cases.filter((_, i) => !isDeepStrictEqual(previews[i], cliOutputs[i]))
    check(differing.length === 0, `${node.label}: cutoffPreview equals \`cli cutoff preview --json\` in ${cases.length} cases${differing.length ? ` (differs: ${JSON.stringify(differing[0])})` : ""}`)
  }
}

const serverEnv = (dataDir: string, port: number): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...consumerEnv(), APP_ENV: "development", DATA_DIR: dataDir, PORT: String(port) }
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "SESSION_SECRET", "ADMIN_PASSWORD"]) delete env[name]
  return env
}

/** The workspace's server in development on a fresh embedded database; resolves with its URL and demo key. */
const startServer = async () => {
  const dataDir = join(work, "data")
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const child = spawn(process.execPath, ["--conditions=quote-source", join(root, "packages/http/src/main.ts")], {
    cwd: work,
    env: serverEnv(dataDir, port),
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  child.stdout.on("data", (chunk) => (output += String(chunk)))
  child.stderr.on("data", (chunk) => (output += String(chunk)))
  const until = Date.now() + 120_000
  while (Date.now() < until) {
    const apiKey = /Demo API key[^:]*: (svc_\S+)/.exec(output)?.[1]
    if (apiKey !== undefined) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)
      if (healthy) {
        const exited = new Promise((resolve) => child.on("exit", resolve))
        return { url: `http://127.0.0.1:${port}`, apiKey, stop: () => (child.kill("SIGTERM"), exited) }
      }
    }
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill("SIGKILL")
  throw new Error(`the server did not start:\n${output}`)
}

const clientTalksToServer = async () => {
  console.log("== starting the server (development, embedded database)")
  const server = await startServer()
  const proxy = await startDroppingProxy(new URL(server.url))
  try {
    for (const node of nodes()) {
      const creations = proxy.armDrop()
      // Asynchronously: the proxy answers from this process's event loop meanwhile.
      const result = await runAsync(node.command, nodeArgs(node, ["client-check.mjs", proxy.url, server.apiKey, "+573000000001"]), {
        cwd: project,
        env: node.env
      })
      if (result.status !== 0) {
        check(false, `${node.label}: the client checks ran\n${result.stdout}${result.stderr}`)
        continue
      }
      const outcome = JSON.parse(result.stdout) as {
        matchCount: number
        cutoff: { branchId: string; isOpen: boolean }
        invalidPhone: { isApiError: boolean; status: number; code: string } | null
        created: { id: string; replayed: boolean; createdAtIsDate: boolean }
        effectCutoff: { branchId: string; isOpen: boolean }
      }
      check(outcome.matchCount === 1 && outcome.cutoff.isOpen, `${node.label}: lookup finds the client, cutoff answers (open)`)
      check(isDeepStrictEqual(outcome.invalidPhone, { isApiError: true, status: 400, code: "INVALID_PHONE" }), `${node.label}: INVALID_PHONE surfaces as ApiError (400)`)
      const [first, retry] = creations
      check(
        creations.length === 2 && first?.dropped === true && first.status === 201 && retry?.dropped === false &&
          retry.status === 200 && retry.body.replayed === true && first.body.id === outcome.created.id &&
          retry.body.id === outcome.created.id && outcome.created.replayed && outcome.created.createdAtIsDate,
        `${node.label}: a creation whose answer was dropped is retried with its key into exactly one quotation (${JSON.stringify(creations.map((c) => [c.status, c.dropped, c.body.id]))})`
      )
      check(isDeepStrictEqual(outcome.effectCutoff, outcome.cutoff), `${node.label}: HttpApiClient.make(QuotationApi) answers the same cutoff`)
    }
    await generatedClientTalksToServer(server)
  } finally {
    await proxy.close()
    await server.stop()
  }
}

/** Types generated from the served document, a strict compile, and the chatbot's flow through openapi-fetch. */
const generatedClientTalksToServer = async (server: { readonly url: string; readonly apiKey: string }) => {
  console.log("== openapi-typescript + openapi-fetch")
  const phaseStarted = Date.now()
  const document = await fetch(`${server.url}/api/openapi.json`)
  writeFileSync(join(project, "openapi.json"), await document.text())
  generateOpenApiTypes(join(project, "openapi.json"), join(project, "api-types.d.ts"))
  writeFileSync(join(project, "flow-input.json"), JSON.stringify({ baseUrl: server.url, apiKey: server.apiKey, phone: "+573000000001", sku: "ABA-001" }))
  writeFileSync(join(project, "tsconfig.generated-client.json"), JSON.stringify({
    compilerOptions: {
      target: "es2022",
      lib: ["es2022", "dom"],
      module: "nodenext",
      moduleResolution: "nodenext",
      resolveJsonModule: true,
      strict: true,
      noEmit: true,
      // The generated .d.ts is checked too, not only its use.
      skipLibCheck: false
    },
    files: ["generated-client-flow.ts"]
  }, null, 2))
  const compiled = spawnSync(join(root, "node_modules/.bin/tsc"), ["-p", join(project, "tsconfig.generated-client.json")], { encoding: "utf8", env: consumerEnv() })
  check(compiled.status === 0, `the openapi-typescript types and their openapi-fetch use compile under --strict${compiled.status === 0 ? "" : `\n${compiled.stdout}${compiled.stderr}`}`)
  // Node 24 runs the TypeScript program itself (types stripped); the machine's Node cannot.
  const result = await runAsync(process.execPath, ["generated-client-flow.ts"], { cwd: project, env: consumerEnv() })
  if (result.status !== 0) return check(false, `the openapi-fetch flow ran\n${result.stdout}${result.stderr}`)
  const outcome = JSON.parse(result.stdout) as {
    matchCount: number
    isOpen: boolean
    sku: string
    created: { status: number; id: string; lines: number }
    replay: { status: number; id: string; replayed: boolean }
    readBack: { id: string; sameTotal: boolean }
    invalidPhone: { status: number; code: string; hasMessage: boolean }
  }
  check(outcome.matchCount === 1 && outcome.isOpen && outcome.sku === "ABA-001", `openapi-fetch: lookup, cutoff (open) and prices answer (${JSON.stringify(outcome)})`)
  check(
    outcome.created.status === 201 && outcome.created.lines === 1 && outcome.replay.status === 200 && outcome.replay.replayed &&
      outcome.replay.id === outcome.created.id && outcome.readBack.id === outcome.created.id && outcome.readBack.sameTotal,
    `openapi-fetch: a creation with an Idempotency-Key, replayed on retry and read back (${JSON.stringify([outcome.created, outcome.replay, outcome.readBack])})`
  )
  check(isDeepStrictEqual(outcome.invalidPhone, { status: 400, code: "INVALID_PHONE", hasMessage: true }), `openapi-fetch: INVALID_PHONE typed by the generated error union (${JSON.stringify(outcome.invalidPhone)})`)
  console.log(`   (generated client: ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s)`)
}

// ---------------------------------------------------------------------------------------

const started = Date.now()
try {
  const tarballs = buildAndPack()
  installConsumer(tarballs)
  typeCheck()
  previewEqualsCli()
  await clientTalksToServer()
} catch (error) {
  failures.push(String(error instanceof Error ? error.message : error))
  console.error(error)
} finally {
  for (const [name, had] of hadAnyDist) if (!had) rmSync(join(root, "packages", name, "dist"), { recursive: true, force: true })
  if (!keep) rmSync(work, { recursive: true, force: true })
}
console.log(`== consumer check: ${failures.length === 0 ? "passed" : `${failures.length} failed`} in ${Math.round((Date.now() - started) / 1000)} s`)
process.exitCode = failures.length === 0 ? 0 : 1
