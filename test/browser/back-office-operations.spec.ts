/**
 * The back office's "Rutas", "Catálogo" and "Auditoría" (issue #24):
 *
 * - an admin edits a route's cutoff time; the preview the editor shows before saving —
 *   computed in the browser by `@quote/core/preview` — is, at the browser's now, exactly
 *   what `GET /api/integrations/cutoff` (an API key's call, for a branch on that route)
 *   answers after saving; at other instants (the browser's clock fixed with `page.clock`)
 *   it is what `cutoffPreview` answers in this process for that instant (the service
 *   evaluates only at its own now, so it cannot be asked about another instant);
 * - the audit page then shows that change, the old and the new cutoff time side by side;
 * - a promotion for one client is created and deleted (confirmed) in "Catálogo";
 * - every one of these pages at both sizes: axe (no serious or critical violation), no
 *   sideways scroll, touch-sized controls on the phone, and a screenshot to look at.
 *
 * Every test runs at both sizes (desktop and phone).
 */
import type { Locator, Page } from "@playwright/test"
import createClient from "openapi-fetch"
import { cutoffPreview, type CutoffStatusJson, type UncheckedSchedule } from "../../packages/core/src/preview.ts"
import type { paths } from "../../packages/web/src/api/schema.js"
import { checkPage, expect, logIn, test } from "./support/fixtures.ts"
import { orderedProducts, scenarioPhones, seededLogins, skuOf, uniqueEmail } from "./support/scenario.ts"
import { type ApiClient, expectData, type ServiceApi } from "./support/service-api.ts"

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A route of the test's own, with a branch on it and an API key that may read its cutoff. */
const routeScene = async (service: ServiceApi, label: string) => {
  const admin = await service.admin()
  const tag = `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const schedule = { operationDays: [2, 5], frequency: "weekly", cutoffDaysBefore: 1, cutoffTime: "17:00" }
  const route = await expectData(admin.POST("/api/routes", { body: { name: `Ruta ${tag}`, city: "Cali", ...schedule } }))
  // A NIT of its own: the two projects' workers make scenes in the same second.
  const nit = `9${Date.now().toString().slice(-8)}${Math.random().toString(36).slice(2, 5)}`
  const company = await expectData(admin.POST("/api/companies", { body: { name: `Distribuciones ${tag}`, nit } }))
  const branch = await expectData(admin.POST("/api/companies/{id}/branches", {
    params: { path: { id: company.id } },
    body: { name: `Bodega ${tag}`, routeId: route.id }
  }))
  const key = await expectData(admin.POST("/api/api-keys", { body: { name: `Corte ${tag}`, scopes: ["cutoff:read"] } }))
  return { admin, routeId: route.id, routeName: `Ruta ${tag}`, schedule, branchId: branch.id, apiKey: key.apiKey }
}

/** The Cutoff status `GET /api/integrations/cutoff` answers an integration for the branch. */
const serviceCutoff = async (service: ServiceApi, apiKey: string, branchId: string) =>
  expectData(
    createClient<paths>({ baseUrl: service.baseUrl, headers: { authorization: `Bearer ${apiKey}` } })
      .GET("/api/integrations/cutoff", { params: { query: { branchId } } })
  )

/** `HH:MM` of an instant in Bogotá (UTC−5 all year). */
const bogotaClock = (at: number): string => new Date(at - 5 * HOUR).toISOString().slice(11, 16)

interface ShownPreview {
  readonly text: string
  /** Every `<time>`'s `dateTime`, in order: until when (or from when), the route date, the next dates. */
  readonly times: ReadonlyArray<string | null>
}

const previewRegion = (page: Page): Locator => page.getByRole("region", { name: "Vista previa del calendario" })

const shownPreview = async (page: Page): Promise<ShownPreview> => {
  const region = previewRegion(page)
  return {
    text: await region.innerText(),
    times: await region.locator("time").evaluateAll((elements) => elements.map((element) => element.getAttribute("datetime")))
  }
}

type ShownStatus = Pick<CutoffStatusJson, "isOpen" | "deadline" | "windowOpensAt" | "upcomingRouteDates" | "message" | "schedule">

/** How the shown preview differs from a Cutoff status (the same words, the same instants), or "" when it does not. */
const previewMismatch = (shown: ShownPreview, status: ShownStatus): string => {
  const times = [status.isOpen ? status.deadline : status.windowOpensAt, status.upcomingRouteDates[0], ...status.upcomingRouteDates]
  if (!shown.text.includes(status.schedule?.label ?? "(no label)")) return `no label «${status.schedule?.label}» in «${shown.text}»`
  if (!(status.isOpen ? /\bAbierta\b/ : /\bCerrada\b/).test(shown.text)) return `not ${status.isOpen ? "open" : "closed"}: «${shown.text}»`
  if (!shown.text.includes(status.message)) return `no message «${status.message}» in «${shown.text}»`
  if (JSON.stringify(shown.times) !== JSON.stringify(times)) return `instants ${JSON.stringify(shown.times)}, expected ${JSON.stringify(times)}`
  return ""
}

/** The preview, once it shows (it re-reads the clock each second) what core's `cutoffPreview` answers here for `at`. */
const expectPreviewAt = async (page: Page, schedule: UncheckedSchedule, at: number, what: string) => {
  const expected = cutoffPreview(schedule, at)
  await expect.poll(async () => previewMismatch(await shownPreview(page), expected), { message: what }).toBe("")
}

test("an admin edits a route's cutoff time: the preview is the service's answer, and the audit shows the change", async ({ page, service }) => {
  test.setTimeout(120_000)
  const scene = await routeScene(service, "preview")
  const now = Date.now()
  // Two hours and some minutes ahead: the new deadline is nowhere near the instants compared.
  const newTime = bogotaClock(now + 2 * HOUR + 7 * 60_000) === "17:00" ? bogotaClock(now + 2 * HOUR + 8 * 60_000) : bogotaClock(now + 2 * HOUR + 7 * 60_000)
  const edited: UncheckedSchedule = { ...scene.schedule, cutoffTime: newTime }

  await page.clock.setFixedTime(now)
  await logIn(page, seededLogins.admin)
  await page.goto(`/rutas/${scene.routeId}`)
  // The first visit loads the page's code: on a busy machine that takes a while.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(scene.routeName, { timeout: 30_000 })
  await expectPreviewAt(page, scene.schedule, now, "the saved calendar, now")

  // As the admin types, the preview follows; an unusable calendar is explained first.
  const cutoffDays = page.getByLabel("Días de anticipación del cierre")
  await cutoffDays.fill("7")
  await expect(previewRegion(page)).toContainText("Calendario no válido")
  await expect(previewRegion(page)).toContainText("use como máximo 3 días de anticipación")
  await cutoffDays.fill("1")
  await page.getByLabel("Hora de cierre").fill(newTime)

  // Other instants: the browser's clock fixed at each, against core's function here.
  for (const at of [now + DAY + 3 * HOUR, now + 3 * DAY + 5 * HOUR, now + 5 * DAY + 11 * HOUR, now + 9 * DAY]) {
    await page.clock.setFixedTime(at)
    await expectPreviewAt(page, edited, at, `the edited calendar at ${new Date(at).toISOString()}`)
  }

  // Now: what the preview shows before saving is what the service answers after.
  const savedAt = Date.now()
  await page.clock.setFixedTime(savedAt)
  await expectPreviewAt(page, edited, savedAt, "the edited calendar, now")
  const before = await shownPreview(page)
  await page.getByRole("button", { name: "Guardar cambios" }).click()
  await expect(page.getByRole("status").filter({ hasText: `Ruta «${scene.routeName}» guardada.` })).toBeVisible()
  // The service remembers a branch's cutoff for up to a second (TARGET_TTL_MS): asked again until the change shows.
  await expect.poll(async () => (await serviceCutoff(service, scene.apiKey, scene.branchId)).schedule?.cutoffTime).toBe(newTime)
  const answered = await serviceCutoff(service, scene.apiKey, scene.branchId)
  expect(previewMismatch(before, answered), "the preview shown before saving against GET /api/integrations/cutoff").toBe("")
  await expect(page.getByLabel("Hora de cierre")).toHaveValue(newTime)

  // The audit trail: the change, its old and new values side by side.
  await page.goto(`/auditoria?tipo=route&registro=${scene.routeId}`)
  const change = page.getByRole("article", { name: "Ruta modificada" })
  await expect(change).toHaveCount(1)
  await expect(change).toContainText("Administrador")
  const row = change.getByRole("row", { name: /Hora de cierre/ })
  await expect(row.getByRole("cell")).toHaveText(["17:00", newTime])
  await expect(page.getByRole("article", { name: "Ruta creada" })).toHaveCount(1)

  // Deactivation, confirmed: the route leaves the list.
  await page.goto(`/rutas/${scene.routeId}`)
  await page.getByRole("button", { name: `Desactivar ruta ${scene.routeName}` }).click()
  const confirm = page.getByRole("alertdialog", { name: "Desactivar ruta" })
  await expect(confirm).toContainText("no podrán hacer pedidos")
  await confirm.getByRole("button", { name: "Desactivar" }).click()
  await expect(page.getByRole("status").filter({ hasText: `Ruta «${scene.routeName}» desactivada.` })).toBeVisible()
  await expect(page.getByRole("link", { name: scene.routeName })).toHaveCount(0)
  await expect.poll(async () => (await serviceCutoff(service, scene.apiKey, scene.branchId)).missingRoute).toBe(true)
})

/** React Aria draws its own box over the native checkbox, which then takes the click through its label. */
const tick = (checkbox: Locator): Promise<void> => checkbox.check({ force: true })

const promotionNamed = async (admin: ApiClient, name: string) =>
  (await expectData(admin.GET("/api/promotions"))).items.find((promotion) => promotion.name === name)

test("an admin creates a promotion for one client and deletes it, confirmed", async ({ page, service }) => {
  test.setTimeout(120_000)
  // A client of its own: the promotion reaches no other test's prices.
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("promotion"))
  const clientName = `Cliente ${login.email.split("@")[0]}`
  const name = `Promo ${Date.now().toString(36)}`
  const admin = await service.admin()

  await logIn(page, seededLogins.admin)
  await page.goto("/catalogo/promociones")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catálogo", { timeout: 30_000 })
  await page.getByRole("button", { name: "Nueva promoción" }).click()
  const dialog = page.getByRole("dialog", { name: "Nueva promoción" })
  // Nothing filled: each field says what it needs, in Spanish.
  await dialog.getByRole("button", { name: "Guardar" }).click()
  await expect(dialog).toContainText("Escriba el nombre de la promoción.")
  await expect(dialog).toContainText("Elija el producto de la promoción.")
  await dialog.getByLabel("Nombre").fill(name)
  const product = orderedProducts.others[0]
  await dialog.getByLabel("Producto").selectOption({ label: `${product} (${skuOf(product)})` })
  await dialog.getByLabel("Precio de promoción (COP)").fill("1234")
  await dialog.getByLabel("Para quién").selectOption("specific")
  await dialog.getByLabel("Buscar cliente").fill(clientName)
  await tick(dialog.getByRole("checkbox", { name: new RegExp(clientName) }))
  await dialog.getByRole("button", { name: "Guardar" }).click()
  await expect(page.getByRole("status").filter({ hasText: `Promoción «${name}» creada.` })).toBeVisible()
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Clientes elegidos: 1 cliente")
  const created = await promotionNamed(admin, name)
  expect(created?.price).toBe(1234)
  expect(created?.clientIds).toEqual([login.clientId])

  await page.getByRole("button", { name: `Eliminar promoción ${name}` }).click()
  const confirm = page.getByRole("alertdialog", { name: "Eliminar promoción" })
  await expect(confirm).toContainText(`¿Eliminar la promoción «${name}»?`)
  await confirm.getByRole("button", { name: "Eliminar" }).click()
  await expect(page.getByRole("status").filter({ hasText: `Promoción «${name}» eliminada.` })).toBeVisible()
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0)
  expect(await promotionNamed(admin, name)).toBeUndefined()
})

interface OperationsPage {
  readonly name: string
  /** The page's `h1`, or the open dialog's name. */
  readonly heading: string | RegExp
  readonly dialog?: true
  /** Opens the page (signed in as the admin); a scene of its own where it needs one. */
  readonly open: (page: Page, service: ServiceApi) => Promise<void>
}

/** A route of its own, changed once, so its page and its audit entries have something to show. */
const changedRoute = async (service: ServiceApi) => {
  const scene = await routeScene(service, "pages")
  await expectData(scene.admin.PUT("/api/routes/{id}", { params: { path: { id: scene.routeId } }, body: { cutoffTime: "16:30" } }))
  return scene
}

const visit = (path: string) => async (page: Page) => {
  await page.goto(path)
}

/**
 * An advisor named with one unbroken word of 56 characters signs in: the newest audit
 * entry names it as its author (in small type), a name the page must wrap rather than
 * grow wider with.
 */
const longNamedSignIn = async (service: ServiceApi): Promise<string> => {
  const login = { email: uniqueEmail("auditoria-nombre-largo"), password: "browser-operations-password" }
  const name = `Asesora ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}Distribuidoramayoristadelnortesurdeoccidente`
  await expectData((await service.admin()).POST("/api/users", { body: { name, ...login, role: "advisor" } }))
  await service.as(login)
  return name
}

const operationsPages: ReadonlyArray<OperationsPage> = [
  { name: "route-list", heading: "Rutas", open: visit("/rutas") },
  {
    name: "route-new",
    heading: "Nueva ruta",
    open: async (page) => {
      await page.goto("/rutas/nueva")
      // A new route starts without days: the preview explains why it cannot be used yet.
      await expect(previewRegion(page)).toContainText("Elija al menos un día de operación.")
    }
  },
  {
    name: "route-edit",
    heading: /^Ruta pages/,
    open: async (page, service) => {
      await page.goto(`/rutas/${(await changedRoute(service)).routeId}`)
    }
  },
  { name: "catalog-products", heading: "Catálogo", open: visit("/catalogo") },
  { name: "catalog-price-lists", heading: "Catálogo", open: visit("/catalogo/listas") },
  {
    name: "catalog-price-list-form",
    heading: "Nueva lista de precios",
    dialog: true,
    open: async (page) => {
      await page.goto("/catalogo/listas")
      await page.getByRole("button", { name: "Nueva lista" }).click()
      await page.getByRole("button", { name: "Agregar producto" }).click()
    }
  },
  { name: "catalog-promotions", heading: "Catálogo", open: visit("/catalogo/promociones") },
  {
    name: "catalog-promotion-form",
    heading: "Nueva promoción",
    dialog: true,
    open: async (page) => {
      await page.goto("/catalogo/promociones")
      await page.getByRole("button", { name: "Nueva promoción" }).click()
      await page.getByLabel("Para quién").selectOption("specific")
    }
  },
  {
    name: "audit-route",
    heading: "Auditoría",
    open: async (page, service) => {
      await page.goto(`/auditoria?tipo=route&registro=${(await changedRoute(service)).routeId}`)
    }
  },
  {
    name: "audit-all",
    heading: "Auditoría",
    open: async (page, service) => {
      const author = await longNamedSignIn(service)
      await page.goto("/auditoria")
      await expect(page.getByRole("article").getByText(`${author} (Asesor)`).first()).toBeVisible()
    }
  }
]

/** One login a screen, its pages in turn (the checks are slow: a test a page would mostly log in). */
const screens = [
  ["Rutas", "route"],
  ["Catálogo", "catalog"],
  ["Auditoría", "audit"]
] as const

for (const [screen, prefix] of screens) {
  test(`${screen}: every page passes axe, fits the screen, has touch-sized controls and is screenshotted`, async ({ page, service }, testInfo) => {
    test.setTimeout(180_000)
    await logIn(page, seededLogins.admin)
    for (const { name, heading, dialog, open } of operationsPages.filter((candidate) => candidate.name.startsWith(prefix))) {
      await open(page, service)
      if (dialog === true) await expect(page.getByRole("dialog", { name: heading })).toBeVisible()
      else await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading, { timeout: 30_000 })
      await expect(page.getByRole("status").filter({ hasText: /cargando/i })).toHaveCount(0)
      await checkPage(page, testInfo, name)
    }
  })
}
