/**
 * The browser tests' `test`: Playwright's, plus `service` (the HTTP API of the running
 * service, for setting a scene and reading back results) and, when a test fails, the
 * tail of the server's output in the report. Helpers every spec uses: logging in through
 * the login page, the accessibility check, the phone-width check and page screenshots.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, test as base, type TestInfo } from "@playwright/test"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { screensDir, serverLogFile } from "./output-paths.ts"
import type { Login } from "./scenario.ts"
import { ServiceApi } from "./service-api.ts"

/** The server's last lines, without the requests for the console's static files. */
const serverLogTail = (lines: number): string =>
  existsSync(serverLogFile)
    ? readFileSync(serverLogFile, "utf8").split("\n").filter((line) => !/"path":"\/(assets\/|favicon)/.test(line)).slice(-lines).join("\n")
    : "(no server log)"

export const test = base.extend<{ service: ServiceApi; serverLogOnFailure: void }>({
  service: async ({ baseURL }, use) => {
    if (baseURL === undefined) throw new Error("no baseURL: run the browser tests through playwright.config.ts")
    await use(new ServiceApi(baseURL))
  },
  serverLogOnFailure: [async ({}, use, testInfo) => {
    await use()
    if (testInfo.status !== testInfo.expectedStatus) {
      const tail = serverLogTail(30)
      await testInfo.attach("server output (last lines)", { body: tail, contentType: "text/plain" })
      console.error(`\n--- server output, last lines (${serverLogFile}) ---\n${tail}\n---`)
    }
  }, { auto: true }]
})

export { expect }

/** Signs in through the login page, as a person types it; waits until the console leaves the login page. */
export const logIn = async (page: Page, login: Login): Promise<void> => {
  await page.goto("/ingresar")
  await page.getByLabel("Correo electrónico").fill(login.email)
  await page.getByLabel("Contraseña", { exact: true }).fill(login.password)
  await page.getByRole("button", { name: "Ingresar" }).click()
  await expect(page).not.toHaveURL(/\/ingresar/)
}

/** Fails on any axe violation of impact serious or critical, listing each readably. */
export const expectAccessible = async (page: Page, what: string): Promise<void> => {
  const results = await new AxeBuilder({ page }).analyze()
  const grave = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
  const described = grave.map((violation) =>
    `- ${violation.id} (${violation.impact}): ${violation.help}\n` +
    violation.nodes.map((node) => `    at ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ")}`).join("\n")
  )
  expect(described, `serious or critical accessibility violations on ${what}`).toEqual([])
}

/** At the current viewport the page does not scroll sideways. */
export const expectNoHorizontalScroll = async (page: Page, what: string): Promise<void> => {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth }
  })
  expect(scrollWidth, `${what} scrolls horizontally (${scrollWidth}px content in ${clientWidth}px)`).toBeLessThanOrEqual(clientWidth)
}

/**
 * Every control a person can touch — buttons, fields, selects, spin buttons and links that
 * stand alone (not inside a sentence) — is at least 44 CSS px tall and wide. Controls the
 * user cannot see (off-screen like the skip link until focused, aria-hidden like React
 * Aria's hidden native select, or in a visually hidden wrapper like its native checkbox)
 * are left out.
 */
export const expectTouchTargets = async (page: Page, what: string): Promise<void> => {
  const small = await page.evaluate(() => {
    const controls = "button, input:not([type=hidden]), select, textarea, a[href], [role=button], [role=combobox], [role=spinbutton], [role=checkbox], [role=radio], [role=switch]"
    const found: Array<string> = []
    for (const element of Array.from(document.querySelectorAll(controls))) {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      // Inside a visually hidden wrapper (1×1 px, clipped: React Aria's native checkbox, whose
      // label is what a thumb presses) the control is not seen either.
      let hiddenWrapper = false
      for (let parent = element.parentElement; parent !== null && !hiddenWrapper; parent = parent.parentElement) {
        const around = parent.getBoundingClientRect()
        hiddenWrapper = around.width <= 1 && around.height <= 1 && getComputedStyle(parent).overflow === "hidden"
      }
      const unseen = box.width === 0 || box.height === 0 || box.right <= 0 || box.left >= window.innerWidth ||
        style.visibility === "hidden" || element.closest("[aria-hidden=true]") !== null || hiddenWrapper
      const inlineLink = element.tagName === "A" && style.display === "inline"
      if (unseen || inlineLink || (box.width >= 44 && box.height >= 44)) continue
      const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? ""
      found.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`)
    }
    return found
  })
  expect(small, `controls under 44×44 px on ${what}`).toEqual([])
}

/** A full-page screenshot in test-results/screens/<project>/<name>.png. */
export const screenshot = async (page: Page, testInfo: TestInfo, name: string): Promise<void> => {
  await page.screenshot({ path: join(screensDir, testInfo.project.name, `${name}.png`), fullPage: true, scale: "css" })
}

/** Waits until the page has its heading and nothing on it is loading any more. */
export const settled = async (page: Page, heading: string | RegExp): Promise<void> => {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading)
  await expect(page.getByRole("status").filter({ hasText: /cargando|buscando|consultando/i })).toHaveCount(0)
}

/**
 * A page's checks at the current size: a screenshot to look at, no sideways scroll,
 * touch-sized controls on the phone, and no serious or critical axe violation.
 */
export const checkPage = async (page: Page, testInfo: TestInfo, name: string): Promise<void> => {
  await screenshot(page, testInfo, name)
  await expectNoHorizontalScroll(page, name)
  if (testInfo.project.use.hasTouch === true) await expectTouchTargets(page, name)
  await expectAccessible(page, `${name} (${testInfo.project.name})`)
}
