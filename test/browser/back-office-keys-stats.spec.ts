/**
 * The back office's "Llaves de API" and "Estadísticas" (issue #24): an admin creates a key
 * with checkbox scopes, copies it (the clipboard, not the field, is what the integration
 * gets) and the key answers `GET /api/integrations/cutoff`; renaming and adding a scope
 * take effect; a rotation without grace hands out a new key and stops the old one; a
 * confirmed revocation stops the new one. The statistics show the chart and the same
 * figures as a table for an admin (the business, then one advisor) and for an advisor.
 * Both pages: axe (no serious or critical violation), no sideways scroll, touch-sized
 * controls on the phone, and screenshots in test-results/screens/<project>/.
 */
import type { Locator, Page } from "@playwright/test"
import createClient from "openapi-fetch"
import type { paths } from "../../packages/web/src/api/schema.js"
import { checkPage, expect, logIn, screenshot, test } from "./support/fixtures.ts"
import { orderedProducts, scenarioPhones, seededLogins, skuOf, uniqueEmail } from "./support/scenario.ts"
import { expectData, type ServiceApi } from "./support/service-api.ts"

/** A client of the API that presents `apiKey`, as an integration would. */
const integration = (service: ServiceApi, apiKey: string) =>
  createClient<paths>({ baseUrl: service.baseUrl, headers: { authorization: `Bearer ${apiKey}` } })

/** The status `GET /api/integrations/cutoff` answers to `apiKey`. */
const cutoffStatus = async (service: ServiceApi, apiKey: string, clientId: string): Promise<number> =>
  (await integration(service, apiKey).GET("/api/integrations/cutoff", { params: { query: { clientId } } })).response.status

/** Ticks a checkbox as a person does: React Aria draws its own box, so the press lands on the checkbox's label. */
const tick = async (checkbox: Locator): Promise<void> => {
  await expect(checkbox).not.toBeChecked()
  await checkbox.locator("xpath=ancestor::label[1]").click()
  await expect(checkbox).toBeChecked()
}

test("an admin creates an API key with checkbox scopes, copies it, and the key answers the cutoff", async ({ page, context, service }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"])
  const client = await service.clientWithPhone(scenarioPhones.twoBranches)
  const name = `Integración ${testInfo.project.name} ${Date.now().toString(36)}`

  await logIn(page, seededLogins.admin)
  await page.goto("/llaves")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Llaves de API")

  // Create: nothing filled is said per field; then a name and one scope, checked by its name.
  await page.getByRole("button", { name: "Crear llave", exact: true }).click()
  const form = page.getByRole("dialog", { name: "Crear llave de API" })
  await form.getByRole("button", { name: "Crear", exact: true }).click()
  await expect(form.getByText("Escriba un nombre para la llave.")).toBeVisible()
  await expect(form.getByText("Marque al menos un permiso.")).toBeVisible()
  await form.getByRole("textbox", { name: "Nombre" }).fill(name)
  for (const scope of ["catalog:read", "clients:read", "prices:read", "cutoff:read", "quotations:write", "events:read"]) {
    await expect(form.getByRole("checkbox", { name: scope, exact: true })).not.toBeChecked()
  }
  await tick(form.getByRole("checkbox", { name: "cutoff:read", exact: true }))
  await form.getByRole("button", { name: "Crear", exact: true }).click()

  // Shown once, copied to the clipboard; what was copied is a working key, with that scope only.
  const issued = page.getByRole("dialog", { name: "Llave creada" })
  await expect(issued.getByText("no se volverá a mostrar")).toBeVisible()
  const shownKey = await issued.getByLabel("Llave nueva").inputValue()
  expect(shownKey).toMatch(/^svc_/)
  await issued.getByRole("button", { name: "Copiar llave" }).click()
  await expect(issued.getByRole("status")).toHaveText("Llave copiada al portapapeles.")
  await screenshot(page, testInfo, "api-key-issued")
  const key = await page.evaluate(() => navigator.clipboard.readText())
  expect(key).toBe(shownKey)
  expect(await cutoffStatus(service, key, client.id)).toBe(200)
  expect((await integration(service, key).GET("/api/categories")).response.status).not.toBe(200)
  await issued.getByRole("button", { name: "Listo, ya la guardé" }).click()
  await expect(issued).toBeHidden()
  await expect(page.getByRole("status").filter({ hasText: `Llave «${name}» creada.` })).toBeVisible()

  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) })
  await expect(row).toContainText(key.slice(0, 12))
  await expect(row).toContainText("Activa")
  await expect(row).toContainText("cutoff:read")
  await checkPage(page, testInfo, "api-keys")
})

