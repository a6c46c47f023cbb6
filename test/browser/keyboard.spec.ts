/**
 * The whole portal by keyboard alone (issue #23, "Proven how"): log in, find three
 * products with "Buscar producto", set their quantities with the arrow keys on the spin
 * buttons, send, open the quotation, repeat it, and log out — Tab, arrows, Enter and
 * typing only, never the mouse. Desktop only (the phone project has no keyboard; its
 * grepInvert leaves @keyboard out).
 */
import type { Locator, Page } from "@playwright/test"
import { expect, test } from "./support/fixtures.ts"
import { confirmedCode, expectOrderPage, openOrderPage, type OrderLine, orderLines, quantityOf, routePanel, sendButton } from "./support/order-page.ts"
import { orderedProducts, scenarioPhones, uniqueEmail } from "./support/scenario.ts"

const order: ReadonlyArray<OrderLine> = [
  { name: orderedProducts.promoted, quantity: 3 },
  { name: orderedProducts.others[0], quantity: 1 },
  { name: orderedProducts.others[1], quantity: 2 }
]

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false)

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `limit` presses. */
const tabTo = async (page: Page, target: Locator, { backwards = false, limit = 80 } = {}) => {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab")
  }
  await expect(target, `reached by ${limit} presses of Tab`).toBeFocused()
}

test("login, order, send, repeat and log out by keyboard alone", { tag: "@keyboard" }, async ({ page, service }) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("keyboard"))

  await page.goto("/ingresar")
  await tabTo(page, page.getByLabel("Correo electrónico"))
  await page.keyboard.type(login.email)
  await page.keyboard.press("Tab")
  await expect(page.getByLabel("Contraseña", { exact: true })).toBeFocused()
  await page.keyboard.type(login.password)
  await page.keyboard.press("Enter")

  await expect(page).toHaveURL(/\/pedido$/)
  await openOrderPage(page)
  await expect(routePanel(page)).toContainText(/abierta/i)

  const search = page.getByRole("searchbox", { name: "Buscar producto" })
  for (const line of order) {
    await tabTo(page, search)
    await page.keyboard.press("Control+A")
    await page.keyboard.type(line.name)
    const quantity = quantityOf(page, line.name)
    await expect(quantity).toBeVisible()
    await tabTo(page, quantity)
    for (let step = 0; step < line.quantity; step++) await page.keyboard.press("ArrowUp")
    await expect(quantity).toHaveValue(String(line.quantity))
  }

  await tabTo(page, sendButton(page))
  await page.keyboard.press("Enter")
  const code = await confirmedCode(page)
  const sent = await service.quotationByCode(login, code)
  expect(orderLines(sent.items)).toEqual(orderLines(order))

  // The quotation's detail, then "Repetir pedido": the same quantities are back in the cart.
  await tabTo(page, page.getByRole("link", { name: /detalle/i }))
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { level: 1 })).toContainText(code)
  const repeat = page.getByRole("button", { name: "Repetir pedido" }).or(page.getByRole("link", { name: "Repetir pedido" }))
  await tabTo(page, repeat)
  await page.keyboard.press("Enter")
  await expectOrderPage(page)
  for (const line of order) await expect(quantityOf(page, line.name)).toHaveValue(String(line.quantity))

  // And out: back up over the order page, whose length grows with the catalogue the other
  // tests on this server add to (each product a quantity and its buttons).
  await tabTo(page, page.getByRole("button", { name: "Cerrar sesión" }), { backwards: true, limit: 400 })
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/ingresar/)
})
