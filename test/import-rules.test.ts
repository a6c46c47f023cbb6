/**
 * The import rules between the kinds of code (docs/architecture.md "Import rules"):
 * - `adapters/src/infra` (adapters of the hexagon) never imports `adapters/src/app`;
 * - `adapters/src/app` (use cases) reaches `infra` only through the SQL client
 *   (`infra/database`); every other adapter is reached through a port declared in core;
 * - `adapters/src/dev` (seed, fake Siigo, test databases) is imported only by tests,
 *   benchmarks, the CLI's seed command and the development first start of the server;
 * - `@quote/core` imports no other package of the workspace (its purity test says more);
 * - the web console (`packages/web`) is a consumer of the public contract: of the workspace
 *   it imports only `@quote/core/preview` (its API client is generated from the OpenAPI
 *   document, not imported from `@quote/api`).
 */
import { existsSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { importsOf, sourceFiles, specifiersIn } from "./support/import-scanner.ts"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const PACKAGES = join(ROOT, "packages")

/** Where a workspace specifier leads: the file it names, relative to the repository. */
const resolveSpecifier = (from: string, specifier: string): string | undefined => {
  if (specifier.startsWith(".")) return relative(ROOT, resolve(dirname(from), specifier))
  const match = /^@quote\/([a-z-]+)(?:\/(.*))?$/.exec(specifier)
  if (match === null) return undefined
  const [, pkg, sub] = match
  return `packages/${pkg}/src/${sub === undefined ? "index" : sub}.ts`
}

interface Rule {
  readonly name: string
  /** Files (relative to the repository) the rule applies to. */
  readonly appliesTo: (file: string) => boolean
  /** Why `target` (a resolved path) may not be imported, or undefined when it may. */
  readonly forbids: (target: string) => string | undefined
}

const APP = "packages/adapters/src/app/"
const INFRA = "packages/adapters/src/infra/"
const DEV = "packages/adapters/src/dev/"
const WEB = "packages/web/"

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
    name: "only tests, benchmarks and the seed command import dev",
    appliesTo: (file) => file.startsWith("packages/") && file.includes("/src/") && !file.startsWith(DEV) &&
      !DEV_IMPORTERS.includes(file),
    forbids: (target) => target.startsWith(DEV) ? "development tooling in a production module" : undefined
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
      const why = target === undefined ? undefined : rule.forbids(target)
      return why === undefined ? [] : [`${file} imports "${specifier}": ${rule.name} (${why})`]
    })
  )

describe("import rules between app, infra, dev and core", () => {
  const files = sourceFiles(PACKAGES).filter((path) => !path.includes("node_modules") && !path.includes("/dist/"))
    .map((path) => relative(ROOT, path))

  it("the exceptions name files that exist", () => {
    for (const file of DEV_IMPORTERS) assert.isTrue(existsSync(join(ROOT, file)), file)
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
      ["packages/web/src/x.tsx", 'import { priceProduct } from "@quote/core/pricing"']
    ]
    for (const [file, line] of cases) assert.lengthOf(violationsOf(file, specifiersIn(line)), 1, `${file}: ${line}`)
    assert.deepStrictEqual(violationsOf(`${APP}erp/x.ts`, specifiersIn('import { x } from "../../infra/database/sql-errors.ts"')), [])
    assert.deepStrictEqual(violationsOf("packages/web/src/x.tsx", specifiersIn('import { cutoffPreview } from "@quote/core/preview"')), [])
  })
})
