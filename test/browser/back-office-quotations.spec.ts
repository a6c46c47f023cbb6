/**
 * The back office's "Cotizaciones" (issue #24):
 *
 * - an advisor sees only its clients' quotations (not another advisor's), no admin link,
 *   no status buttons and no selection; its CSV export downloads as Excel in Spanish
 *   wants it (UTF-8 byte-order mark, `;`, Spanish headers) with exactly its quotations;
 * - an admin approves a pending quotation ("Aprobar", confirmed) and the client's "Mis
 *   cotizaciones" shows it approved; the admin then sends it to the ERP and sees the
 *   outcome said in Spanish (the test service has no ERP of its own: a refusal such as
 *   `ERP_NOT_CONFIGURED`, or the ERP's number if another test connected one);
 * - an admin picks a client in the "Cliente" filter (searched on the service), narrows to
 *   "Pendiente", selects the five quotations and approves them at once; the outcome of
 *   each is reported and the service has all five approved;
 * - the list and a quotation, with client, company, branch and advisor names of one
 *   unbroken 40+ character word: axe (no serious or critical violation), no sideways
 *   scroll, the row's total inside the window (a name wraps, it does not push the last
 *   column out), the "Cliente" combo box's option inside the window too, touch-sized
 *   controls on the phone, and a screenshot to look at.
 *
 * Each test builds its own advisors, companies and clients (the service is shared). Every
 * test runs at both sizes (desktop and phone).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { Locator, Page } from "@playwright/test"
import { checkPage, expect, expectNoHorizontalScroll, logIn, settled, test } from "./support/fixtures.ts"
import { screensDir } from "./support/output-paths.ts"
import { seededLogins, skuOf, orderedProducts, uniqueEmail } from "./support/scenario.ts"
import { type ApiClient, expectData, type ServiceApi } from "./support/service-api.ts"
import { csvRecords, startsWithBom } from "../support/csv-records.ts"

const password = "browser-quotations-password"

/** A short unique word for the names a test creates. */
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const alwaysOpenRoute = async (admin: ApiClient): Promise<string> => {
  const { items } = await expectData(admin.GET("/api/routes"))
  const route = items.find((candidate) => candidate.name === "Always open")
  if (route === undefined) throw new Error("no seeded route Always open")
  return route.id
}

/**
 * Glued to a name's unique word, it makes a word of 40+ characters with no place to break
 * (a run-together business name, as people type them): the tables must wrap it, not grow
 * wider than the page.
 */
const unbreakableTail = "Distribuidoramayoristadelnortesur"

/**
 * An advisor of its own with a company, a branch on the "Always open" route and a
 * client who can log in and order (`order`, through `POST /api/quotations`). With
 * `longNames` the advisor, company, branch and client have unbreakable names of 40+ characters.
 */
const advisorWithClient = async (service: ServiceApi, label: string, { longNames = false } = {}) => {
  const admin = await service.admin()
  const word = tag()
  const named = (prefix: string) => `${prefix} ${word}${longNames ? unbreakableTail : ""}`
  const advisorLogin = { email: uniqueEmail(`asesor-${label}`), password }
  const advisorName = named(`Asesora ${label}`)
  const advisor = await expectData(admin.POST("/api/users", { body: { name: advisorName, ...advisorLogin, role: "advisor" } }))
  const company = await expectData(admin.POST("/api/companies", {
    body: { name: named(`Distribuciones ${label}`), nit: `8${Date.now().toString().slice(-8)}${word.slice(-3)}` }
  }))
  const branchName = named("Bodega")
  const branch = await expectData(admin.POST("/api/companies/{id}/branches", {
    params: { path: { id: company.id } },
    body: { name: branchName, city: "Bogotá", address: "Calle 12 # 3-45", routeId: await alwaysOpenRoute(admin), advisorId: advisor.id }
  }))
  const clientLogin = { email: uniqueEmail(`cliente-${label}`), password }
  const clientName = named(`Tienda ${label}`)
  const client = await expectData(admin.POST("/api/users", {
    body: { name: clientName, ...clientLogin, role: "client", companyId: company.id, branchId: branch.id }
  }))
  if (client.clientId === null) throw new Error("POST /api/users made no client record")
  const clientApi = await service.as(clientLogin)
  const order = async () =>
    expectData(clientApi.POST("/api/quotations", {
      body: { items: [{ sku: skuOf(orderedProducts.others[0]), quantity: 2 }, { sku: skuOf(orderedProducts.promoted), quantity: 1 }] },
      headers: {}
    }))
  return {
    admin,
    advisor: { id: advisor.id, name: advisorName, login: advisorLogin },
    client: { id: client.clientId, name: clientName, login: clientLogin },
    branchName,
    order
  }
}

