/**
 * The back office's people (issue #24): Clientes, Empresas and Usuarios. An advisor sees
 * only its own clients and companies, and exports them as CSV; an admin creates a client, whose unreadable phone
 * is refused with the spec's INVALID_PHONE said in Spanish next to the field, then saved
 * with a valid one; an admin gives a branch another route and advisor; an admin
 * deactivates a user after confirming, and the user can no longer log in. Every page, at
 * both sizes, with names of one unbroken 40+ character word: axe (no serious or critical
 * violation), no sideways scroll, touch-sized controls on the phone, and a screenshot in
 * test-results/screens/<project>/. Every test runs at both sizes (desktop and phone).
 */
import type { Page } from "@playwright/test"
import { readFileSync } from "node:fs"
import { csvRecords, startsWithBom } from "../support/csv-records.ts"
import { checkPage, expect, expectAccessible, logIn, screenshot, settled, test } from "./support/fixtures.ts"
import { seededLogins, uniqueEmail } from "./support/scenario.ts"
import { type ApiClient, expectData, type ServiceApi } from "./support/service-api.ts"

const password = "browser-people-password"

/** A short unique word for names a test creates (the service is shared by every test). */
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/**
 * With `long`, a unique word with a tail that makes it 40+ characters with no place to
 * break (a run-together business name, as people type them): the tables and pages must
 * wrap it, not grow wider than the window.
 */
const uniqueWord = (long: boolean, word = tag()) => `${word}${long ? "Distribuidoramayoristadelnortesur" : ""}`

/** A seeded route's id, by name. */
const routeId = async (admin: ApiClient, name: string): Promise<string> => {
  const { items } = await expectData(admin.GET("/api/routes"))
  const route = items.find((candidate) => candidate.name === name)
  if (route === undefined) throw new Error(`no seeded route ${name}`)
  return route.id
}

/** A new advisor (its login too). */
const newAdvisor = async (admin: ApiClient, label: string, long = false) => {
  const email = uniqueEmail(label)
  const name = `Asesora ${label} ${uniqueWord(long)}`
  const { id } = await expectData(admin.POST("/api/users", { body: { name, email, password, role: "advisor" } }))
  return { id, name, login: { email, password } }
}

/** A new company with one branch on the "Always open" route, assigned to `advisorId`. */
const newCompany = async (admin: ApiClient, advisorId: string, label: string, long = false) => {
  const word = tag()
  const name = `${label} ${uniqueWord(long, word)}`
  const company = await expectData(admin.POST("/api/companies", { body: { name, nit: `9${Date.now().toString().slice(-8)}${word.slice(-3)}` } }))
  const branchName = `Sede ${uniqueWord(long, word)}`
  const branch = await expectData(admin.POST("/api/companies/{id}/branches", {
    params: { path: { id: company.id } },
    body: { name: branchName, city: "Bogotá", address: "Calle 10 # 20-30", routeId: await routeId(admin, "Always open"), advisorId }
  }))
  return { id: company.id, name, branchId: branch.id, branchName }
}

/** A client (without login) of the company's branch. */
const newClient = async (admin: ApiClient, company: { readonly id: string; readonly branchId: string }, name: string) =>
  expectData(admin.POST("/api/clients", {
    body: { name, companyId: company.id, branchId: company.branchId, phones: [{ phone: "3009876543", label: "Bodega" }] }
  }))

/** An advisor with a company, a branch and one client of its own; with `longNames`, each named with a 40+ character word. */
const advisorWithClient = async (service: ServiceApi, label: string, { longNames = false } = {}) => {
  const admin = await service.admin()
  const advisor = await newAdvisor(admin, label, longNames)
  const company = await newCompany(admin, advisor.id, "Distribuidora", longNames)
  const clientName = `Tienda ${label} ${uniqueWord(longNames)}`
  const client = await newClient(admin, company, clientName)
  return { admin, advisor, company, client: { id: client.id, name: clientName } }
}

