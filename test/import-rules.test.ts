/**
 * The import rules between the kinds of code (docs/architecture.md "Import rules"):
 * - `adapters/src/infra` (adapters of the hexagon) never imports `adapters/src/app`;
 * - `adapters/src/app` (use cases) reaches `infra` only through the SQL client
 *   (`infra/database`); every other adapter is reached through a port declared in core;
 * - of packages, `adapters/src/app` imports only `effect` and `@quote/core` (and the
 *   commented `APP_PACKAGE_EXCEPTIONS`): no `node:` module for I/O, no adapter package
 *   (bcrypt, jose, pg, …), no other workspace package;
 * - `adapters/src/live` (use cases wired to their adapters) is imported only by the
 *   composition: the server (`packages/http`), the CLI (`packages/cli`), `live` itself,
 *   and tests and benchmarks (outside `packages/*\/src`);
 * - `adapters/src/dev` (seed, fake Siigo, test databases) is imported only by tests,
 *   benchmarks, the CLI's seed command and the development first start of the server;
 * - `@quote/core` imports no other package of the workspace (its purity test says more);
 * - the web console (`packages/web`) is a consumer of the public contract: of the workspace
 *   it imports only `@quote/core/preview` (its API client is generated from the OpenAPI
 *   document, not imported from `@quote/api`).
 */
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { importsOf, sourceFiles, specifiersIn } from "./support/import-scanner.ts"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const PACKAGES = join(ROOT, "packages")

/**
 * Where a specifier leads: for a relative or workspace one, the file it names (relative
 * to the repository); for a package, the specifier itself (`bcrypt`, `node:fs`).
 */
const resolveSpecifier = (from: string, specifier: string): string => {
  if (specifier.startsWith(".")) return relative(ROOT, resolve(dirname(from), specifier))
  const match = /^@quote\/([a-z-]+)(?:\/(.*))?$/.exec(specifier)
  if (match === null) return specifier
  const [, pkg, sub] = match
  return `packages/${pkg}/src/${sub === undefined ? "index" : sub}.ts`
}

interface Rule {
  readonly name: string
  /** Files (relative to the repository) the rule applies to. */
  readonly appliesTo: (file: string) => boolean
  /** Why `target` (a resolved path, or a package's specifier) may not be imported, or undefined when it may. */
  readonly forbids: (target: string) => string | undefined
}

/**
 * Effect's index modules: importing one loads (and keeps in memory) every module it
 * re-exports, 324 of the library's modules for `"effect"` where the service uses 246
 * (docs/architecture.md "Import rules"). Tests and benchmarks may use them.
 */
const EFFECT_BARRELS: ReadonlySet<string> = new Set(
  Object.keys(
    (JSON.parse(readFileSync(join(ROOT, "node_modules/effect/package.json"), "utf8")) as { exports: object }).exports
  ).filter((entry) => !entry.includes("*") && entry !== "./package.json" && entry !== "./index")
    .map((entry) => entry === "." ? "effect" : `effect/${entry.slice(2)}`)
)

const APP = "packages/adapters/src/app/"
const INFRA = "packages/adapters/src/infra/"
const DEV = "packages/adapters/src/dev/"
const WEB = "packages/web/"
const LIVE = "packages/adapters/src/live/"

/**
 * The packages app may import besides `effect` and `@quote/core`, each with its reason.
 * Every entry must still be imported by some app module, so the list only shrinks.
 */
const APP_PACKAGE_EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  // Hashes (request fingerprints, refresh and API key digests) and random ids are
  // computation, not I/O; core may import it for the same reason (its purity test).
  ["node:crypto", "hashing and randomness"]
])

/** The production modules that compose use cases with their adapters, and so may import `live`. */
const LIVE_IMPORTERS: ReadonlyArray<string> = ["packages/http/src/", "packages/cli/src/", LIVE]