/** The quotation codes of the list's page, in order. */
const listedCodes = (page: Page) => page.getByRole("table").getByRole("rowheader").allInnerTexts()

/** The element ends within the window's width (it is not cut off at the right). */
const expectWithinWindow = async (page: Page, element: Locator, what: string) => {
  const box = await element.boundingBox()
  const width = page.viewportSize()?.width
  if (box === null || width === undefined) throw new Error(`${what} or the window has no size`)
  expect(box.x + box.width, `${what} ends at ${Math.round(box.x + box.width)} px in a ${width} px window`).toBeLessThanOrEqual(width)
}

/**
 * The list's row of `code` shows `names` in full, and its last cell (the total) ends
 * within the window: a long name wraps instead of pushing the total out of sight.
 */
const expectRowFits = async (page: Page, code: string, names: ReadonlyArray<string>) => {
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code }) })
  for (const name of names) await expect(row).toContainText(name)
  const total = row.getByRole("cell").last()
  await expect(total).toHaveText(/\$/)
  await expectWithinWindow(page, total, `the total of ${code}`)
}

test("an advisor sees only its clients' quotations and no admin link; its CSV export opens in Excel", async ({ page, service }) => {
  const mine = await advisorWithClient(service, "propia")
  const theirs = await advisorWithClient(service, "ajena")
  const first = await mine.order()
  const second = await mine.order()
  const foreign = await theirs.order()

  await logIn(page, mine.advisor.login)
  await expect(page).toHaveURL(/\/cotizaciones$/)
  await settled(page, "Cotizaciones")
  expect(await listedCodes(page)).toEqual([second.code, first.code])
  await expect(page.getByText(foreign.code)).toHaveCount(0)
  const navigation = page.getByRole("navigation", { name: "Principal" })
  await expect(navigation.getByRole("link", { name: "Clientes" })).toBeVisible()
  for (const adminOnly of ["Usuarios", "Rutas", "Catálogo", "Llaves de API", "Webhooks", "ERP", "Auditoría"]) {
    await expect(navigation.getByRole("link", { name: adminOnly, exact: true })).toHaveCount(0)
  }
  // An advisor decides nothing: no selection, no bulk actions.
  await expect(page.getByRole("checkbox")).toHaveCount(0)
  await expect(page.getByRole("button", { name: "Aprobar seleccionadas" })).toHaveCount(0)

  const downloading = page.waitForEvent("download")
  await page.getByRole("button", { name: "Exportar CSV" }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^cotizaciones-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = readFileSync(await download.path())
  expect(startsWithBom(bytes), "the file starts with the UTF-8 byte-order mark").toBe(true)
  const [headers, ...rows] = csvRecords(bytes.toString("utf8").slice(1))
  expect(headers?.slice(0, 5)).toEqual(["Código", "Fecha de creación", "Estado", "Origen", "Cliente"])
  expect(rows.map((row) => [row[0], row[2], row[4]])).toEqual([
    [second.code, "Pendiente", mine.client.name],
    [first.code, "Pendiente", mine.client.name]
  ])
  await expect(page.getByRole("status").filter({ hasText: /Se descargó cotizaciones-/ })).toBeVisible()

  // A quotation of its own: no status buttons, no ERP send; another advisor's is not found.
  await page.getByRole("link", { name: first.code }).click()
  await settled(page, `Cotización ${first.code}`)
  await expect(page.getByText("Aún no se ha enviado al ERP.")).toBeVisible()
  await expect(page.getByRole("button", { name: "Aprobar" })).toHaveCount(0)
  await expect(page.getByRole("button", { name: "Enviar al ERP" })).toHaveCount(0)
  await page.goto(`/cotizaciones/${foreign.id}`)
  await settled(page, "Cotización no encontrada")
})

test("an admin approves a pending quotation; the client sees it approved; the send to the ERP says its outcome", async ({ page, browser, service }) => {
  const scene = await advisorWithClient(service, "aprobar")
  const quotation = await scene.order()

  await logIn(page, seededLogins.admin)
  await page.goto(`/cotizaciones/${quotation.id}`)
  await settled(page, `Cotización ${quotation.code}`)
  await expect(page.getByRole("button", { name: "Rechazar" })).toBeVisible()
  await page.getByRole("button", { name: "Aprobar" }).click()
  const confirm = page.getByRole("alertdialog", { name: `Aprobar la cotización ${quotation.code}` })
  await expect(confirm).toContainText("«Aprobada»")
  await confirm.getByRole("button", { name: "Aprobar" }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole("status").filter({ hasText: `La cotización ${quotation.code} quedó «Aprobada».` })).toBeVisible()
  const summary = page.getByRole("region", { name: "Resumen" })
  await expect(summary.getByText("Aprobada", { exact: true })).toBeVisible()
  await expect(page.getByRole("button", { name: "Aprobar" })).toHaveCount(0)
  await expect(page.getByRole("region", { name: "Historial de estados" })).toContainText("Antes: Pendiente")
  const stored = await expectData((await service.admin()).GET("/api/quotations/{id}", { params: { path: { id: quotation.id } } }))
  expect(stored.status).toBe("approved")

  // The client's own list says so.
  const clientContext = await browser.newContext()
  const clientPage = await clientContext.newPage()
  await logIn(clientPage, scene.client.login)
  await clientPage.goto("/cotizaciones")
  await settled(clientPage, "Mis cotizaciones")
  const row = clientPage.getByRole("row").filter({ has: clientPage.getByRole("rowheader", { name: quotation.code }) })
  await expect(row).toContainText("Aprobada")
  await clientContext.close()

  // Sending it to the ERP: confirmed, and the outcome stays on the page in Spanish.
  await page.getByRole("button", { name: "Enviar al ERP" }).click()
  const send = page.getByRole("alertdialog", { name: `Enviar la cotización ${quotation.code} al ERP` })
  await send.getByRole("button", { name: "Enviar al ERP" }).click()
  await expect(send).toBeHidden()
  const outcome = page.getByRole("status").filter({ hasText: /ERP/ })
  await expect(outcome).toBeVisible()
  expect(await outcome.innerText()).not.toMatch(/error inesperado|[A-Z]{3,}_[A-Z_]+/)
})

test("an admin filters by a client and approves five pending quotations at once", async ({ page, service }) => {
  const scene = await advisorWithClient(service, "lote")
  const quotations = []
  for (let i = 0; i < 5; i++) quotations.push(await scene.order())

  await logIn(page, seededLogins.admin)
  await settled(page, "Cotizaciones")
  const picker = page.getByRole("combobox", { name: "Cliente" })
  await picker.fill(scene.client.name)
  await page.getByRole("option", { name: new RegExp(scene.client.name) }).click()
  await expect(page).toHaveURL(new RegExp(`cliente=${scene.client.id}`))
  await page.getByRole("combobox", { name: "Estado" }).selectOption("pending")
  await expect(page).toHaveURL(/estado=pending/)
  await expect.poll(() => listedCodes(page)).toEqual(quotations.map((quotation) => quotation.code).reverse())

  await page.getByRole("checkbox", { name: "Seleccionar todas las pendientes de esta página" }).check()
  await expect(page.getByText("5 cotizaciones seleccionadas")).toBeVisible()
  await page.getByRole("button", { name: "Aprobar seleccionadas" }).click()
  const confirm = page.getByRole("alertdialog", { name: "Aprobar cotizaciones" })
  for (const quotation of quotations) await expect(confirm).toContainText(quotation.code)
  await confirm.getByRole("button", { name: "Aprobar" }).click()
  await expect(confirm).toBeHidden()
  const report = page.getByRole("status").filter({ hasText: "Se aprobaron las 5 cotizaciones." })
  await expect(report).toBeVisible()
  for (const quotation of quotations) await expect(report).toContainText(`${quotation.code}: Aprobada.`)
  // The list (still filtered by "Pendiente") is read again: nothing of this client is pending.
  await expect(page.getByText("No hay cotizaciones con esos filtros")).toBeVisible()

  const admin = await service.admin()
  const approved = await expectData(admin.GET("/api/quotations", { params: { query: { clientId: scene.client.id, limit: 100 } } }))
  expect(approved.items.map((quotation) => quotation.status)).toEqual(["approved", "approved", "approved", "approved", "approved"])
})

test("the list and a quotation at both sizes, with names of 40+ unbroken characters: accessible, no sideways scroll, touch-sized", async ({ page, service }, testInfo) => {
  test.setTimeout(180_000)
  const scene = await advisorWithClient(service, "vistas", { longNames: true })
  const quotation = await scene.order()
  await scene.order()

  await logIn(page, seededLogins.admin)
  await page.goto(`/cotizaciones?cliente=${scene.client.id}`)
  await settled(page, "Cotizaciones")
  const picker = page.getByRole("combobox", { name: "Cliente" })
  await expect(picker).toHaveValue(scene.client.name)
  await page.getByRole("checkbox", { name: `Seleccionar ${quotation.code}` }).check()
  await expectRowFits(page, quotation.code, [scene.client.name, scene.branchName, scene.advisor.name])
  await checkPage(page, testInfo, "quotations-admin")
  // The client's name among the combo box's options wraps inside the window too. Checked
  // while the list is open, with the field mid-window (React Aria hides the list of a
  // field at the window's edge); the screenshot is of the window only (a full-page one
  // resizes the page); no axe, as React Aria hides the rest of the page with aria-hidden
  // while the list is open.
  await picker.evaluate((field) => field.scrollIntoView({ block: "center" }))
  await picker.fill(scene.client.name.split(" ").at(-1) ?? "")
  const option = page.getByRole("option", { name: new RegExp(scene.client.name) })
  await option.click({ trial: true })
  await expectWithinWindow(page, option, "the client's option")
  await expectNoHorizontalScroll(page, "quotations-admin-client-options")
  await page.screenshot({ path: join(screensDir, testInfo.project.name, "quotations-admin-client-options.png"), scale: "css" })
  await picker.press("Escape")

  await page.goto(`/cotizaciones/${quotation.id}`)
  await settled(page, `Cotización ${quotation.code}`)
  await expect(page.getByRole("button", { name: "Aprobar" })).toBeVisible()
  await checkPage(page, testInfo, "quotation-admin")
  await page.getByRole("button", { name: "Rechazar" }).click()
  await expect(page.getByRole("alertdialog", { name: `Rechazar la cotización ${quotation.code}` })).toBeVisible()
  await checkPage(page, testInfo, "quotation-admin-confirm")
  await page.getByRole("button", { name: "Cancelar" }).click()

  await page.getByRole("button", { name: "Cerrar sesión" }).click()
  // Logged out once the console says so: navigating away sooner would cancel the logout.
  await expect(page).toHaveURL(/\/ingresar/)
  await logIn(page, scene.advisor.login)
  await settled(page, "Cotizaciones")
  await expectRowFits(page, quotation.code, [scene.client.name, scene.branchName])
  await checkPage(page, testInfo, "quotations-advisor")
})
