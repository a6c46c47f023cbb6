/**
 * The "almost closed" scenario (open one minute a week, Saturday 00:00–00:01 Bogotá): a
 * client of that branch sees the route closed with the service's Spanish message and
 * cannot send an order — the button is disabled, or the service's refusal is shown — and
 * no quotation is created.
 */
import { expect, logIn, screenshot, test } from "./support/fixtures.ts"
import { openOrderPage, routePanel, sendButton, setQuantity } from "./support/order-page.ts"
import { orderedProducts, scenarioPhones, uniqueEmail } from "./support/scenario.ts"
import { expectData } from "./support/service-api.ts"

test("the almost-closed route's client sees it closed with the message and cannot send", async ({ page, service }, testInfo) => {
  const login = await service.newClientUserLike(scenarioPhones.almostClosed, uniqueEmail("almost-closed"))
  const api = await service.as(login)
  const cutoff = await expectData(api.GET("/api/routes/me/cutoff"))
  expect(cutoff.isOpen, "the almost-closed route is closed but one minute a week").toBe(false)

  await logIn(page, login)
  await openOrderPage(page)
  const panel = routePanel(page)
  await expect(panel).toContainText(/cerrada/i)
  await expect(panel).toContainText(cutoff.message)
  await screenshot(page, testInfo, "order-closed")

  await setQuantity(page, { name: orderedProducts.others[0], quantity: 1 })
  const send = sendButton(page)
  if (await send.isEnabled()) {
    await send.click()
    await expect(page.getByRole("alert")).toContainText(cutoff.message)
  } else {
    await expect(send).toBeDisabled()
  }
  const mine = await expectData(api.GET("/api/quotations"))
  expect(mine.total, "no quotation was created").toBe(0)
})