/** The modules outside tests that may load development tooling, and why. */
const DEV_IMPORTERS: ReadonlyArray<string> = [
  "packages/cli/src/commands/seed.ts", // `cli seed --scenarios`
  "packages/http/src/development-first-start.ts" // loads the scenarios on an empty development database
]

const RULES: ReadonlyArray<Rule> = [
  {
    name: "infra never imports app",
    appliesTo: (file) => file.startsWith(INFRA),
    forbids: (target) => target.startsWith(APP) ? "an adapter depends on a use case" : undefined
  },
  {
    name: "app reaches infra only through the SQL client",
    appliesTo: (file) => file.startsWith(APP),
    forbids: (target) =>
      target.startsWith(INFRA) && !target.startsWith(`${INFRA}database/`)
        ? "use the port declared in core instead"
        : undefined
  },
  {
    name: "app imports of packages only effect and @quote/core",
    appliesTo: (file) => file.startsWith(APP),
    forbids: (target) => {
      if (target.startsWith("packages/")) {
        return target.startsWith("packages/core/") || target.startsWith("packages/adapters/")
          ? undefined
          : "a use case knows no other package of the workspace"
      }
      if (target === "effect" || target.startsWith("effect/") || APP_PACKAGE_EXCEPTIONS.has(target)) return undefined
      return "an outside module: declare a port in core, implement it in infra, wire it in live"
    }
  },
  {
    name: "only the composition (http, cli, tests, benchmarks) imports live",
    appliesTo: (file) => /^packages\/[a-z-]+\/src\//.test(file) && !LIVE_IMPORTERS.some((dir) => file.startsWith(dir)),
    forbids: (target) => target.startsWith(LIVE) ? "wiring use cases to adapters is the composition's job" : undefined
  },
  {
    name: "only tests, benchmarks and the seed command import dev",
    appliesTo: (file) => file.startsWith("packages/") && file.includes("/src/") && !file.startsWith(DEV) &&
      !DEV_IMPORTERS.includes(file),
    forbids: (target) => target.startsWith(DEV) ? "development tooling in a production module" : undefined
  },
  {
    name: "production modules import effect's modules, not its barrels",
    appliesTo: (file) => /^packages\/[a-z-]+\/src\//.test(file) && !file.startsWith(WEB),
    forbids: (target) => EFFECT_BARRELS.has(target)
      ? "a barrel loads every module it names (the service holds them all in memory): import the one module, \"effect/Effect\""
      : undefined
  },
  {
    name: "core imports no other workspace package",
    appliesTo: (file) => file.startsWith("packages/core/src/"),
    forbids: (target) => target.startsWith("packages/") && !target.startsWith("packages/core/")
      ? "core is the center of the hexagon"
      : undefined
  },
  {
    name: "the console imports of the workspace only @quote/core/preview",
    appliesTo: (file) => file.startsWith(WEB),
    forbids: (target) =>
      target.startsWith("packages/") && !target.startsWith(WEB) && target !== "packages/core/src/preview.ts"
        ? "the console speaks to the service through its OpenAPI contract"
        : undefined
  }
]

const violationsOf = (file: string, specifiers: ReadonlyArray<string>): Array<string> =>
  RULES.filter((rule) => rule.appliesTo(file)).flatMap((rule) =>
    specifiers.flatMap((specifier) => {
      const target = resolveSpecifier(join(ROOT, file), specifier)
      const why = rule.forbids(target)
      return why === undefined ? [] : [`${file} imports "${specifier}": ${rule.name} (${why})`]
    })
  )

