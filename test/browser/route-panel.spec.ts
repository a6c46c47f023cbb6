/**
 * The route panel of "Hacer pedido" (issue #23 item 4) against the service's
 * `GET /api/routes/me/cutoff`: the route date the order goes to, the next four route
 * dates, and the deadline as a live countdown — the browser's clock is fixed, then moved,
 * and the countdown follows it.
 */
import { formatCivilDate, formatRemaining } from "../../packages/web/src/format.ts"
import { messages } from "../../packages/web/src/i18n/messages.ts"
import { expect, logIn, test } from "./support/fixtures.ts"
import { openOrderPage, routePanel } from "./support/order-page.ts"
import { scenarioPhones, uniqueEmail } from "./support/scenario.ts"
import { expectData } from "./support/service-api.ts"

/** A route date as the service sends it (a date, or a Bogotá timestamp) to its civil day. */
const civilDay = (at: string) => at.slice(0, 10)

test("the route panel shows the route dates and counts down to the deadline", async ({ page, service }) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("route-panel"))
  const cutoff = await expectData((await service.as(login)).GET("/api/routes/me/cutoff"))
  expect(cutoff.isOpen, "the always-open route").toBe(true)
  const deadline = Date.parse(cutoff.deadline!)

  const now = Date.now()
  await page.clock.setFixedTime(now)
  await logIn(page, login)
  await openOrderPage(page)
  const panel = routePanel(page)
  await expect(panel).toContainText(formatCivilDate(civilDay(cutoff.routeDate!)))
  for (const day of cutoff.upcomingRouteDates.slice(0, 4)) await expect(panel).toContainText(formatCivilDate(civilDay(day), "short"))
  await expect(panel).toContainText(messages.order.route.closesIn(formatRemaining(deadline - now)))

  // Time passes: the countdown follows the browser's clock.
  const later = now + 65_000
  await page.clock.setFixedTime(later)
  await expect(panel).toContainText(messages.order.route.closesIn(formatRemaining(deadline - later)))
})
