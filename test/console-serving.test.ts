/**
 * The web console served by the service, black-box (docs/console.md "How the service
 * serves the console"), on a stand-in build (`test/fixtures/console-dist`, given as
 * `CONSOLE_DIR`): the app at `/` and at every client-side route, hashed assets cached
 * for good, `index.html` revalidated, compressed answers, the console's CSP and the
 * edge's headers, HEAD, 404s that stay 404s, the API's paths untouched, no way out of
 * the directory, and 503 until a build exists.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { expectError, TestServer } from "./support/test-server.ts"

const fixture = fileURLToPath(new URL("./fixtures/console-dist", import.meta.url))
const indexHtml = readFileSync(join(fixture, "index.html"), "utf8")
const script = readFileSync(join(fixture, "assets/app-abc123.js"))

const consolePolicy =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

const browserPage = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" }

const get = (path: string, headers: Record<string, string> = {}) =>
  Effect.flatMap(TestServer, (server) => server.request("GET", path, { headers }))

interface RawAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  readonly body: Buffer
}

/**
 * A request with the path sent exactly as written (`fetch` would resolve `..` first),
 * and the body as bytes, still encoded.
 */
const raw = (method: string, path: string, headers: Record<string, string> = {}) =>
  Effect.flatMap(TestServer, (server) =>
    Effect.promise(() =>
      new Promise<RawAnswer>((resolve, reject) => {
        const url = new URL(server.url)
        const outgoing = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (incoming) => {
          const chunks: Array<Buffer> = []
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk))
          incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }))
          incoming.on("error", reject)
        })
        outgoing.on("error", reject)
        outgoing.end()
      })
    ))

const assertIndex = (response: { readonly status: number; readonly headers: Headers; readonly text: string }) => {
  assert.strictEqual(response.status, 200, response.text)
  assert.strictEqual(response.text, indexHtml)
  assert.strictEqual(response.headers.get("content-type"), "text/html; charset=utf-8")
  assert.strictEqual(response.headers.get("cache-control"), "no-cache")
  assert.strictEqual(response.headers.get("content-security-policy"), consolePolicy)
}

// CORS configured as in development, so the edge's `Vary: Origin` meets the console's `Vary: Accept-Encoding`.
const serving = TestServer.layer({ seed: false, config: { consoleDir: Option.some(fixture), corsOrigins: ["http://localhost:*"] } })

