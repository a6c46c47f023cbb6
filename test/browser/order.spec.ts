/**
 * The client's order (issue #23, "Proven how"): the first test client logs in, lands on
 * "Hacer pedido", sees its route open, orders three products (one at its promotion
 * price) and presses "Enviar pedido"; the quotation the service stored
 * (`GET /api/quotations/:id`) has exactly those lines at the prices the catalog showed, and
 * the console shows its code and total.
 */
import { formatMoney } from "../../packages/web/src/format.ts"
import { expect, logIn, screenshot, test } from "./support/fixtures.ts"
import { openOrderPage, type OrderLine, orderLines, productCard, routePanel, sendOrder, setQuantity } from "./support/order-page.ts"
import { orderedProducts, seededLogins } from "./support/scenario.ts"

const order: ReadonlyArray<OrderLine> = [
  { name: orderedProducts.promoted, quantity: 2 },
  { name: orderedProducts.others[0], quantity: 1 },
  { name: orderedProducts.others[1], quantity: 3 }
]

test("the client orders three products, one promoted, and gets the quotation the service stored", async ({ page, service }, testInfo) => {
  const login = seededLogins.client
  const prices = await service.pricesOf(login)
  const promoted = prices.get(orderedProducts.promoted)
  expect(promoted?.priceType, "the seeded promotion applies to the first test client").toBe("promotion")

  await logIn(page, login)
  await expect(page).toHaveURL(/\/pedido$/)
  await openOrderPage(page)
  await expect(routePanel(page)).toContainText(/abierta/i)
  await expect(page.getByRole("combobox", { name: "Sucursal" })).toBeVisible()
  await screenshot(page, testInfo, "order-open")

  // The promoted product shows its promotion price, and the regular price struck through.
  const promotedCard = productCard(page, orderedProducts.promoted)
  await expect(promotedCard).toContainText(formatMoney(promoted!.finalPrice))
  await expect(promotedCard.locator("s, del")).toContainText(formatMoney(promoted!.priceListPrice))

  for (const line of order) await setQuantity(page, line)
  const expectedTotal = order.reduce((sum, line) => sum + prices.get(line.name)!.finalPrice * line.quantity, 0)
  await expect(page.getByRole("main")).toContainText(formatMoney(expectedTotal))
  await screenshot(page, testInfo, "order-cart")

  const code = await sendOrder(page)
  expect(code).toMatch(/^COT-\d{6}$/)
  await screenshot(page, testInfo, "order-confirmation")

  const quotation = await service.quotationByCode(login, code)
  expect(orderLines(quotation.items)).toEqual(orderLines(order))
  for (const item of quotation.items) {
    const shown = prices.get(item.name)!
    expect(item.unitPrice, `${item.name}: the price the catalog showed`).toBe(shown.finalPrice)
    expect(item.priceType).toBe(shown.priceType)
    expect(item.subtotal).toBe(item.unitPrice * item.quantity)
  }
  expect(quotation.total).toBe(expectedTotal)
  expect(quotation.source).toBe("web")
  await expect(page.getByRole("main")).toContainText(formatMoney(quotation.total))

  // The quotation's detail shows the same lines and total.
  await page.goto(`/cotizaciones/${quotation.id}`)
  await expect(page.getByRole("heading", { level: 1 })).toContainText(code)
  const main = page.getByRole("main")
  for (const item of quotation.items) {
    await expect(main).toContainText(item.name)
    await expect(main).toContainText(formatMoney(item.subtotal))
  }
  await expect(main).toContainText(formatMoney(quotation.total))
})
