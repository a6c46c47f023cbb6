/**
 * The back office's list at scale (issue #24, "Budget"): "Cotizaciones" with 10,000
 * quotations in the database renders its first page in ≤ 1.5× the time it takes with
 * none (paging is the service's, so the page's cost must not grow with the table).
 *
 * The service runs as the browser tests run it (`startConsoleService`: a build of the
 * console's current sources, the test scenarios seeded at the first start) on a fresh
 * PostgreSQL database (`BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else the local
 * server; dropped afterwards), so the 10,000 quotations can be written in SQL between the
 * two measurements. The machine's Chromium (PLAYWRIGHT_CHROMIUM_PATH) signs in as the
 * admin once; each run then loads `/cotizaciones` afresh (a reload: the session restored
 * from its cookie, the page's code, the first page of the list) and is timed in the
 * browser, from the navigation's start to the moment the list's first row — or, with no
 * quotation, the empty list's sentence — is in the document (a `MutationObserver` set
 * before the page's scripts run). The median of RUNS runs after a warm-up, for each state.
 *
 * `npm run bench -- console-back-office`.
 */
import { chromium, type Page } from "@playwright/test"
import { spawnSync } from "node:child_process"
import { startConsoleService } from "../test/browser/support/console-service.ts"
import { seededLogins } from "../test/browser/support/scenario.ts"
import type { BenchResult } from "./run.ts"

const QUOTATIONS = 10_000
const MAX_RATIO = 1.5
const RUNS = 9

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium"

/** What marks the list as shown: its first row, or the empty list's sentence. */
const LIST_SHOWN = "table.quotation-table tbody tr, .empty-state"

const median = (values: ReadonlyArray<number>): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const psql = (url: string, statement: string): void => {
  const result = spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-q", "-c", statement], { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`)
}

/**
 * 10,000 quotations of the seeded clients (their companies, branches, advisors and
 * routes), in every status and both sources, one a minute back from now, each with three
 * items of seeded products; the triggers record their rollups as for any insert.
 */
const seedQuotations = (databaseUrl: string): void => {
  psql(databaseUrl, `
    with people as (select array_agg(id order by id) as ids from clients),
         made as (
           insert into quotations (status, source, total, client_id, company_id, branch_id, advisor_id, route_id, route_date,
                                   created_at, updated_at)
           select (array['pending', 'approved', 'rejected', 'synced'])[1 + g % 4], (array['web', 'chat'])[1 + g % 2],
                  30000 + g, c.id, c.company_id, c.branch_id, c.advisor_id, c.route_id, (now() + interval '1 day')::date,
                  now() - g * interval '1 minute', now() - g * interval '1 minute'
             from generate_series(1, ${QUOTATIONS}) g
             cross join people
             join clients c on c.id = people.ids[1 + g % array_length(people.ids, 1)]
           returning id
         )
    insert into quotation_items (quotation_id, position, product_id, sku, name, quantity, unit_price, price_type, subtotal)
    select made.id, k, p.id, p.sku, p.name, 1, 10000, 'price_list', 10000
      from made cross join generate_series(0, 2) k
      join lateral (select id, sku, name from products order by sku offset k limit 1) p on true`)
  psql(databaseUrl, "analyze quotations; analyze quotation_items")
}

/**
 * Run in the page before its own scripts (the bench's TypeScript has no DOM types, so it
 * is given as text): records in `window.listShownAt` when the list first shows.
 */
const markListShown = `
  new MutationObserver(() => {
    if (window.listShownAt === undefined && document.querySelector(${JSON.stringify(LIST_SHOWN)}) !== null) {
      window.listShownAt = performance.now()
    }
  }).observe(document, { childList: true, subtree: true })`

/** Milliseconds from the navigation's start until the list shows, for one fresh load of `/cotizaciones`. */
const timeListLoad = async (page: Page, baseUrl: string): Promise<number> => {
  await page.goto(`${baseUrl}/cotizaciones`)
  // Functions, not strings: the console's CSP forbids evaluating text as script.
  await page.waitForFunction(() => (globalThis as { listShownAt?: number }).listShownAt !== undefined, undefined, { timeout: 60_000 })
  return page.evaluate(() => (globalThis as { listShownAt?: number }).listShownAt ?? Number.NaN)
}

interface ListTimes {
  readonly runs: ReadonlyArray<number>
  readonly rows: number
  readonly count: string
}

const measureList = async (page: Page, baseUrl: string): Promise<ListTimes> => {
  await timeListLoad(page, baseUrl)
  const runs: Array<number> = []
  for (let run = 0; run < RUNS; run++) runs.push(await timeListLoad(page, baseUrl))
  const rows = await page.locator("table.quotation-table tbody tr").count()
  const count = (await page.locator(".page-header .muted").allInnerTexts()).join(" ")
  return { runs, rows, count }
}

export const runConsoleListScaleBench = async (): Promise<BenchResult> => {
  const service = await startConsoleService({ postgresUrl })
  const browser = await chromium.launch({ executablePath: chromiumPath })
  try {
    const databaseUrl = service.databaseUrl
    if (databaseUrl === undefined) throw new Error("the console list bench needs PostgreSQL")
    const context = await browser.newContext({ locale: "es-CO", timezoneId: "America/Bogota" })
    await context.addInitScript({ content: markListShown })
    const page = await context.newPage()
    await page.goto(`${service.baseUrl}/ingresar`)
    await page.getByLabel("Correo electrónico").fill(seededLogins.admin.email)
    await page.getByLabel("Contraseña", { exact: true }).fill(seededLogins.admin.password)
    await page.getByRole("button", { name: "Ingresar" }).click()
    await page.waitForURL("**/cotizaciones")

    const empty = await measureList(page, service.baseUrl)
    if (empty.rows !== 0) throw new Error(`the fresh database already lists ${empty.rows} quotations`)
    seedQuotations(databaseUrl)
    const full = await measureList(page, service.baseUrl)
    if (full.rows !== 20) throw new Error(`the first page shows ${full.rows} quotations, not 20`)

    const emptyMs = median(empty.runs)
    const fullMs = median(full.runs)
    const ratio = fullMs / emptyMs
    return {
      name: `console: Cotizaciones' first page with ${QUOTATIONS.toLocaleString("en-US")} quotations vs none (browser-timed, median of ${RUNS})`,
      ratio,
      targetText: `≤ ${MAX_RATIO}`,
      pass: ratio <= MAX_RATIO,
      figures: {
        "no quotation, ms (median)": Math.round(emptyMs),
        [`${QUOTATIONS} quotations, ms (median)`]: Math.round(fullMs),
        "no quotation, each run": empty.runs.map(Math.round).join(", "),
        [`${QUOTATIONS} quotations, each run`]: full.runs.map(Math.round).join(", "),
        "the full list says": full.count
      }
    }
  } finally {
    await browser.close()
    await service.stop()
  }
}

if (import.meta.main) {
  const result = await runConsoleListScaleBench()
  console.log(result.name)
  for (const [label, value] of Object.entries(result.figures ?? {})) console.log(`  ${label}: ${value}`)
  console.log(`  ratio: ${result.ratio.toFixed(2)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
}