test("an admin renames a key and adds a scope, rotates it without grace and revokes it, confirmed", async ({ page, service }, testInfo) => {
  const client = await service.clientWithPhone(scenarioPhones.twoBranches)
  const name = `Rotación ${testInfo.project.name} ${Date.now().toString(36)}`
  const created = await expectData((await service.admin()).POST("/api/api-keys", { body: { name, scopes: ["cutoff:read"] } }))
  const key = created.apiKey
  // A page without the clipboard API (served over plain HTTP): "Copiar llave" shows and selects the key instead.
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, "clipboard")
  })

  await logIn(page, seededLogins.admin)
  await page.goto("/llaves")

  // Edit: a new name, a second scope and a limit of its own (PATCH); the same key gains the scope.
  const renamed = `${name} (editada)`
  await page.getByRole("button", { name: `Editar ${name}`, exact: true }).click()
  const edit = page.getByRole("dialog", { name: "Editar llave" })
  await expect(edit.getByRole("checkbox", { name: "cutoff:read", exact: true })).toBeChecked()
  await edit.getByRole("textbox", { name: "Nombre" }).fill(renamed)
  await tick(edit.getByRole("checkbox", { name: "catalog:read", exact: true }))
  await expect(edit.getByRole("spinbutton", { name: "Solicitudes por minuto" })).toHaveValue("")
  await edit.getByRole("spinbutton", { name: "Solicitudes por minuto" }).fill("120")
  await edit.getByRole("button", { name: "Guardar" }).click()
  await expect(edit).toBeHidden()
  const renamedRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: renamed, exact: true }) })
  await expect(renamedRow).toContainText("catalog:read")
  await expect(renamedRow).toContainText("120 por minuto")
  const stored = (await expectData((await service.admin()).GET("/api/api-keys"))).items.find((item) => item.id === created.id)
  expect(stored).toMatchObject({ name: renamed, scopes: expect.arrayContaining(["cutoff:read", "catalog:read"]), rateLimitPerMinute: 120 })
  expect((await integration(service, key).GET("/api/categories")).response.status).toBe(200)

  // Rotate with no grace: a new key, shown once; the old one stops at once.
  await page.getByRole("button", { name: `Rotar ${renamed}`, exact: true }).click()
  const rotate = page.getByRole("dialog", { name: "Rotar llave" })
  await rotate.getByLabel("La llave anterior sigue sirviendo").selectOption("0")
  await rotate.getByRole("button", { name: "Rotar llave" }).click()
  const rotated = page.getByRole("dialog", { name: "Llave rotada" })
  await expect(rotated.getByText("La llave anterior ya no sirve.")).toBeVisible()
  const newKeyField = rotated.getByLabel("Llave nueva")
  await expect(newKeyField).toHaveAttribute("type", "password")
  await rotated.getByRole("button", { name: "Copiar llave" }).click()
  await expect(rotated.getByRole("status")).toContainText("seleccionada")
  await expect(newKeyField).toHaveAttribute("type", "text")
  const newKey = await newKeyField.inputValue()
  expect(newKey).toMatch(/^svc_/)
  expect(await newKeyField.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0))).toBe(newKey)
  expect(newKey).not.toBe(key)
  expect(await cutoffStatus(service, newKey, client.id)).toBe(200)
  expect(await cutoffStatus(service, key, client.id)).toBe(401)
  await rotated.getByRole("button", { name: "Listo, ya la guardé" }).click()

  // Revoke, confirmed: the new key stops too, and the list says so.
  await page.getByRole("button", { name: `Revocar ${renamed}`, exact: true }).click()
  const confirm = page.getByRole("alertdialog", { name: "¿Revocar la llave?" })
  await expect(confirm).toContainText(newKey.slice(0, 12))
  await confirm.getByRole("button", { name: "Revocar", exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole("status").filter({ hasText: `Llave «${renamed}» revocada.` })).toBeVisible()
  expect(await cutoffStatus(service, newKey, client.id)).toBe(401)
  await expect(page.getByRole("button", { name: `Revocar ${renamed}`, exact: true })).toHaveCount(0)
  await expect(page.getByRole("row").filter({ hasText: newKey.slice(0, 12) })).toContainText("Revocada")
})

