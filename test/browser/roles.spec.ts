/**
 * Each role's home and navigation (issue #23 items 3 and 7): a client lands on "Hacer
 * pedido", an advisor or admin on "Cotizaciones"; a client-only page shows them "no
 * disponible"; "Cerrar sesión" ends the session for good (a reload does not bring it back).
 */
import type { Page } from "@playwright/test"
import { expect, logIn, test } from "./support/fixtures.ts"
import { seededLogins } from "./support/scenario.ts"

const mainNavigation = (page: Page) => page.getByRole("navigation", { name: "Principal" })

test("a client lands on Hacer pedido with the client's navigation", async ({ page }) => {
  await logIn(page, seededLogins.client)
  await expect(page).toHaveURL(/\/pedido$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Hacer pedido/)
  const navigation = mainNavigation(page)
  for (const link of ["Hacer pedido", "Mis cotizaciones", "Mi empresa"]) {
    await expect(navigation.getByRole("link", { name: link })).toBeVisible()
  }
})

for (const role of ["advisor", "admin"] as const) {
  test(`an ${role} lands on Cotizaciones and client pages are not available`, async ({ page }) => {
    await logIn(page, seededLogins[role])
    await expect(page).toHaveURL(/\/cotizaciones$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Cotizaciones/)
    const navigation = mainNavigation(page)
    await expect(navigation.getByRole("link", { name: "Cotizaciones" })).toBeVisible()
    await expect(navigation.getByRole("link", { name: "Hacer pedido" })).toHaveCount(0)

    for (const path of ["/pedido", "/empresa"]) {
      await page.goto(path)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/no disponible/i)
      await expect(page.getByRole("spinbutton")).toHaveCount(0)
    }
  })
}

test("Cerrar sesión signs out, and a reload does not sign back in", async ({ page }) => {
  await logIn(page, seededLogins.client)
  await page.getByRole("button", { name: "Cerrar sesión" }).click()
  await expect(page).toHaveURL(/\/ingresar/)
  await expect(page.getByLabel("Correo electrónico")).toBeVisible()

  await page.goto("/pedido")
  await expect(page).toHaveURL(/\/ingresar/)
  await page.reload()
  await expect(page.getByRole("button", { name: "Ingresar" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toHaveCount(0)
})
