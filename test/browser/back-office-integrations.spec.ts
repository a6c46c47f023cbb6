/**
 * The back office's "Webhooks" and "ERP" (issue #24). An admin registers a webhook
 * endpoint pointing to a receiver this test starts on 127.0.0.1 (the browser tests'
 * service allows loopback targets: WEBHOOK_ALLOW_PRIVATE_TARGETS, support/global-setup.ts),
 * sends it a test event that arrives signed with the secret the console showed once, and
 * sees it delivered in the deliveries list; retries it, rotates the secret, deactivates
 * (confirmed) and deletes (confirmed) the endpoint. A receiver answering 410 gets its
 * endpoint disabled by the service, and the page says why. The ERP is a fake Siigo
 * (`npm run fake-erp`, support/fake-erp.ts): the settings are saved with a write-only
 * access key, the connection tested, a product sync watched while it runs and found in
 * the history, and an ERP customer imported. The long flows run at both sizes, as the
 * checks of every page of both screens do (axe, no sideways scroll, touch targets on the
 * phone, a screenshot in test-results/screens/<project>/).
 */
import { mkdirSync, rmSync, statSync } from "node:fs"
import { createServer, type IncomingHttpHeaders } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import type { Page, TestInfo } from "@playwright/test"
import { Result } from "effect"
import { verifySignature } from "../../packages/core/src/webhooks/webhook-signature.ts"
import { errorMessages } from "../../packages/web/src/i18n/error-messages.ts"
import { startFakeErp } from "./support/fake-erp.ts"
import { expect, expectAccessible, expectNoHorizontalScroll, expectTouchTargets, logIn, screenshot, test } from "./support/fixtures.ts"
import { orderedProducts, scenarioPhones, seededLogins, skuOf, uniqueEmail } from "./support/scenario.ts"
import { expectData } from "./support/service-api.ts"

interface Received {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** A webhook receiver on 127.0.0.1: answers 200, or 410 under `/gone`; keeps what it got. */
const startReceiver = async () => {
  const received: Array<Received> = []
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const path = request.url ?? "/"
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") })
      response.statusCode = path.startsWith("/gone") ? 410 : 200
      response.end()
    })
  })
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      resolve(typeof address === "object" && address !== null ? address.port : 0)
    })
  )
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** Whether the delivery's `X-Service-Signature` verifies with `secret` (what a receiver checks). */
const signedWith = (delivery: Received, secret: string): boolean =>
  Result.isSuccess(verifySignature(delivery.body, String(delivery.headers["x-service-signature"]), [secret], Date.now()))

const heading = (page: Page) => page.getByRole("heading", { level: 1 })
const said = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text })

/** Waits until the page has its heading and nothing is loading any more. */
const settled = async (page: Page, title: string | RegExp) => {
  await expect(heading(page)).toHaveText(title)
  await expect(page.getByRole("status").filter({ hasText: /cargando/i })).toHaveCount(0)
}

/** The page's checks at its current size: layout, touch targets, accessibility, and a screenshot to look at. */
const checkPage = async (page: Page, testInfo: TestInfo, name: string) => {
  await screenshot(page, testInfo, name)
  await expectNoHorizontalScroll(page, name)
  if (testInfo.project.use.hasTouch === true) await expectTouchTargets(page, name)
  await expectAccessible(page, `${name} (${testInfo.project.name})`)
}

/** A long flow: room for a busy machine (at both sizes). */
const longFlow = 240_000

/**
 * The service has one ERP connection, and the two projects' workers run at once: the ERP
 * flow of one size must not point it at its own fake while the other size's flow runs.
 * A directory created atomically, named after the run's service, is the lock (one left
 * behind by a killed run is taken over after 5 minutes).
 */
const createdBefore = (path: string, at: number): boolean => {
  try {
    return statSync(path).mtimeMs < at
  } catch {
    return false
  }
}