/** Today in Bogotá, `YYYY-MM-DD`. */
const bogotaToday = (): string => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota" }).format(new Date())

/** A new client of the seeded advisor orders today, so that today's figures are not empty. */
const orderToday = async (service: ServiceApi) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("stats"))
  return expectData((await service.as(login)).POST("/api/quotations", {
    body: { items: [{ sku: skuOf(orderedProducts.others[0]), quantity: 3 }] },
    headers: {}
  }))
}

/**
 * The dashboard is drawn: the chart's canvas, the revenue figure, and the monthly table
 * (today's range: one month, whose total is the range's revenue) shown on demand.
 */
const expectDashboard = async (page: Page, quotationCode: string) => {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Estadísticas")
  await expect(page.locator(".revenue-chart canvas").first()).toBeVisible()
  const revenue = page.getByRole("definition").first()
  await expect(revenue).toHaveText(/\$\s?[1-9]/)
  // The table is there for a screen reader from the start, and shown to the eye on demand.
  const table = page.getByRole("table", { name: "Ingresos por mes" })
  // Today's range: the last month's total is the range's revenue.
  const lastMonth = table.getByRole("row").last()
  await expect(lastMonth.getByRole("rowheader")).toHaveText(new Intl.DateTimeFormat("es-CO", { timeZone: "America/Bogota", month: "long", year: "numeric" }).format(new Date()))
  const toggle = page.getByRole("button", { name: "Ver la tabla de datos" })
  await expect(toggle).toHaveAttribute("aria-expanded", "false")
  const shownHeight = async () => (await table.locator("xpath=..").boundingBox())?.height ?? 0
  expect(await shownHeight()).toBeLessThanOrEqual(1)
  await toggle.click()
  await expect(page.getByRole("button", { name: "Ocultar la tabla de datos" })).toHaveAttribute("aria-expanded", "true")
  expect(await shownHeight()).toBeGreaterThan(40)
  await expect(lastMonth.getByRole("cell")).toHaveText((await revenue.textContent()) ?? "")
  await expect(page.getByRole("table", { name: "Productos más vendidos" }).getByRole("row")).not.toHaveCount(0)
  await expect(page.getByRole("table", { name: "Pedidos recientes" }).getByRole("link", { name: quotationCode })).toBeVisible()
}

test("an admin's statistics: the business, one advisor, a range said wrong", async ({ page, service }, testInfo) => {
  const quotation = await orderToday(service)
  const advisor = quotation.advisor
  if (advisor === null) throw new Error(`quotation ${quotation.code} has no advisor: the scenario's branch should have one`)
  const today = bogotaToday()

  await logIn(page, seededLogins.admin)
  await page.goto(`/estadisticas?desde=${today}&hasta=${today}`)
  await expectDashboard(page, quotation.code)
  await expect(page.getByRole("table", { name: "Clientes principales" })).toBeVisible()
  await checkPage(page, testInfo, "stats-admin")

  // One advisor's figures: the choice goes to the URL; the business-only table leaves.
  await page.getByLabel("Asesor").selectOption({ label: advisor.name })
  await expect(page).toHaveURL(new RegExp(`asesor=${advisor.id}`))
  await expect(page.getByRole("table", { name: "Clientes principales" })).toHaveCount(0)
  await expect(page.getByRole("table", { name: "Pedidos recientes" }).getByRole("link", { name: quotation.code })).toBeVisible()

  // "Desde" after "Hasta" is said, not asked.
  await page.goto(`/estadisticas?desde=${today}&hasta=2000-01-01`)
  await expect(page.getByRole("alert")).toContainText("posterior")
})

test("an advisor's statistics: its own figures, no advisor to pick", async ({ page, service }, testInfo) => {
  const quotation = await orderToday(service)
  const today = bogotaToday()
  await logIn(page, seededLogins.advisor)
  await page.goto(`/estadisticas?desde=${today}&hasta=${today}`)
  await expectDashboard(page, quotation.code)
  await expect(page.getByLabel("Asesor")).toHaveCount(0)
  await checkPage(page, testInfo, "stats-advisor")
})