/** The rows of the page's main table, by their row header. */
const rowNames = (page: Page) => page.getByRole("table").first().getByRole("rowheader")

/** Each page is checked (axe takes seconds a page on a loaded machine): room for all of them. */
const severalPages = 180_000

test("an advisor sees only its own clients and companies, and each one's page", async ({ page, service }, testInfo) => {
  test.setTimeout(severalPages)
  const mine = await advisorWithClient(service, "propia", { longNames: true })
  // Another advisor's client, findable by a word of its name.
  const other = await advisorWithClient(service, "ajena")

  await logIn(page, mine.advisor.login)
  await settled(page, "Cotizaciones")
  // On a phone the navigation is one row that scrolls sideways: the link is scrolled to.
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Clientes" }).click()
  await settled(page, "Clientes")
  await expect(rowNames(page)).toHaveText([mine.client.name])
  await expect(page.getByRole("combobox", { name: "Asesor" })).toHaveCount(0)
  await expect(page.getByRole("button", { name: "Crear cliente" })).toHaveCount(0)
  await checkPage(page, testInfo, "people-clients-advisor")

  // "Exportar CSV": every one of its clients (here one), for Excel in Spanish (BOM, ";").
  const downloading = page.waitForEvent("download")
  await page.getByRole("button", { name: "Exportar CSV" }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = readFileSync(await download.path())
  expect(startsWithBom(bytes), "the file starts with the UTF-8 byte-order mark").toBe(true)
  const [headers, ...rows] = csvRecords(bytes.toString("utf8").slice(1))
  expect(headers?.slice(0, 2)).toEqual(["Cliente", "NIT"])
  expect(rows.map((row) => row[0])).toEqual([mine.client.name])

  // Searching for the other advisor's client finds nothing, and says so; the URL keeps the search.
  await page.getByRole("searchbox", { name: "Buscar cliente" }).fill(other.client.name)
  await expect(page.getByText("Ningún cliente coincide con la búsqueda.")).toBeVisible()
  await expect(page).toHaveURL(/buscar=/)
  await page.getByRole("link", { name: "Ver todos sus clientes" }).click()
  await expect(rowNames(page)).toHaveText([mine.client.name])

  // The client's page: its facts and (no) quotations; another advisor's client is "no encontrado".
  await page.getByRole("link", { name: mine.client.name }).click()
  await settled(page, mine.client.name)
  await expect(page.getByText(mine.company.branchName)).toBeVisible()
  await expect(page.getByText("Este cliente aún no tiene cotizaciones.")).toBeVisible()
  await expect(page.getByRole("button", { name: "Editar cliente" })).toHaveCount(0)
  await checkPage(page, testInfo, "people-client-advisor")
  await page.goto(`/clientes/${other.client.id}`)
  await settled(page, "Cliente no encontrado")

  // Empresas: its one company, with "Mis sucursales"; the company's page lists its branch, read only.
  await page.goto("/empresas")
  await settled(page, "Empresas")
  await expect(rowNames(page)).toHaveText([mine.company.name])
  await expect(page.getByRole("columnheader", { name: "Mis sucursales" })).toBeAttached()
  await checkPage(page, testInfo, "people-companies-advisor")
  await page.getByRole("link", { name: mine.company.name }).click()
  await settled(page, mine.company.name)
  await expect(page.getByRole("rowheader", { name: mine.company.branchName })).toBeVisible()
  await expect(page.getByRole("button", { name: /Editar sucursal/ })).toHaveCount(0)
  await checkPage(page, testInfo, "people-company-advisor")
  await page.goto(`/empresas/${other.company.id}`)
  await settled(page, "Empresa no encontrada")
})

test("admin pages: Clientes with its advisor filter, a client with its phones, Empresas, a company, Usuarios", async ({ page, service }, testInfo) => {
  test.setTimeout(severalPages)
  const { advisor, company, client } = await advisorWithClient(service, "paginas", { longNames: true })
  await logIn(page, seededLogins.admin)

  await page.goto(`/clientes?asesor=${advisor.id}`)
  await settled(page, "Clientes")
  await expect(rowNames(page)).toHaveText([client.name])
  await expect(page.getByRole("combobox", { name: "Asesor" })).toHaveValue(advisor.id)
  await checkPage(page, testInfo, "people-clients-admin")

  await page.getByRole("link", { name: client.name }).click()
  await settled(page, client.name)
  await expect(page.getByRole("region", { name: "Teléfonos" }).getByText("+573009876543")).toBeVisible()
  await checkPage(page, testInfo, "people-client-admin")

  await page.goto(`/empresas?buscar=${encodeURIComponent(company.name)}`)
  await settled(page, "Empresas")
  await expect(rowNames(page)).toHaveText([company.name])
  await checkPage(page, testInfo, "people-companies-admin")

  await page.getByRole("link", { name: company.name }).click()
  await settled(page, company.name)
  await expect(page.getByRole("row").filter({ hasText: company.branchName })).toContainText(advisor.name)
  await checkPage(page, testInfo, "people-company-admin")

  await page.goto(`/usuarios?rol=advisor&buscar=${encodeURIComponent(advisor.login.email)}`)
  await settled(page, "Usuarios")
  await expect(page.getByRole("combobox", { name: "Rol" })).toHaveValue("advisor")
  await expect(rowNames(page)).toHaveText([advisor.name])
  await checkPage(page, testInfo, "people-users-admin")
  await page.getByRole("button", { name: "Crear usuario" }).click()
  await expect(page.getByRole("dialog", { name: "Crear usuario" })).toBeVisible()
  await checkPage(page, testInfo, "people-user-form")
})

test("an admin creates a client: an unreadable phone is refused in Spanish next to the field, a valid one is saved", async ({ page, service }, testInfo) => {
  const admin = await service.admin()
  const advisor = await newAdvisor(admin, "nuevo-cliente")
  const company = await newCompany(admin, advisor.id, "Mayorista")
  const name = `Cliente nuevo ${tag()}`

  await logIn(page, seededLogins.admin)
  await page.goto("/clientes")
  await settled(page, "Clientes")
  await page.getByRole("button", { name: "Crear cliente" }).click()
  const form = page.getByRole("dialog", { name: "Crear cliente" })
  await form.getByRole("textbox", { name: "Nombre del cliente" }).fill(name)
  await form.getByRole("combobox", { name: "Empresa" }).fill(company.name)
  await page.getByRole("option", { name: new RegExp(company.name) }).click()
  // The company's only branch is chosen at once.
  await expect(form.getByRole("combobox", { name: "Sucursal" })).toHaveValue(company.branchId)
  const phone = form.getByRole("textbox", { name: "Teléfono", exact: true })
  await phone.fill("601 555 12")
  await form.getByRole("button", { name: "Guardar" }).click()

  const invalidPhone = "El teléfono no es válido: escriba un celular de 10 dígitos (300 123 4567) o el número con el indicativo del país (+57 …)."
  await expect(phone).toHaveAttribute("aria-invalid", "true")
  await expect(phone).toHaveAccessibleDescription(new RegExp(invalidPhone.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
  await expect(form.getByText(invalidPhone).first()).toBeVisible()
  await screenshot(page, testInfo, "people-client-invalid-phone")
  await expectAccessible(page, "the client form with a refused phone")
  // Nothing was created.
  expect((await expectData(admin.GET("/api/advisor/clients", { params: { query: { search: name } } }))).total).toBe(0)

  await phone.fill("300 123 4567")
  await expect(phone).not.toHaveAttribute("aria-invalid", "true")
  await form.getByRole("button", { name: "Guardar" }).click()
  await settled(page, name)
  await expect(page.getByRole("region", { name: "Teléfonos" }).getByText("+573001234567")).toBeVisible()
  const created = await expectData(admin.GET("/api/advisor/clients", { params: { query: { search: name } } }))
  expect(created.items.map((item) => [item.name, item.companyId, item.branchId, item.phone])).toEqual([
    [name, company.id, company.branchId, "+573001234567"]
  ])

  // A second phone: the same number again is DUPLICATE_PHONE, said next to the field.
  const newPhone = page.getByRole("textbox", { name: "Nuevo teléfono" })
  await newPhone.fill("+57 300 123 4567")
  await page.getByRole("button", { name: "Agregar teléfono" }).click()
  await expect(newPhone).toHaveAccessibleDescription(/Este cliente ya tiene ese teléfono\./)
})

test("an admin gives a branch another route and advisor", async ({ page, service }) => {
  const admin = await service.admin()
  const before = await newAdvisor(admin, "antes")
  const after = await newAdvisor(admin, "despues")
  const company = await newCompany(admin, before.id, "Cadena")
  const biweekly = await routeId(admin, "Biweekly")

  await logIn(page, seededLogins.admin)
  await page.goto(`/empresas/${company.id}`)
  await settled(page, company.name)
  await page.getByRole("button", { name: `Editar sucursal ${company.branchName}` }).click()
  const form = page.getByRole("dialog", { name: "Editar sucursal" })
  await form.getByRole("combobox", { name: "Ruta de entrega" }).selectOption(biweekly)
  await form.getByRole("combobox", { name: "Asesor" }).selectOption(after.id)
  await form.getByRole("button", { name: "Guardar" }).click()
  await expect(form).toBeHidden()
  await expect(page.getByRole("status").filter({ hasText: `Sucursal «${company.branchName}» guardada.` })).toBeVisible()

  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: company.branchName }) })
  await expect(row).toContainText("Biweekly")
  await expect(row).toContainText(after.name)
  const stored = await expectData(admin.GET("/api/advisor/companies/{companyId}", { params: { path: { companyId: company.id } } }))
  expect(stored.myBranches.map((branch) => [branch.routeId, branch.advisorId])).toEqual([[biweekly, after.id]])
  // The branch now shows in the new advisor's Empresas, no longer in the former's.
  const advisorCompanies = async (login: { readonly email: string; readonly password: string }) =>
    (await expectData((await service.as(login)).GET("/api/advisor/companies", { params: { query: { search: company.name } } }))).items.map((item) => item.id)
  expect(await advisorCompanies(after.login)).toEqual([company.id])
  expect(await advisorCompanies(before.login)).toEqual([])
})

