/**
 * "Hacer pedido" as the tests see it, through the names issue #23 item 7 fixes: the
 * route panel (a `status` region), a spin button "Cantidad de <nombre>" per product,
 * "Enviar pedido", and a confirmation heading that contains the quotation's code.
 */
import { expect, type Locator, type Page } from "@playwright/test"

/** The route panel: the `status` region that says whether the route takes orders. */
export const routePanel = (page: Page): Locator =>
  page.getByRole("status").filter({ hasText: /abierta|cerrada|sin ruta/i })

/** A product's quantity in the catalog. */
export const quantityOf = (page: Page, productName: string): Locator =>
  page.getByRole("spinbutton", { name: `Cantidad de ${productName}`, exact: true })

/** A product of the catalog: the list item headed by its name. */
export const productCard = (page: Page, productName: string): Locator =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: productName, exact: true }) })

/** The cart ("Su pedido"), a region beside the catalog. */
export const cartPanel = (page: Page): Locator => page.getByRole("region", { name: "Su pedido" })

/** One line of the cart. */
export const cartLine = (page: Page, productName: string): Locator =>
  cartPanel(page).getByRole("listitem").filter({ hasText: productName })

export const sendButton = (page: Page): Locator => page.getByRole("button", { name: "Enviar pedido" })

/** The confirmation heading, which contains the code of the quotation just created. */
export const confirmationHeading = (page: Page): Locator => page.getByRole("heading", { name: /COT-\d+/ })

export interface OrderLine {
  readonly name: string
  readonly quantity: number
}

/** Lines as name and quantity, in name order: what a quotation holds, comparable with an order. */
export const orderLines = (lines: ReadonlyArray<OrderLine>): ReadonlyArray<OrderLine> =>
  lines.map(({ name, quantity }) => ({ name, quantity })).sort((a, b) => a.name.localeCompare(b.name))

/** Types a product's quantity as a person would, and leaves the field so it counts. */
export const setQuantity = async (page: Page, line: OrderLine): Promise<void> => {
  const field = quantityOf(page, line.name)
  await field.fill(String(line.quantity))
  await field.blur()
  await expect(field).toHaveValue(String(line.quantity))
}

/** Opens "Hacer pedido" (already signed in as a client) and waits until the route's status is known. */
export const openOrderPage = async (page: Page): Promise<void> => {
  if (new URL(page.url()).pathname !== "/pedido") await page.goto("/pedido")
  await expectOrderPage(page)
}

/** The console is on "Hacer pedido" (it got there by itself) and knows the route's status. */
export const expectOrderPage = async (page: Page): Promise<void> => {
  await expect(page).toHaveURL(/\/pedido(\?|$)/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hacer pedido")
  await expect(routePanel(page)).toBeVisible()
}

/** Presses "Enviar pedido" and answers the code in the confirmation heading. */
export const sendOrder = async (page: Page): Promise<string> => {
  await sendButton(page).click()
  return confirmedCode(page)
}

/** The quotation code the confirmation heading shows. */
export const confirmedCode = async (page: Page): Promise<string> => {
  const heading = confirmationHeading(page)
  await expect(heading).toBeVisible()
  const code = /COT-\d+/.exec(await heading.innerText())?.[0]
  if (code === undefined) throw new Error("the confirmation heading has no quotation code")
  return code
}
