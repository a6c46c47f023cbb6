/**
 * "Repetir pedido" (issue #23 item 4): from a past quotation's detail, the cart is filled
 * with the same products and quantities at TODAY's prices. Between the order and the
 * repeat an admin gives the client a promotion on one product; the cart shows the new
 * price, and the order sent from it is priced so.
 */
import { formatMoney } from "../../packages/web/src/format.ts"
import { expect, logIn, screenshot, test } from "./support/fixtures.ts"
import { cartLine, confirmedCode, expectOrderPage, orderLines, quantityOf, sendButton } from "./support/order-page.ts"
import { scenarioPhones, skuOf, uniqueEmail } from "./support/scenario.ts"
import { expectData } from "./support/service-api.ts"

/** Products no other browser test orders or reprices (the client is this test's own anyway). */
const repriced = "Gaseosa cola 1.5 L x 12"
const unchanged = "Cloro 3.8 L"

test("Repetir pedido fills the cart with the same products at today's prices", async ({ page, service }, testInfo) => {
  // A client of its own, so the promotion below reaches no other test.
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("repeat"))
  const api = await service.as(login)
  const past = await expectData(api.POST("/api/quotations", {
    body: { items: [{ sku: skuOf(repriced), quantity: 2 }, { sku: skuOf(unchanged), quantity: 5 }] },
    headers: {}
  }))
  const pastPrice = past.items.find((item) => item.name === repriced)!.unitPrice

  // Today the client gets that product cheaper.
  const todaysPrice = pastPrice - 4_100
  const admin = await service.admin()
  const product = (await service.pricesOf(login)).get(repriced)!
  await expectData(admin.POST("/api/promotions", {
    body: {
      name: `Promoción de prueba ${login.email}`,
      kind: "specific",
      productId: product.productId,
      price: todaysPrice,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      clientIds: [login.clientId]
    }
  }))

  await logIn(page, login)
  await page.goto(`/cotizaciones/${past.id}`)
  await expect(page.getByRole("heading", { level: 1 })).toContainText(past.code)
  await screenshot(page, testInfo, "quotation-detail")
  await page.getByRole("button", { name: "Repetir pedido" }).or(page.getByRole("link", { name: "Repetir pedido" })).click()

  await expectOrderPage(page)
  await expect(quantityOf(page, repriced)).toHaveValue("2")
  await expect(quantityOf(page, unchanged)).toHaveValue("5")
  const line = cartLine(page, repriced)
  await expect(line).toContainText(formatMoney(todaysPrice))
  await expect(line).not.toContainText(formatMoney(pastPrice))
  await screenshot(page, testInfo, "order-repeated")

  await sendButton(page).click()
  const code = await confirmedCode(page)
  const repeated = await service.quotationByCode(login, code)
  expect(orderLines(repeated.items)).toEqual(orderLines([{ name: repriced, quantity: 2 }, { name: unchanged, quantity: 5 }]))
  const unitPrice = (name: string) => repeated.items.find((item) => item.name === name)?.unitPrice
  expect(unitPrice(repriced), "today's price").toBe(todaysPrice)
  expect(unitPrice(unchanged)).toBe(past.items.find((item) => item.name === unchanged)!.unitPrice)
})

test("Repetir pedido names the products no longer available and fills the cart with the rest", async ({ page, service }) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("repeat-gone"))
  const api = await service.as(login)
  const past = await expectData(api.POST("/api/quotations", {
    body: { items: [{ sku: skuOf(repriced), quantity: 1 }, { sku: skuOf(unchanged), quantity: 3 }] },
    headers: {}
  }))
  const gone = past.items.find((item) => item.name === unchanged)!.productId!

  // The catalog no longer sells one of them: the service's price sheet says so (as it
  // does for an inactive or unpriced product) — here by rewriting its answer.
  await page.route(/\/api\/my-company\/prices\?.*productIds=/, async (route) => {
    const response = await route.fetch()
    const sheet = await response.json()
    sheet.items = sheet.items.filter((item: { productId: string }) => item.productId !== gone)
    sheet.notFound.productIds = [...sheet.notFound.productIds, gone]
    await route.fulfill({ response, json: sheet })
  })

  await logIn(page, login)
  await page.goto(`/cotizaciones/${past.id}`)
  await page.getByRole("link", { name: "Repetir pedido" }).click()

  await expectOrderPage(page)
  await expect(page.getByText(`No se agregaron porque ya no están disponibles: ${unchanged}.`)).toBeVisible()
  await expect(quantityOf(page, repriced)).toHaveValue("1")
  await expect(cartLine(page, unchanged)).toHaveCount(0)
})
