/**
 * The "almost closed" scenario (open one minute a week, Saturday 00:00–00:01 Bogotá): a
 * client of that branch sees the route closed with the service's Spanish message and
 * cannot send an order — the button is disabled, or the service's refusal is shown — and
 * no quotation is created. And a route that closes while a cart is open: the service's
 * 422 ROUTE_CLOSED keeps the cart and shows the message.
 */
import { expect, logIn, screenshot, test } from "./support/fixtures.ts"
import { cartLine, openOrderPage, quantityOf, routePanel, sendButton, setQuantity } from "./support/order-page.ts"
import { orderedProducts, scenarioPhones, skuOf, uniqueEmail } from "./support/scenario.ts"
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
  expect(await service.quotationCodesOf(login), "no quotation was created").toEqual([])
})

test("a route that closed while the cart was open: the refusal is shown and the cart kept", async ({ page, service }) => {
  // The service's real refusal, taken from the almost-closed route's client...
  const closed = await service.newClientUserLike(scenarioPhones.almostClosed, uniqueEmail("closed-refusal"))
  const refusal = await (await service.as(closed)).POST("/api/quotations", {
    body: { items: [{ sku: skuOf(orderedProducts.others[0]), quantity: 1 }] },
    headers: {}
  })
  expect(refusal.response.status).toBe(422)
  const envelope = JSON.stringify(refusal.error)
  expect(envelope).toContain("ROUTE_CLOSED")

  // ...answered to a client of an open route as it presses "Enviar pedido".
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("closed-meanwhile"))
  await logIn(page, login)
  await openOrderPage(page)
  const line = { name: orderedProducts.others[1], quantity: 3 }
  await setQuantity(page, line)
  await page.route("**/api/quotations", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 422, contentType: "application/json", body: envelope })
      : route.fallback()
  )
  await sendButton(page).click()
  const message = (refusal.error as { error: { message: string } }).error.message
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible()
  await expect(quantityOf(page, line.name)).toHaveValue(String(line.quantity))
  await expect(cartLine(page, line.name)).toBeVisible()
  expect(await service.quotationCodesOf(login), "no quotation was created").toEqual([])
})
