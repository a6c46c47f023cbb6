/**
 * The session mid-order (issue #23 item 3): a reload keeps the cart, and when the access
 * token stops being accepted (here: the service's 401 for one call, as at expiry) the
 * console refreshes the session through its cookie, repeats the call, and the cart and
 * the order go on as if nothing happened. The service's access tokens live 8 hours with
 * no setting to shorten them, so the expiry is played: by answering one call 401, and by
 * telling the console at login that its token lives 65 seconds (it then refreshes ahead
 * of that, 60 seconds before).
 */
import type { Page, Route } from "@playwright/test"
import { expect, logIn, test } from "./support/fixtures.ts"
import { cartLine, confirmedCode, openOrderPage, type OrderLine, orderLines, quantityOf, sendButton, sendOrder, setQuantity } from "./support/order-page.ts"
import { orderedProducts, scenarioPhones, uniqueEmail } from "./support/scenario.ts"

const cart: ReadonlyArray<OrderLine> = [
  { name: orderedProducts.others[0], quantity: 4 },
  { name: orderedProducts.others[1], quantity: 1 }
]

const expectCartKept = async (page: Page) => {
  for (const line of cart) {
    await expect(quantityOf(page, line.name)).toHaveValue(String(line.quantity))
    await expect(cartLine(page, line.name)).toBeVisible()
  }
}

/** Answers the first request to `pattern` (with `method`) 401 INVALID_TOKEN; answers how many were refused. */
const refuseOnce = async (page: Page, pattern: string, method: string) => {
  let refused = 0
  await page.route(pattern, async (route: Route) => {
    if (refused === 0 && route.request().method() === method) {
      refused++
      await route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "INVALID_TOKEN", message: "The session token has expired" } })
      })
      return
    }
    await route.fallback()
  })
  return () => refused
}

const refreshAnswered = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith("/api/auth/session/refresh") && response.status() === 200)

test("a reload and a session refreshed mid-order keep the cart, and the order goes through once", async ({ page, service }) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("refresh"))
  await logIn(page, login)
  await openOrderPage(page)
  for (const line of cart) await setQuantity(page, line)

  await page.reload()
  await openOrderPage(page)
  await expectCartKept(page)

  // The token is refused while the client searches the catalog.
  const searchRefusals = await refuseOnce(page, "**/api/my-company/prices**", "GET")
  const searchRefreshed = refreshAnswered(page)
  await page.getByRole("searchbox", { name: "Buscar producto" }).fill(cart[0]!.name)
  await searchRefreshed
  await expect(quantityOf(page, cart[0]!.name)).toHaveValue(String(cart[0]!.quantity))
  expect(searchRefusals()).toBe(1)
  await page.getByRole("searchbox", { name: "Buscar producto" }).clear()
  await expectCartKept(page)

  // And again when the order is sent.
  const sendRefusals = await refuseOnce(page, "**/api/quotations", "POST")
  const sendRefreshed = refreshAnswered(page)
  await sendButton(page).click()
  await sendRefreshed
  const code = await confirmedCode(page)
  expect(sendRefusals()).toBe(1)

  const quotation = await service.quotationByCode(login, code)
  expect(orderLines(quotation.items)).toEqual(orderLines(cart))
  expect(await service.quotationCodesOf(login), "one quotation, not two").toEqual([code])
})

test("a session refreshed ahead of its expiry keeps the cart", async ({ page, service }) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("refresh-ahead"))
  // The login's answer says the token lives 65 s: the console schedules its refresh 5 s later.
  await page.route("**/api/auth/session", async (route) => {
    if (route.request().method() !== "POST") return route.fallback()
    const answer = await route.fetch()
    const grant = { ...(await answer.json()), expiresIn: 65 }
    return route.fulfill({ response: answer, json: grant })
  })
  await logIn(page, login)
  await openOrderPage(page)
  const refreshed = refreshAnswered(page)
  for (const line of cart) await setQuantity(page, line)
  await refreshed
  await expectCartKept(page)
  await expect(page).toHaveURL(/\/pedido$/)

  const code = await sendOrder(page)
  const quotation = await service.quotationByCode(login, code)
  expect(orderLines(quotation.items)).toEqual(orderLines(cart))
})
