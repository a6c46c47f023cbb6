/**
 * The web console at `/` (docs/console.md "How the service serves the console"): the
 * files of its build (`console-files.ts`), and `index.html` for every other page path,
 * so a client-side route (`/pedidos/nuevo`) loads the app, which then routes itself.
 *
 * - `/api/…`, `/docs…` and `/metrics…` are never the console: a path there that no
 *   route took is the API's 404 `NOT_FOUND` envelope, as before.
 * - A missing file under `/assets/`, or a missing path with a file extension asked for
 *   by something other than a browser page load, is 404, never `index.html` (a script
 *   tag given HTML fails confusingly, and a stale tab must see the miss).
 * - Cache headers per file (`cache-policy.ts`), an ETag (304 on a match), Brotli or
 *   gzip when accepted, and the console's CSP on HTML (`content-security-policy.ts`).
 *   The edge middleware adds the other security headers and leaves these alone.
 * - No build: 503 saying how to build (`console-not-built.ts`).
 *
 * `GET` only (the router answers `HEAD` with the `GET` route, without the body).
 */
import * as Effect from "effect/Effect"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerError from "effect/http/HttpServerError"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { AppConfig } from "@quote/core/shared/app-config"
import { cacheControlFor, hashedAssetsPrefix } from "./cache-policy.ts"
import { consoleDirectory } from "./console-directory.ts"
import { type ConsoleFile, makeConsoleFiles } from "./console-files.ts"
import { buildCommand, consoleNotBuilt } from "./console-not-built.ts"
import { preferredEncoding } from "./content-encoding.ts"
import { consoleContentSecurityPolicy } from "./content-security-policy.ts"

/** Paths that belong to the service itself, never to the console. */
const servicePrefixes = ["/api", "/docs", "/metrics"]

const isServicePath = (path: string) => servicePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

/** The path as a file name, or `undefined` when its escapes are malformed or it holds a NUL. */
const decodedPath = (rawPath: string): string | undefined => {
  try {
    const path = decodeURIComponent(rawPath)
    return path.includes("\0") ? undefined : path
  } catch {
    return undefined
  }
}

/** A page load by a browser, or a path without a file extension: answered with the app. */
const isPageRequest = (request: HttpServerRequest.HttpServerRequest, path: string) =>
  (request.headers.accept ?? "").includes("text/html") || !path.slice(path.lastIndexOf("/") + 1).includes(".")

const notFound = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.fail(new HttpServerError.HttpServerError({ reason: new HttpServerError.RouteNotFound({ request }) }))

/** `If-None-Match` lists `etag` (or is `*`); weak and strong forms compare alike. */
const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim()
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag
  })

const serveFile = Effect.fnUntraced(function*(request: HttpServerRequest.HttpServerRequest, file: ConsoleFile) {
  const encoding = file.compressible ? preferredEncoding(request.headers["accept-encoding"]) : undefined
  // Each representation has its own validator.
  const etag = encoding === undefined ? file.etag : `${file.etag.slice(0, -1)}-${encoding}"`
  const headers: Record<string, string> = { etag, "cache-control": cacheControlFor(file.urlPath) }
  if (file.compressible) headers.vary = "Accept-Encoding"
  if (file.contentType.startsWith("text/html")) headers["content-security-policy"] = consoleContentSecurityPolicy
  if (matchesEtag(request.headers["if-none-match"], etag)) return HttpServerResponse.empty({ status: 304, headers })
  if (encoding !== undefined) headers["content-encoding"] = encoding
  const body = encoding === undefined ? file.body : yield* file.encoded(encoding)
  return HttpServerResponse.uint8Array(body, { contentType: file.contentType, headers })
})

/** The route; needs `AppConfig`. Lists the build's directory when built, nothing more. */
export const ConsoleRoute = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const files = yield* makeConsoleFiles(consoleDirectory((yield* AppConfig).consoleDir))
  if (!files.built()) {
    yield* Effect.logWarning(`The web console is not built in ${files.directory}; GET / answers 503 until \`${buildCommand}\` runs`)
  }
  const handler = Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const rawPath = request.url.split("?")[0]!
    if (isServicePath(rawPath)) return yield* notFound(request)
    const path = decodedPath(rawPath)
    if (path === undefined) return yield* notFound(request)
    const file = yield* files.file(path)
    if (file !== undefined) return yield* serveFile(request, file)
    if (path.startsWith(hashedAssetsPrefix) || !isPageRequest(request, path)) return yield* notFound(request)
    const index = yield* files.index
    return index === undefined ? consoleNotBuilt(request.headers.accept) : yield* serveFile(request, index)
  })
  yield* router.add("GET", "/*", handler)
}))
