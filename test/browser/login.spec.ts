/**
 * Signing in (issue #23 item 3): a wrong password gets one sentence that does not say
 * which of the two fields was wrong, and a throttled login (429) says how long to wait.
 * Each test signs in as a user it creates, so the failures it counts throttle nobody else.
 */
import type { Page } from "@playwright/test"
import { waitText } from "../../packages/web/src/ui/wait-text.ts"
import { expect, logIn, test } from "./support/fixtures.ts"
import { scenarioPhones, throttledLoginLimit, uniqueEmail } from "./support/scenario.ts"

const loginAlert = (page: Page) => page.getByRole("alert")

/** Fills and sends the login form; resolves once the service has answered. */
const submitLogin = async (page: Page, email: string, password: string) => {
  await page.getByLabel("Correo electrónico").fill(email)
  await page.getByLabel("Contraseña", { exact: true }).fill(password)
  const answered = page.waitForResponse((response) =>
    response.url().endsWith("/api/auth/session") && response.request().method() === "POST"
  )
  await page.getByRole("button", { name: "Ingresar" }).click()
  return (await answered).status()
}

test("a wrong password is refused without saying which field was wrong", async ({ page, service }) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("wrong-password"))
  await page.goto("/ingresar")
  await submitLogin(page, login.email, `${login.password}-not`)

  const alert = loginAlert(page)
  await expect(alert).toBeVisible()
  // One sentence about both, never "the password is wrong" nor "no such e-mail".
  await expect(alert).toContainText(/correo/i)
  await expect(alert).toContainText(/contraseña/i)
  await expect(page.getByLabel("Correo electrónico")).not.toHaveAttribute("aria-invalid", "true")
  await expect(page.getByLabel("Contraseña", { exact: true })).not.toHaveAttribute("aria-invalid", "true")
  await expect(page).toHaveURL(/\/ingresar/)

  // An unknown e-mail reads exactly the same.
  const wrongPasswordText = await alert.innerText()
  await submitLogin(page, uniqueEmail("nobody"), login.password)
  await expect(alert).toHaveText(wrongPasswordText)

  // And the right password still gets in.
  await logIn(page, login)
  await expect(page).toHaveURL(/\/pedido/)
})

test("a throttled login says how long to wait", async ({ page, service }) => {
  const login = await service.newClientUserLike(scenarioPhones.twoBranches, uniqueEmail("throttled"))
  await page.goto("/ingresar")
  for (let attempt = 1; attempt <= throttledLoginLimit; attempt++) {
    expect(await submitLogin(page, login.email, `wrong-${attempt}`)).toBe(401)
    await expect(loginAlert(page)).toContainText(/contraseña/i)
  }
  // Over the limit even the right password is refused for a while: the page says how long.
  expect(await submitLogin(page, login.email, login.password)).toBe(429)
  const alert = loginAlert(page)
  await expect(alert).toContainText(/espere/i)

  const answer = await service.anonymous().POST("/api/auth/login", { body: login })
  expect(answer.response.status).toBe(429)
  const retryAfter = Number(answer.response.headers.get("retry-after"))
  expect(retryAfter).toBeGreaterThan(0)
  await expect(alert).toContainText(waitText(retryAfter))
  await expect(page).toHaveURL(/\/ingresar/)
})
