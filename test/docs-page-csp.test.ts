/**
 * The `/docs` page renders under its Content-Security-Policy in a real browser (headless
 * Chromium, `/usr/bin/chromium`; `.ci/run` installs it): the operations list is on the
 * page, a screenshot is taken, and the browser reports no CSP violation.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { TestServer } from "./support/test-server.ts"

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

const launchFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--enable-logging=stderr",
  "--v=0",
  "--virtual-time-budget=15000",
  "--window-size=1280,1600"
]

const runChromium = (profile: string, args: ReadonlyArray<string>) =>
  Effect.callback<{ readonly stdout: string; readonly stderr: string }, Error>((resume) => {
    execFile(
      chromium,
      [...launchFlags, `--user-data-dir=${profile}`, ...args],
      { timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error !== null && stdout === "" && !args.some((arg) => arg.startsWith("--screenshot"))) {
          resume(Effect.fail(new Error(`chromium failed: ${error.message}\n${stderr}`)))
        } else {
          resume(Effect.succeed({ stdout, stderr }))
        }
      }
    )
  })

/** Console lines of CSP violations, as Chromium logs them. */
const cspViolations = (log: string) =>
  log.split("\n").filter((line) => /Content Security Policy|Refused to (execute|load|apply|connect|create)/i.test(line))

layer(TestServer.layer({ seed: false }), { excludeTestServices: true })("/docs under its CSP in Chromium", (it) => {
  it.effect("the page shows the operations list, renders a screenshot and reports no CSP violation", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const headers = (yield* server.request("GET", "/docs")).headers
      assert.include(headers.get("content-security-policy") ?? "", "default-src 'none'")
      const directory = mkdtempSync(join(tmpdir(), "docs-csp-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(directory, { recursive: true, force: true })))

      const dom = yield* runChromium(join(directory, "profile-dom"), ["--dump-dom", `${server.url}/docs`])
      // Scalar rendered the document: operation titles and paths are in the DOM.
      assert.include(dom.stdout, "Sessions", "tag of the auth group")
      assert.include(dom.stdout, "/api/auth/login")
      assert.include(dom.stdout, "/api/quotations")
      assert.deepStrictEqual(cspViolations(dom.stderr), [])

      const screenshot = join(directory, "docs.png")
      const shot = yield* runChromium(join(directory, "profile-shot"), [`--screenshot=${screenshot}`, `${server.url}/docs`])
      assert.deepStrictEqual(cspViolations(shot.stderr), [])
      const png = readFileSync(screenshot)
      assert.strictEqual(png.subarray(1, 4).toString("latin1"), "PNG")
      // A blank page compresses to a few KB; the rendered reference is far larger.
      assert.isAbove(png.length, 30_000)
    }).pipe(Effect.scoped), { timeout: 180_000 })
})
