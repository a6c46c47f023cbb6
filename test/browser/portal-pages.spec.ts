/**
 * Every page of the portal at both sizes (issue #23 items 6 and "Proven how"): axe finds
 * no serious or critical violation, nothing scrolls sideways (at 390×844 above all), on
 * the phone every control is at least 44 px for a thumb, and a full-page screenshot goes
 * to test-results/screens/<project>/ for a person to look at.
 */
import type { Page } from "@playwright/test"
import { expect, expectAccessible, expectNoHorizontalScroll, expectTouchTargets, logIn, screenshot, test } from "./support/fixtures.ts"
import { openOrderPage } from "./support/order-page.ts"
import { orderedProducts, scenarioPhones, seededLogins, skuOf, uniqueEmail } from "./support/scenario.ts"
import { expectData, type ServiceApi } from "./support/service-api.ts"

/** Waits until the page has its heading and nothing is loading any more. */
const settled = async (page: Page, heading: RegExp) => {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading)
  await expect(page.getByRole("status").filter({ hasText: /cargando|consultando|buscando/i })).toHaveCount(0)
}

/** A client of its own with one quotation, so its list and detail have something to show. */
const clientWithQuotation = async (service: ServiceApi) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("pages"))
  const quotation = await expectData((await service.as(login)).POST("/api/quotations", {
    body: {
      items: [{ sku: skuOf(orderedProducts.promoted), quantity: 2 }, { sku: skuOf(orderedProducts.others[0]), quantity: 1 }],
      notes: "Entregar en la bodega de atrás, por favor."
    },
    headers: {}
  }))
  return { login, quotation }
}

interface PortalPage {
  readonly name: string
  readonly heading: RegExp
  readonly open: (page: Page, service: ServiceApi) => Promise<void>
}

const portalPages: ReadonlyArray<PortalPage> = [
  {
    name: "login",
    heading: /Ingresar/,
    open: async (page) => {
      await page.goto("/ingresar")
    }
  },
  {
    name: "order",
    heading: /Hacer pedido/,
    open: async (page) => {
      await logIn(page, seededLogins.client)
      await openOrderPage(page)
    }
  },
  {
    name: "order-route-closed",
    heading: /Hacer pedido/,
    open: async (page, service) => {
      await logIn(page, await service.newClientUserLike(scenarioPhones.almostClosed, uniqueEmail("pages-closed")))
      await openOrderPage(page)
    }
  },
  {
    name: "my-quotations",
    heading: /Mis cotizaciones/,
    open: async (page, service) => {
      const { login } = await clientWithQuotation(service)
      await logIn(page, login)
      await page.goto("/cotizaciones")
    }
  },
  {
    name: "quotation-detail",
    heading: /COT-\d+/,
    open: async (page, service) => {
      const { login, quotation } = await clientWithQuotation(service)
      await logIn(page, login)
      await page.goto(`/cotizaciones/${quotation.id}`)
    }
  },
  {
    name: "my-company",
    heading: /Mi empresa/,
    open: async (page) => {
      await logIn(page, seededLogins.client)
      await page.goto("/empresa")
    }
  },
  {
    name: "not-available",
    heading: /no disponible/i,
    open: async (page) => {
      await logIn(page, seededLogins.advisor)
      await page.goto("/pedido")
    }
  }
]

for (const portalPage of portalPages) {
  test(`${portalPage.name}: no serious accessibility violation, no sideways scroll, touch-sized controls`, async ({ page, service }, testInfo) => {
    await portalPage.open(page, service)
    await settled(page, portalPage.heading)
    await screenshot(page, testInfo, portalPage.name)
    await expectNoHorizontalScroll(page, portalPage.name)
    if (testInfo.project.use.hasTouch === true) await expectTouchTargets(page, portalPage.name)
    await expectAccessible(page, `${portalPage.name} (${testInfo.project.name})`)
  })
}