test("an admin deactivates a user after confirming; the user can no longer log in", async ({ page, service }) => {
  const admin = await service.admin()
  const user = await newAdvisor(admin, "baja")
  expect((await service.anonymous().POST("/api/auth/login", { body: user.login })).response.status).toBe(200)

  await logIn(page, seededLogins.admin)
  await page.goto("/usuarios")
  await settled(page, "Usuarios")
  await page.getByRole("searchbox", { name: "Buscar usuario" }).fill(user.login.email)
  await expect(rowNames(page)).toHaveText([user.name])
  await expect(page).toHaveURL(/buscar=/)

  // Cancelling changes nothing; confirming deactivates.
  await page.getByRole("button", { name: `Desactivar usuario ${user.name}` }).click()
  const confirm = page.getByRole("alertdialog", { name: "Desactivar usuario" })
  await expect(confirm).toContainText(user.login.email)
  await confirm.getByRole("button", { name: "Cancelar" }).click()
  await expect(confirm).toBeHidden()
  expect((await service.anonymous().POST("/api/auth/login", { body: user.login })).response.status).toBe(200)

  await page.getByRole("button", { name: `Desactivar usuario ${user.name}` }).click()
  await confirm.getByRole("button", { name: "Desactivar" }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole("status").filter({ hasText: `Usuario ${user.name} desactivado.` })).toBeVisible()
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: user.name }) })
  await expect(row).toContainText("Inactivo")
  await expect(row.getByRole("button", { name: `Activar usuario ${user.name}` })).toBeVisible()
  expect((await service.anonymous().POST("/api/auth/login", { body: user.login })).response.status).toBe(401)
})
