/**
 * The web console's budget (issue #23, "Proven how"), on the service started as the
 * browser tests start it (a fresh embedded database with the 12 seeded products, a build
 * of the console's current sources; test/browser/support/console-service.ts), driven
 * through the machine's Chromium (PLAYWRIGHT_CHROMIUM_PATH, default /usr/bin/chromium):
 *
 * - JavaScript: the scripts a client's browser downloads to open the login page and then
 *   "Hacer pedido" (entry, vendor chunks and the two routes' lazy chunks, as the page
 *   really requests them), each gzipped here (level 9). Target ≤ 150 KB, and the login
 *   page must not load the order page's chunk (routes code-split). The login page alone
 *   and a reload of "Hacer pedido" are printed beside it.
 * - Lighthouse (desktop preset) on "Hacer pedido" signed in as the first test client:
 *   performance ≥ 90 and accessibility ≥ 95; the median of RUNS runs, since the machine
 *   is shared.
 *
 * `npm run bench -- console`.
 */
import { chromium, type Page } from "@playwright/test"
import lighthouse, { desktopConfig } from "lighthouse"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { type ConsoleService, startConsoleService } from "../test/browser/support/console-service.ts"
import { type Login, seededLogins } from "../test/browser/support/scenario.ts"
import { freePort } from "../test/support/server-process.ts"
import type { BenchResult } from "./run.ts"

const JS_BUDGET_BYTES = 150 * 1024
const MIN_PERFORMANCE = 90
const MIN_ACCESSIBILITY = 95
const RUNS = 3

const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium"

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const median = (values: ReadonlyArray<number>): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Records the gzip size of every script the page downloads, by path; `sizes()` once the page is idle. */
const recordScripts = (page: Page) => {
  const scripts = new Map<string, number>()
  const pending: Array<Promise<void>> = []
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return
    pending.push(response.body().then((body) => {
      scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).byteLength)
    }))
  })
  return {
    sizes: async (): Promise<ReadonlyMap<string, number>> => {
      await page.waitForLoadState("networkidle")
      await Promise.all(pending)
      return new Map(scripts)
    }
  }
}

const total = (scripts: ReadonlyMap<string, number>) => [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0)

const logInThroughThePage = async (page: Page, login: Login) => {
  await page.getByLabel("Correo electrónico").fill(login.email)
  await page.getByLabel("Contraseña", { exact: true }).fill(login.password)
  await page.getByRole("button", { name: "Ingresar" }).click()
  await page.waitForURL("**/pedido")
  await page.getByRole("spinbutton").first().waitFor()
}

interface ScriptSizes {
  readonly login: ReadonlyMap<string, number>
  readonly loginThenOrder: ReadonlyMap<string, number>
  readonly orderReload: ReadonlyMap<string, number>
}

const measureScripts = async (service: ConsoleService): Promise<ScriptSizes> => {
  const browser = await chromium.launch({ executablePath: chromiumPath })
  try {
    const page = await browser.newPage()
    const seen = recordScripts(page)
    await page.goto(`${service.baseUrl}/ingresar`)
    await page.getByRole("button", { name: "Ingresar" }).waitFor()
    const login = await seen.sizes()
    await logInThroughThePage(page, seededLogins.client)
    const loginThenOrder = await seen.sizes()

    const reloaded = await browser.newPage({ storageState: await page.context().storageState() })
    const onReload = recordScripts(reloaded)
    await reloaded.goto(`${service.baseUrl}/pedido`)
    await reloaded.getByRole("spinbutton").first().waitFor()
    return { login, loginThenOrder, orderReload: await onReload.sizes() }
  } finally {
    await browser.close()
  }
}

interface LighthouseScores {
  readonly performance: number
  readonly accessibility: number
  readonly audits: Record<string, string>
}

/**
 * Lighthouse on "Hacer pedido", signed in: a Chromium with a debugging port and a
 * profile of its own, where the page logs in (the refresh cookie stays in the profile);
 * Lighthouse opens its own tab in that profile without resetting its storage, so the
 * console restores the session from the cookie as on any reload.
 */