describe("import rules between app, infra, dev and core", () => {
  const files = sourceFiles(PACKAGES).filter((path) => !path.includes("node_modules") && !path.includes("/dist/"))
    .map((path) => relative(ROOT, path))

  it("the exceptions name files that exist and packages still imported", () => {
    for (const file of DEV_IMPORTERS) assert.isTrue(existsSync(join(ROOT, file)), file)
    const appImports = new Set(files.filter((file) => file.startsWith(APP)).flatMap((file) => importsOf(join(ROOT, file))))
    for (const specifier of APP_PACKAGE_EXCEPTIONS.keys()) assert.isTrue(appImports.has(specifier), specifier)
  })

  it("every source file keeps them", () => {
    assert.isAbove(files.length, 100)
    const violations = files.flatMap((file) => violationsOf(file, importsOf(join(ROOT, file))))
    assert.deepStrictEqual(violations, [])
  })

  it("the rules catch each kind of violation", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      [`${INFRA}siigo/x.ts`, 'import { Users } from "../../app/users/users.ts"'],
      [`${APP}erp/x.ts`, 'import { SiigoGateway } from "../../infra/siigo/siigo-gateway.ts"'],
      [`${APP}erp/x.ts`, 'import { AppConfig } from "@quote/adapters/infra/config/app-config"'],
      ["packages/http/src/server.ts", 'import { seedScenarios } from "@quote/adapters/dev/seed/scenarios"'],
      ["packages/core/src/x.ts", 'import { Users } from "@quote/adapters/app/users/users"'],
      ["packages/web/src/x.tsx", 'import { QuotationApi } from "@quote/api/api"'],
      ["packages/web/src/x.tsx", 'import { priceProduct } from "@quote/core/pricing/pricing"'],
      [`${APP}auth/x.ts`, 'import bcrypt from "bcrypt"'],
      [`${APP}auth/x.ts`, 'import { SignJWT } from "jose"'],
      [`${APP}import/x.ts`, 'import { readFile } from "node:fs/promises"'],
      [`${APP}webhooks/x.ts`, 'import { hostname } from "node:os"'],
      [`${APP}x.ts`, 'const pg = await import("@effect/sql-pg")'],
      [`${APP}x.ts`, 'import { QuotationApi } from "@quote/api/api"'],
      [`${APP}erp/x.ts`, 'import { ErpServices } from "../../live/erp-live.ts"'],
      [`${INFRA}siigo/x.ts`, 'import { WebhooksLive } from "../../live/webhooks-live.ts"'],
      ["packages/api/src/x.ts", 'import { ErpServicesLive } from "@quote/adapters/live/erp-live"'],
      ["packages/core/src/x.ts", 'import { Effect } from "effect"'],
      ["packages/http/src/x.ts", 'const { OtlpTracer } = await import("effect/observability")'],
      [`${APP}x.ts`, 'import type { SqlClient } from "effect/sql"']
    ]
    for (const [file, line] of cases) assert.lengthOf(violationsOf(file, specifiersIn(line)), 1, `${file}: ${line}`)
    assert.deepStrictEqual(violationsOf(`${APP}erp/x.ts`, specifiersIn('import { x } from "../../infra/database/sql-errors.ts"')), [])
    assert.deepStrictEqual(violationsOf("packages/web/src/x.tsx", specifiersIn('import { cutoffPreview } from "@quote/core/preview"')), [])
    const allowed: ReadonlyArray<readonly [string, string]> = [
      [`${APP}x.ts`, 'import * as Effect from "effect/Effect"'],
      [`${APP}x.ts`, 'import * as SqlClient from "effect/sql/SqlClient"'],
      [`${APP}x.ts`, 'import { createHash } from "node:crypto"'],
      [`${APP}x.ts`, 'import { PasswordHasher } from "@quote/core/auth/password-hasher"'],
      ["packages/http/src/server.ts", 'import { ErpServicesLive } from "@quote/adapters/live/erp-live"'],
      ["packages/cli/src/commands/import.ts", 'const live = await import("@quote/adapters/live/import-live")'],
      [`${LIVE}x.ts`, 'import { ErpServices } from "./erp-live.ts"']
    ]
    for (const [file, line] of allowed) assert.deepStrictEqual(violationsOf(file, specifiersIn(line)), [], `${file}: ${line}`)
  })
})
