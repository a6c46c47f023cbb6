/**
 * The answer when there is no console build to serve (a fresh clone whose first-start
 * build failed, or a `CONSOLE_DIR` without `index.html`): 503 saying how to build it —
 * a small page for a browser, the error envelope for anything else. The API is not
 * affected. The directory is in the start log, not in the answer.
 */
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { envelope } from "@quote/api/error-envelope"
import { consoleContentSecurityPolicy } from "./content-security-policy.ts"

export const buildCommand = "npm run build -w @quote/web"

const message = `The web console is not built: run \`${buildCommand}\` (npm start builds it when missing)`

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Console not built</title></head>
<body>
<h1>The web console is not built</h1>
<p>Run <code>${buildCommand}</code>, then reload this page. <code>npm start</code> builds it when it is missing.</p>
<p>The API is running: <a href="/docs">/docs</a>.</p>
</body>
</html>
`

export const consoleNotBuilt = (accept: string | undefined): HttpServerResponse.HttpServerResponse =>
  accept !== undefined && accept.includes("text/html")
    ? HttpServerResponse.text(page, {
      status: 503,
      contentType: "text/html; charset=utf-8",
      headers: { "content-security-policy": consoleContentSecurityPolicy }
    })
    : HttpServerResponse.jsonUnsafe(envelope("CONSOLE_NOT_BUILT", message), { status: 503 })
