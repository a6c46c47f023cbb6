/**
 * One cart, one quotation (issue #23 item 4): the cart's `Idempotency-Key` makes a lost
 * answer retried, or a double click on "Enviar pedido", end in the same single quotation.
 */
import type { Page } from "@playwright/test"
import { expect, logIn, test } from "./support/fixtures.ts"
import { confirmedCode, openOrderPage, sendButton, setQuantity } from "./support/order-page.ts"
import { orderedProducts, scenarioPhones, uniqueEmail } from "./support/scenario.ts"
import type { ServiceApi } from "./support/service-api.ts"

const cartReady = async (page: Page, service: ServiceApi, label: string) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail(label))
  await logIn(page, login)
  await openOrderPage(page)
  await setQuantity(page, { name: orderedProducts.others[0], quantity: 2 })
  return login
}

test("an answer lost on the way back is asked again with the same key: one quotation", async ({ page, service }) => {
  const login = await cartReady(page, service, "lost-answer")
  const keys: Array<string | null> = []
  await page.route("**/api/quotations", async (route) => {
    if (route.request().method() !== "POST") return route.fallback()
    keys.push(await route.request().headerValue("idempotency-key"))
    if (keys.length === 1) {
      // The service receives the order and creates the quotation; its answer never arrives.
      await route.fetch()
      return route.abort("connectionreset")
    }
    return route.fallback()
  })

  await sendButton(page).click()
  const code = await confirmedCode(page)
  expect(keys.length, "the console asked again").toBeGreaterThanOrEqual(2)
  expect(new Set(keys).size, "with the same Idempotency-Key").toBe(1)
  expect(keys[0]).toBeTruthy()
  expect(await service.quotationCodesOf(login)).toEqual([code])
})

test("a double click on Enviar pedido creates one quotation", async ({ page, service }) => {
  const login = await cartReady(page, service, "double-click")
  await sendButton(page).dblclick()
  const code = await confirmedCode(page)
  expect(await service.quotationCodesOf(login)).toEqual([code])
})
