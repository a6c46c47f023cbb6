/**
 * The back office's JavaScript budget (issue #24, "Budget"): each back-office page's own
 * JavaScript ≤ 100 KB gzip beyond the shared shell.
 *
 * Computed from the build, not from a list kept here: the console is built with Vite's
 * manifest (`vite build --manifest`), and the pages are the entry's lazy imports
 * (`lazyRouteComponent(() => import("./pages/…"))` in src/router.tsx, each a dynamic
 * entry of the manifest). A page is the back office's when router.tsx mounts it in the
 * signed-in app for an advisor or an admin (its `staticData.roles` names one of them, or
 * none at all, as for "Cotizaciones"); the login and the client-only portal pages are
 * not. So a page added to the router is measured without touching this file.
 *
 * - The shell: the entry chunk and every chunk it imports statically (React, the router,
 *   the session, the navigation) — what every page has already loaded.
 * - A page's JavaScript beyond the shell: its lazy chunk and every chunk that chunk
 *   imports statically, less the shell's — what opening the page downloads after the
 *   shell. This is what the budget checks. Shared chunks (React Aria's combo box, say)
 *   count against every page that loads them.
 * - Printed beside it, its exclusive part: the chunks no other page loads.
 *
 * Each file gzipped at level 9, as in the `console` bench.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { buildConsole } from "../test/browser/support/console-service.ts"
import { root } from "../test/support/server-process.ts"
import type { BenchResult } from "./run.ts"

const PAGE_BUDGET_BYTES = 100 * 1024

interface ManifestChunk {
  readonly file: string
  readonly src?: string
  readonly isEntry?: boolean
  readonly isDynamicEntry?: boolean
  readonly imports?: ReadonlyArray<string>
  readonly dynamicImports?: ReadonlyArray<string>
}

type Manifest = Readonly<Record<string, ManifestChunk>>

/** A page the router loads lazily, as router.tsx declares it. */
interface LazyPage {
  readonly path: string
  /** Its module, as the manifest names it (`src/pages/…`). */
  readonly module: string
  readonly inSignedInApp: boolean
  /** `staticData.roles`; undefined for every signed-in user. */
  readonly roles: ReadonlyArray<string> | undefined
}

/** Every `createRoute({ … })` of router.tsx that loads a page lazily. */
export const lazyPagesOf = (routerSource: string): ReadonlyArray<LazyPage> =>
  routerSource.split(/createRoute\(\{/).slice(1).flatMap((block) => {
    const module = /import\("\.\/(pages\/[^"]+)"\)/.exec(block)?.[1]
    if (module === undefined) return []
    const rolesText = /roles:\s*\[([^\]]*)\]/.exec(block)?.[1]
    return [{
      path: /path:\s*"([^"]+)"/.exec(block)?.[1] ?? "?",
      module: `src/${module}`,
      inSignedInApp: /getParentRoute:\s*\(\)\s*=>\s*appRoute\b/.test(block),
      roles: rolesText === undefined ? undefined : [...rolesText.matchAll(/"(\w+)"/g)].map((match) => match[1]!)
    }]
  })

const isBackOffice = (page: LazyPage): boolean =>
  page.inSignedInApp && (page.roles === undefined || page.roles.some((role) => role === "advisor" || role === "admin"))

/** The chunk keys `key` loads: itself and its static imports, transitively. */
const closureOf = (manifest: Manifest, key: string): ReadonlySet<string> => {
  const seen = new Set<string>()
  const visit = (at: string) => {
    if (seen.has(at)) return
    seen.add(at)
    for (const imported of manifest[at]?.imports ?? []) visit(imported)
  }
  visit(key)
  return seen
}

export interface PageWeight {
  readonly path: string
  readonly module: string
  /** gzip bytes the page loads beyond the shell. */
  readonly beyondShell: number
  /** gzip bytes of the chunks only this page loads. */
  readonly exclusive: number
  readonly files: number
}

export interface ConsoleWeights {
  readonly shell: number
  readonly pages: ReadonlyArray<PageWeight>
  /** Lazy pages of the router missing from the build's manifest (a broken discovery). */
  readonly missing: ReadonlyArray<string>
}

/** Builds the console with its manifest and weighs the shell and each back-office page. */
export const measureConsoleWeights = (): ConsoleWeights => {
  const outDir = mkdtempSync(join(tmpdir(), "quote-console-budget-"))
  try {
    buildConsole(outDir, ["--manifest"])
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest
    const gzipped = new Map<string, number>()
    const weight = (key: string): number => {
      const file = manifest[key]?.file
      if (file === undefined || !file.endsWith(".js")) return 0
      let bytes = gzipped.get(file)
      if (bytes === undefined) {
        bytes = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).byteLength
        gzipped.set(file, bytes)
      }
      return bytes
    }
    const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + weight(key), 0)

    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true)
    if (entry === undefined) throw new Error("the console's manifest has no entry")
    const shell = closureOf(manifest, entry)
    const router = readFileSync(join(root, "packages/web/src/router.tsx"), "utf8")
    const lazy = lazyPagesOf(router)
    const built = lazy.filter((page) => manifest[page.module]?.isDynamicEntry === true)
    const loads = new Map(built.map((page) => [page.module, [...closureOf(manifest, page.module)].filter((key) => !shell.has(key))]))
    const pages = built.filter(isBackOffice).map((page): PageWeight => {
      const own = loads.get(page.module) ?? []
      const others = built.filter((other) => other.module !== page.module).flatMap((other) => loads.get(other.module) ?? [])
      return {
        path: page.path,
        module: page.module,
        beyondShell: sum(own),
        exclusive: sum(own.filter((key) => !others.includes(key))),
        files: own.length
      }
    })
    return { shell: sum(shell), pages, missing: lazy.filter((page) => !built.includes(page)).map((page) => page.module) }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export const runConsolePageBudgetBench = async (): Promise<BenchResult> => {
  const { shell, pages, missing } = measureConsoleWeights()
  const heaviest = Math.max(0, ...pages.map((page) => page.beyondShell))
  const over = pages.filter((page) => page.beyondShell > PAGE_BUDGET_BYTES)
  return {
    name: "console: each back-office page's own JavaScript beyond the shared shell, gzip (heaviest page)",
    ratio: heaviest / PAGE_BUDGET_BYTES,
    targetText: `≤ 1 (${kb(PAGE_BUDGET_BYTES)}) for every page the router loads for an advisor or admin`,
    pass: pages.length > 0 && over.length === 0 && missing.length === 0,
    figures: {
      "shared shell (entry and its imports), gzip": kb(shell),
      "pages measured (from router.tsx and the build manifest)": pages.length,
      ...Object.fromEntries(pages.map((page) => [
        `${page.path} (${page.module.replace(/^src\/pages\//, "")})`,
        `${kb(page.beyondShell)} in ${page.files} files, ${kb(page.exclusive)} its own alone`
      ])),
      ...(missing.length === 0 ? {} : { "lazy pages missing from the manifest": missing.join(", ") }),
      ...(over.length === 0 ? {} : { "over the budget": over.map((page) => page.path).join(", ") })
    }
  }
}

if (import.meta.main) {
  const result = await runConsolePageBudgetBench()
  console.log(result.name)
  for (const [label, value] of Object.entries(result.figures ?? {})) console.log(`  ${label}: ${value}`)
  console.log(`  ratio: ${result.ratio.toFixed(2)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
}