layer(serving)("serving the web console", (it) => {
  it.effect("/ is index.html: no-cache, an ETag, the console's CSP and the edge's security headers", () =>
    Effect.gen(function*() {
      const response = yield* get("/", browserPage)
      assertIndex(response)
      assert.match(response.headers.get("etag") ?? "", /^"[A-Za-z0-9_-]+"$/)
      assert.strictEqual(response.headers.get("x-content-type-options"), "nosniff")
      assert.strictEqual(response.headers.get("referrer-policy"), "no-referrer")
      assert.isString(response.headers.get("x-request-id"))
      // Not production: no HSTS (security-headers.test.ts covers production).
      assert.isNull(response.headers.get("strict-transport-security"))
    }))

  it.effect("a client-side route is index.html, for a browser and for a path without an extension", () =>
    Effect.gen(function*() {
      assertIndex(yield* get("/pedidos/nuevo?sucursal=2&pagina=3", browserPage))
      assertIndex(yield* get("/cotizaciones/COT-000001"))
      // A page path that looks like a file still loads the app in a browser (an e-mail in the URL).
      assertIndex(yield* get("/usuarios/ana@example.com", browserPage))
      assertIndex(yield* get("/index.html"))
    }))

  it.effect("a hashed asset: its content type, cached for a year, immutable; compressed when accepted", () =>
    Effect.gen(function*() {
      const plain = yield* raw("GET", "/assets/app-abc123.js")
      assert.strictEqual(plain.status, 200)
      assert.strictEqual(plain.headers["content-type"], "text/javascript; charset=utf-8")
      assert.strictEqual(plain.headers["cache-control"], "public, max-age=31536000, immutable")
      assert.strictEqual(plain.headers["content-length"], String(script.length))
      assert.isUndefined(plain.headers["content-encoding"])
      assert.isUndefined(plain.headers["content-security-policy"])
      assert.strictEqual(plain.headers["x-content-type-options"], "nosniff")
      assert.strictEqual(plain.headers.vary, "Accept-Encoding, Origin")
      assert.isTrue(plain.body.equals(script))

      const brotli = yield* raw("GET", "/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" })
      assert.strictEqual(brotli.headers["content-encoding"], "br")
      assert.isBelow(brotli.body.length, script.length)
      assert.isTrue(brotliDecompressSync(brotli.body).equals(script))
      assert.notStrictEqual(brotli.headers.etag, plain.headers.etag)

      const gzip = yield* raw("GET", "/assets/app-abc123.js", { "accept-encoding": "gzip;q=1, br;q=0" })
      assert.strictEqual(gzip.headers["content-encoding"], "gzip")
      assert.isTrue(gunzipSync(gzip.body).equals(script))

      const css = yield* get("/assets/app-abc123.css")
      assert.strictEqual(css.status, 200)
      assert.strictEqual(css.headers.get("content-type"), "text/css; charset=utf-8")
      assert.strictEqual(css.headers.get("cache-control"), "public, max-age=31536000, immutable")
    }))

  it.effect("an unchanged file is 304 for its ETag", () =>
    Effect.gen(function*() {
      const first = yield* raw("GET", "/", browserPage)
      const etag = String(first.headers.etag)
      const again = yield* raw("GET", "/", { ...browserPage, "if-none-match": etag })
      assert.strictEqual(again.status, 304)
      assert.strictEqual(again.body.length, 0)
      assert.strictEqual(again.headers["cache-control"], "no-cache")
      assert.strictEqual((yield* raw("GET", "/", { ...browserPage, "if-none-match": "\"other\"" })).status, 200)
    }))

  it.effect("HEAD answers the headers of GET without a body", () =>
    Effect.gen(function*() {
      for (const path of ["/", "/pedidos/nuevo", "/assets/app-abc123.js"]) {
        const head = yield* raw("HEAD", path)
        const full = yield* raw("GET", path)
        assert.strictEqual(head.status, 200, path)
        assert.strictEqual(head.body.length, 0, path)
        assert.strictEqual(head.headers["content-type"], full.headers["content-type"], path)
        assert.strictEqual(head.headers["content-length"], String(full.body.length), path)
        assert.strictEqual(head.headers["cache-control"], full.headers["cache-control"], path)
      }
      assert.strictEqual((yield* raw("HEAD", "/assets/missing-000000.js")).status, 404)
    }))

  it.effect("a missing asset is 404 NOT_FOUND, never index.html; so is a missing file asked for by a script", () =>
    Effect.gen(function*() {
      expectError(yield* get("/assets/app-000000.js"), 404, "NOT_FOUND")
      expectError(yield* get("/assets/app-000000.js", browserPage), 404, "NOT_FOUND")
      expectError(yield* get("/assets/"), 404, "NOT_FOUND")
      expectError(yield* get("/favicon.ico", { accept: "image/*" }), 404, "NOT_FOUND")
      const missing = yield* get("/assets/app-000000.js")
      assert.strictEqual(missing.headers.get("cache-control"), "no-store")
    }))

  it.effect("the service's own paths are unchanged: an unknown /api path is the 404 envelope, /docs and /metrics answer", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      for (const path of ["/api/unknown", "/api/unknown/deeper", "/api", "/docs/extra", "/metrics/extra"]) {
        const response = yield* get(path, browserPage)
        expectError(response, 404, "NOT_FOUND")
        assert.include(response.text, `No endpoint at GET ${path}`)
      }
      expectError(yield* server.request("POST", "/", { body: {} }), 404, "NOT_FOUND")
      assert.strictEqual((yield* raw("HEAD", "/api/unknown")).status, 404)

      const health = yield* get("/api/health")
      assert.strictEqual(health.status, 200)
      assert.strictEqual(health.headers.get("cache-control"), "no-store")
      const openapi = yield* get("/api/openapi.json")
      assert.strictEqual(openapi.status, 200)
      assert.include(openapi.headers.get("content-type") ?? "", "application/json")
      const docs = yield* get("/docs", browserPage)
      assert.strictEqual(docs.status, 200)
      assert.notStrictEqual(docs.headers.get("content-security-policy"), consolePolicy)
      assert.include(docs.headers.get("content-security-policy") ?? "", "script-src 'sha256-")
      const metrics = yield* get("/metrics")
      assert.strictEqual(metrics.status, 200)
      assert.include(metrics.headers.get("content-type") ?? "", "text/plain")
    }))

  it.effect("no path leaves the build's directory, encoded or not", () =>
    Effect.gen(function*() {
      const attempts = [
        "/assets/../../package.json",
        "/assets/../../../../package.json",
        "/../../../package.json",
        "/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json",
        "/%2e%2e/%2e%2e/%2e%2e/package.json",
        "/assets/..%2f..%2f..%2f..%2fpackage.json",
        "/%2E%2E%2F%2E%2E%2F%2E%2E%2Fpackage.json",
        "/assets/%2e%2e%5c%2e%2e%5cpackage.json",
        "/..%00/package.json",
        "/assets/%zz",
        "//etc/passwd",
        "/assets/../../console-serving.test.ts"
      ]
      for (const path of attempts) {
        for (const headers of [{}, browserPage]) {
          const answer = yield* raw("GET", path, headers)
          const body = answer.body.toString("utf8")
          // Whatever the router and the console make of it: a 4xx, or the app's own page.
          assert.isTrue(answer.status === 404 || answer.status === 400 || body === indexHtml, `${path}: ${answer.status} ${body.slice(0, 200)}`)
          assert.notInclude(body, "\"workspaces\"", path)
          assert.notInclude(body, "root:", path)
          // This very file's text (two levels above the fixture's assets).
          assert.notInclude(body, "sent exactly as written", path)
        }
      }
    }))
})

const emptyDirectory = mkdtempSync(join(tmpdir(), "quote-console-"))

layer(TestServer.layer({ seed: false, config: { consoleDir: Option.some(emptyDirectory) } }))("the console before it is built", (it) => {
  it.effect("GET / is 503 saying how to build it (a page for a browser, the envelope otherwise); the API works", () =>
    Effect.gen(function*() {
      const page = yield* get("/", browserPage)
      assert.strictEqual(page.status, 503)
      assert.strictEqual(page.headers.get("content-type"), "text/html; charset=utf-8")
      assert.include(page.text, "npm run build -w @quote/web")
      assert.strictEqual(page.headers.get("content-security-policy"), consolePolicy)
      assert.strictEqual(page.headers.get("cache-control"), "no-store")
      const envelope = yield* get("/pedidos/nuevo")
      expectError(envelope, 503, "CONSOLE_NOT_BUILT")
      assert.include(envelope.text, "npm run build -w @quote/web")
      assert.notInclude(envelope.text, emptyDirectory)
      assert.strictEqual((yield* get("/api/health")).status, 200)
    }))

  it.effect("a build that appears later is served without a restart", () =>
    Effect.gen(function*() {
      writeFileSync(join(emptyDirectory, "index.html"), indexHtml)
      assertIndex(yield* get("/", browserPage))
    }))
})