const withErpToItself = async (baseUrl: string, flow: () => Promise<void>): Promise<void> => {
  const lock = join(tmpdir(), `quote-browser-erp-${new URL(baseUrl).port}.lock`)
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      if (createdBefore(lock, Date.now() - 300_000)) rmSync(lock, { recursive: true, force: true })
      else await sleep(500)
    }
  }
  try {
    await flow()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

test("an admin registers a webhook endpoint, a test event reaches the local receiver signed and shows as delivered", async ({ page, context, service }, testInfo) => {
  test.setTimeout(longFlow)
  await context.grantPermissions(["clipboard-read", "clipboard-write"])
  const receiver = await startReceiver()
  try {
    await logIn(page, seededLogins.admin)
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Webhooks" }).click()
    await settled(page, "Webhooks")

    // The form's own checks, then the service's refusal of a private address, said by the URL.
    await page.getByRole("button", { name: "Crear endpoint" }).click()
    const form = page.getByRole("dialog", { name: "Crear endpoint" })
    await form.getByRole("button", { name: "Guardar" }).click()
    await expect(form.getByText("Escriba un nombre para el endpoint.")).toBeVisible()
    await expect(form.getByText("Elija al menos un evento.")).toBeVisible()
    const name = `Receptor ${Date.now().toString(36)}`
    await form.getByRole("textbox", { name: "Nombre" }).fill(name)
    await form.getByRole("textbox", { name: "Dirección (URL)" }).fill("https://10.1.2.3/hooks")
    await form.getByRole("checkbox", { name: /quotation\.created/ }).check()
    await form.getByRole("button", { name: "Guardar" }).click()
    await expect(form.getByText("La dirección apunta a una red privada; use una dirección pública.")).toBeVisible()
    await form.getByRole("textbox", { name: "Dirección (URL)" }).fill(`${receiver.url}/hooks`)
    await form.getByRole("button", { name: "Guardar" }).click()

    // The secret, shown once, masked until asked for.
    const secretDialog = page.getByRole("dialog", { name: "Secreto de firma" })
    await expect(secretDialog.getByText("no se volverá a mostrar")).toBeVisible()
    const secretField = secretDialog.getByLabel("Secreto de firma nuevo")
    await expect(secretField).toHaveAttribute("type", "password")
    await secretDialog.getByRole("button", { name: "Mostrar secreto" }).click()
    await expect(secretField).toHaveAttribute("type", "text")
    const secret = await secretField.inputValue()
    expect(secret).toMatch(/^whsec_/)
    await secretDialog.getByRole("button", { name: "Copiar secreto" }).click()
    await expect(secretDialog.getByRole("status")).toHaveText("Secreto copiado.")
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    await checkPage(page, testInfo, "webhook-secret")
    await secretDialog.getByRole("button", { name: "Ya lo guardé" }).click()
    await expect(said(page, `Endpoint «${name}» creado.`)).toBeVisible()
    await checkPage(page, testInfo, "webhooks-list")

    await page.getByRole("link", { name: `Abrir endpoint ${name}` }).click()
    await settled(page, name)
    await expect(page.getByText(`Termina en …${secret.slice(-4)}`)).toBeVisible()

    // The test event: it reaches the receiver, signed with the secret shown, and is listed as delivered.
    // Only the test events are counted: the endpoint also receives the quotation.created
    // events of the quotations other tests create meanwhile (both sizes run at once).
    const pings = () => receiver.received.filter((request) => request.headers["x-service-event"] === "ping")
    await page.getByRole("button", { name: "Enviar evento de prueba" }).click()
    await expect(said(page, "Evento de prueba entregado: el receptor respondió 200")).toBeVisible()
    expect(pings()).toHaveLength(1)
    const [ping] = pings()
    expect(ping?.path).toBe("/hooks")
    expect(ping?.headers["x-service-event"]).toBe("ping")
    expect(ping !== undefined && signedWith(ping, secret)).toBe(true)
    const deliveries = page.getByRole("region", { name: "Entregas" })
    const delivered = deliveries.getByRole("row").filter({ hasText: "Evento de prueba" })
    await expect(delivered).toHaveCount(1)
    await expect(delivered).toContainText("Entregada")
    await expect(delivered.getByRole("cell").nth(1)).toHaveText("1")

    // The status filter is in the URL.
    await deliveries.getByLabel("Estado de la entrega").selectOption("failed")
    await expect(page).toHaveURL(/estado=failed/)
    await expect(deliveries.getByText("No hay entregas con ese estado.")).toBeVisible()
    await deliveries.getByRole("link", { name: "Ver todas las entregas" }).click()
    await expect(delivered).toContainText("Entregada")

    // Retry: sent again now.
    await deliveries.getByRole("button", { name: /^Reintentar la entrega Evento de prueba/ }).click()
    await expect(said(page, "La entrega se reintentó y llegó al receptor.")).toBeVisible()
    expect(pings()).toHaveLength(2)
    await checkPage(page, testInfo, "webhook-endpoint")

    // A new secret without grace: the next delivery is signed with it alone.
    await page.getByRole("button", { name: "Cambiar secreto" }).click()
    const rotate = page.getByRole("dialog", { name: "Cambiar el secreto de firma" })
    await rotate.getByRole("textbox", { name: "Horas de gracia" }).fill("0")
    await rotate.getByRole("button", { name: "Cambiar secreto" }).click()
    const rotated = page.getByRole("dialog", { name: "Secreto de firma" })
    await expect(rotated.getByText("El secreto anterior dejó de firmar las entregas.")).toBeVisible()
    const newSecret = await rotated.getByLabel("Secreto de firma nuevo").inputValue()
    expect(newSecret).toMatch(/^whsec_/)
    expect(newSecret).not.toBe(secret)
    await rotated.getByRole("button", { name: "Ya lo guardé" }).click()
    await expect(page.getByText(`Termina en …${newSecret.slice(-4)}`)).toBeVisible()
    await page.getByRole("button", { name: "Enviar evento de prueba" }).click()
    await expect.poll(() => pings().length).toBe(3)
    const third = pings()[2]
    expect(third !== undefined && signedWith(third, newSecret)).toBe(true)
    expect(third !== undefined && signedWith(third, secret)).toBe(false)

    // Deactivation is confirmed; an inactive endpoint's deliveries cannot be recovered.
    await page.getByRole("button", { name: "Desactivar", exact: true }).click()
    await page.getByRole("alertdialog", { name: "Desactivar endpoint" }).getByRole("button", { name: "Desactivar", exact: true }).click()
    await expect(said(page, `Endpoint «${name}» desactivado.`)).toBeVisible()
    await expect(page.getByRole("region", { name: "Datos del endpoint" })).toContainText("Inactivo")
    await page.getByRole("button", { name: "Recuperar entregas" }).click()
    const recover = page.getByRole("dialog", { name: "Recuperar entregas fallidas" })
    await recover.getByRole("button", { name: "Recuperar", exact: true }).click()
    await expect(recover.getByText(errorMessages.ENDPOINT_INACTIVE ?? "")).toBeVisible()
    await recover.getByRole("button", { name: "Cancelar" }).click()
    await page.getByRole("button", { name: "Activar", exact: true }).click()
    await expect(said(page, `Endpoint «${name}» activado.`)).toBeVisible()
    await page.getByRole("button", { name: "Recuperar entregas" }).click()
    await recover.getByRole("button", { name: "Recuperar", exact: true }).click()
    await expect(said(page, "No había entregas fallidas en ese periodo.")).toBeVisible()

    // Deletion is confirmed, and leads back to the list without it.
    await page.getByRole("button", { name: "Eliminar", exact: true }).click()
    await page.getByRole("alertdialog", { name: "Eliminar endpoint" }).getByRole("button", { name: "Eliminar", exact: true }).click()
    await settled(page, "Webhooks")
    await expect(page.getByRole("link", { name: `Abrir endpoint ${name}` })).toHaveCount(0)
    const left = await expectData((await service.admin()).GET("/api/webhooks"))
    expect(left.items.map((endpoint) => endpoint.name)).not.toContain(name)
  } finally {
    await receiver.close()
  }
})

test("a receiver that answers 410 gets its endpoint disabled by the service, and the page says why", async ({ page, service }, testInfo) => {
  test.setTimeout(longFlow)
  const receiver = await startReceiver()
  const admin = await service.admin()
  const endpoint = await expectData(admin.POST("/api/webhooks", {
    body: { name: `Receptor retirado ${Date.now().toString(36)}`, url: `${receiver.url}/gone`, events: ["route.updated"] }
  }))
  try {
    await logIn(page, seededLogins.admin)
    await page.goto(`/webhooks/${endpoint.id}`)
    await settled(page, endpoint.name)
    await page.getByRole("button", { name: "Enviar evento de prueba" }).click()
    await expect(said(page, "El evento de prueba no se entregó: el receptor respondió 410")).toBeVisible()
    await expect(page.getByText("El receptor respondió 410 (ya no existe)")).toBeVisible()
    await expect(page.getByRole("region", { name: "Datos del endpoint" })).toContainText("Desactivado por el servicio")
    await checkPage(page, testInfo, "webhook-endpoint-disabled")
  } finally {
    await admin.DELETE("/api/webhooks/{id}", { params: { path: { id: endpoint.id } } })
    await receiver.close()
  }
})

test("an admin connects the ERP with a write-only key, syncs the products watching the progress, and imports a customer", async ({ page, service }, testInfo) => {
  test.setTimeout(longFlow)
  await withErpToItself(service.baseUrl, () => erpFlow(page, testInfo))
})

const erpFlow = async (page: Page, testInfo: TestInfo) => {
  // Few products (they join the shared catalog), in pages of 5 answered slowly: a run of
  // several seconds whose progress the page shows.
  const erp = await startFakeErp({ products: 40, maxPageSize: 5, delayMs: 400 })
  try {
    await logIn(page, seededLogins.admin)
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "ERP" }).click()
    await settled(page, "ERP")

    const settings = page.getByRole("form", { name: "Datos de conexión" })
    await settings.getByRole("textbox", { name: "Partner-Id" }).fill("QuoteBrowserTest")
    await settings.getByRole("textbox", { name: "Usuario de la API" }).fill(erp.username)
    await settings.getByLabel("Llave de acceso").fill(erp.accessKey)
    await settings.getByRole("textbox", { name: "Dirección de la API" }).fill(erp.url)
    await settings.getByRole("button", { name: "Guardar conexión" }).click()
    await expect(said(page, "Datos de conexión guardados.")).toBeVisible()
    // Write-only: the field is emptied, the page says a key is kept, and nowhere shows it.
    await expect(settings.getByLabel("Llave de acceso")).toHaveValue("")
    await expect(settings.getByText("Hay una llave guardada; no se muestra.")).toBeVisible()
    expect(await page.content()).not.toContain(erp.accessKey)
    await page.reload()
    await settled(page, "ERP")
    await expect(settings.getByRole("textbox", { name: "Usuario de la API" })).toHaveValue(erp.username)
    expect(await page.content()).not.toContain(erp.accessKey)

    await page.getByRole("button", { name: "Probar conexión" }).click()
    await expect(said(page, `Conexión correcta: el ERP aceptó al usuario ${erp.username}`)).toBeVisible()

    // The sync: its progress while it runs, then its outcome and its entry in the history.
    const sync = page.getByRole("region", { name: "Sincronización de productos" })
    await sync.getByRole("button", { name: "Sincronizar ahora" }).click()
    await expect(sync.getByText("Sincronización en curso")).toBeVisible()
    // The count moves while the run goes through the ERP's pages.
    await expect(sync.getByText(/\b[1-9]\d* productos? procesados? hasta ahora/)).toBeVisible()
    await screenshot(page, testInfo, "erp-sync-running")
    await expect(said(page, "Sincronización terminada: 40 productos procesados")).toBeVisible({ timeout: 60_000 })
    await expect(sync.getByText("Sincronización en curso")).toBeHidden()
    const latest = page.getByRole("region", { name: "Historial de sincronizaciones" }).getByRole("row").nth(1)
    await expect(latest).toContainText("Exitosa")
    await expect(latest).toContainText("Manual")
    await expect(latest).toContainText("40 procesados")
    await checkPage(page, testInfo, "erp")

    // An ERP customer imported becomes a company of the service.
    await page.getByRole("navigation", { name: "Secciones del ERP" }).getByRole("link", { name: "Clientes del ERP" }).click()
    await settled(page, "Clientes del ERP")
    const first = page.getByRole("row").filter({ has: page.getByRole("button", { name: /^Importar / }) }).first()
    const customer = (await first.getByRole("rowheader").textContent()) ?? ""
    await first.getByRole("button", { name: `Importar ${customer}` }).click()
    await expect(said(page, `«${customer}» importado como empresa del servicio.`)).toBeVisible()
    await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: customer, exact: true }) }))
      .toContainText(`Importado como ${customer}`)
    await page.getByRole("navigation", { name: "Secciones del ERP" }).getByRole("link", { name: "Clientes locales" }).click()
    await settled(page, "Clientes locales")
    await page.getByLabel("Estado en el ERP").selectOption("synced")
    await expect(page).toHaveURL(/estado=synced/)
    await expect(page.getByRole("rowheader", { name: customer, exact: true })).toBeVisible()
  } finally {
    await erp.stop()
  }
}