const runLighthouse = async (service: ConsoleService): Promise<LighthouseScores> => {
  const profile = mkdtempSync(join(tmpdir(), "quote-lighthouse-"))
  const port = await freePort()
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [`--remote-debugging-port=${port}`]
  })
  try {
    const page = await context.newPage()
    await page.goto(`${service.baseUrl}/ingresar`)
    await logInThroughThePage(page, seededLogins.client)
    await page.goto("about:blank")
    const result = await lighthouse(
      `${service.baseUrl}/pedido`,
      { port, logLevel: "error", output: "json", onlyCategories: ["performance", "accessibility"], disableStorageReset: true },
      desktopConfig
    )
    if (result === undefined) throw new Error("Lighthouse returned no result")
    const { categories, audits } = result.lhr
    if (result.lhr.finalDisplayedUrl.includes("/ingresar")) throw new Error("Lighthouse measured the login page: the session was not restored")
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      audits: Object.fromEntries(
        ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]
          .map((id) => [id, audits[id]?.displayValue ?? "?"])
      )
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

export const runConsoleBench = async (): Promise<ReadonlyArray<BenchResult>> => {
  const service = await startConsoleService({ postgresUrl: undefined })
  try {
    const scripts = await measureScripts(service)
    const runs: Array<LighthouseScores> = []
    for (let run = 0; run < RUNS; run++) runs.push(await runLighthouse(service))
    const performance = median(runs.map((run) => run.performance))
    const accessibility = median(runs.map((run) => run.accessibility))
    const medianRun = runs.find((run) => run.performance === performance)!

    const sessionBytes = total(scripts.loginThenOrder)
    const splitRoutes = ![...scripts.login.keys()].some((path) => /OrderPage/.test(path))
    return [
      {
        name: "console: JavaScript of the login page then Hacer pedido, gzip",
        ratio: sessionBytes / JS_BUDGET_BYTES,
        targetText: `≤ 1 (${kb(JS_BUDGET_BYTES)}) and the login page without the order page's chunk`,
        pass: sessionBytes <= JS_BUDGET_BYTES && splitRoutes,
        figures: {
          "login then Hacer pedido, gzip": `${kb(sessionBytes)} in ${scripts.loginThenOrder.size} files`,
          "login page alone, gzip": `${kb(total(scripts.login))} in ${scripts.login.size} files`,
          "Hacer pedido on a reload, gzip": `${kb(total(scripts.orderReload))} in ${scripts.orderReload.size} files`,
          "largest files": [...scripts.loginThenOrder].sort((a, b) => b[1] - a[1]).slice(0, 4)
            .map(([path, bytes]) => `${path.replace(/^\/assets\//, "")} ${kb(bytes)}`).join(", "),
          "routes code-split (no order chunk on the login page)": splitRoutes ? "yes" : "no"
        }
      },
      {
        name: "console: Lighthouse (desktop) on Hacer pedido, signed in, 12 products",
        ratio: performance / 100,
        targetText: `performance ≥ ${MIN_PERFORMANCE / 100} and accessibility ≥ ${MIN_ACCESSIBILITY / 100}`,
        pass: performance >= MIN_PERFORMANCE && accessibility >= MIN_ACCESSIBILITY,
        figures: {
          "performance, median": performance,
          "accessibility, median": accessibility,
          "performance, each run": runs.map((run) => run.performance).join(", "),
          ...Object.fromEntries(Object.entries(medianRun.audits).map(([id, value]) => [`${id} (median run)`, value]))
        }
      }
    ]
  } finally {
    await service.stop()
  }
}

if (import.meta.main) {
  for (const result of await runConsoleBench()) {
    console.log(result.name)
    for (const [label, value] of Object.entries(result.figures ?? {})) console.log(`  ${label}: ${value}`)
    console.log(`  ratio: ${result.ratio.toFixed(2)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
  }
}