/** Signs in as the admin and checks each page at this size, in turn. */
const checkPages = async (page: Page, testInfo: TestInfo, pages: ReadonlyArray<readonly [string, string, string]>) => {
  await logIn(page, seededLogins.admin)
  for (const [name, path, title] of pages) {
    await page.goto(path)
    await settled(page, title)
    await checkPage(page, testInfo, name)
  }
}

test("the Webhooks pages: no serious accessibility violation, no sideways scroll, touch-sized controls", async ({ page, service }, testInfo) => {
  test.setTimeout(180_000)
  const admin = await service.admin()
  const endpoint = await expectData(admin.POST("/api/webhooks", {
    body: { name: `Páginas ${testInfo.project.name} ${Date.now().toString(36)}`, url: "http://127.0.0.1:9/hooks", events: ["route.updated"], sources: ["web"] }
  }))
  try {
    await checkPages(page, testInfo, [
      ["webhooks", "/webhooks", "Webhooks"],
      ["webhook-endpoint-empty", `/webhooks/${endpoint.id}`, endpoint.name]
    ])
    // The form, with its checkboxes (each a whole row to touch).
    await page.getByRole("button", { name: "Editar", exact: true }).click()
    const form = page.getByRole("dialog", { name: "Editar endpoint" })
    await expect(form.getByRole("checkbox", { name: /route\.updated/ })).toBeChecked()
    await screenshot(page, testInfo, "webhook-form")
    for (const checkbox of await form.getByRole("checkbox").all()) {
      const box = await checkbox.boundingBox()
      expect(box === null ? 0 : Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
    }
    await expectAccessible(page, `webhook-form (${testInfo.project.name})`)
  } finally {
    await admin.DELETE("/api/webhooks/{id}", { params: { path: { id: endpoint.id } } })
  }
})

test("the ERP pages: no serious accessibility violation, no sideways scroll, touch-sized controls", async ({ page, service }, testInfo) => {
  test.setTimeout(180_000)
  const client = await service.as(await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("integrations")))
  const quotation = await expectData(client.POST("/api/quotations", {
    body: { items: [{ sku: skuOf(orderedProducts.others[0]), quantity: 1 }] },
    headers: {}
  }))
  await checkPages(page, testInfo, [
    ["erp-sync", "/erp", "ERP"],
    // Whatever the ERP answers (a list, or why it cannot): the page is checked as it is.
    ["erp-customers", "/erp/clientes", "Clientes del ERP"],
    ["erp-local-customers", "/erp/clientes-locales", "Clientes locales"],
    ["erp-quotes", `/erp/cotizaciones?cotizacion=${quotation.id}`, "Cotizaciones enviadas al ERP"]
  ])
  await expect(page.getByRole("heading", { name: `Envíos al ERP de ${quotation.code}` })).toBeVisible()
  await expect(page.getByText("Esta cotización no se ha enviado al ERP.")).toBeVisible()
})
