/**
 * Security at the edge, for every response (docs/security.md):
 *
 * - CORS for the panel: an allowed `Origin` (`CORS_ORIGINS`) gets its preflight answered
 *   (204, methods, the request headers the API reads, max age) and its responses marked
 *   with the origin and the headers a script may read; any other origin gets no CORS
 *   header at all. No credentials mode: the API authenticates with bearer tokens.
 * - `X-Content-Type-Options`, `Referrer-Policy`, `Cache-Control: no-store` on the API
 *   (the public OpenAPI document and docs page may be cached, and a response that sets its
 *   own policy — the web console's files, `console/cache-policy.ts` — keeps it), HSTS in
 *   production, and a Content-Security-Policy on `/docs` that allows exactly its two
 *   inline scripts (the console's HTML carries its own, `console/content-security-policy.ts`).
 * - The audit context of the request: the client address (`TRUST_PROXY`) and the actor.
 *
 * It must be the outermost middleware, so the error envelopes of `request-envelope.ts`
 * get the headers too (`server.ts` provides it first).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Types from "effect/Types"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { AppConfig } from "@quote/core/shared/app-config"
import { AuditContext } from "@quote/core/audit/audit-context"
import { clientAddress } from "@quote/core/security/client-address"
import { isAllowedOrigin } from "@quote/core/security/cors-origins"
import { docsContentSecurityPolicy } from "./docs-csp.ts"
import { requestActor } from "./request-actor.ts"

export const corsAllowedMethods = "GET, HEAD, POST, PUT, PATCH, DELETE"
export const corsAllowedHeaders = "Authorization, Content-Type, Idempotency-Key, X-Request-Id"
export const corsExposedHeaders = "X-Request-Id, Retry-After, RateLimit-Policy, RateLimit"
export const corsMaxAgeSeconds = 600

/** Paths whose content is public and the same for everyone: cacheable. */
const publicDocuments = new Set(["/docs", "/api/openapi.json"])

const baseHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer"
} as const

type EdgeEffect = Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled, HttpServerRequest.HttpServerRequest>

export const EdgeSecurity = HttpRouter.middleware(
  Effect.gen(function*() {
    const config = yield* AppConfig
    const production = config.environment === "production"

    /** Every header this middleware adds to a response, set in one step. */
    const edgeHeaders = (
      path: string,
      response: HttpServerResponse.HttpServerResponse,
      cors: Readonly<Record<string, string>> | undefined
    ) => {
      const headers: Record<string, string> = { ...baseHeaders, ...cors }
      if (production) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains"
      if (!publicDocuments.has(path) && response.headers["cache-control"] === undefined) headers["cache-control"] = "no-store"
      // The console's files vary by Accept-Encoding too.
      const vary = response.headers["vary"]
      if (vary !== undefined && headers.vary !== undefined) headers.vary = `${vary}, ${headers.vary}`
      if (path === "/docs" && response.status === 200) {
        const policy = docsContentSecurityPolicy(response)
        if (policy !== undefined) headers["content-security-policy"] = policy
      }
      return HttpServerResponse.setHeaders(response, headers)
    }

    // Runs for every request: read synchronously in one `withFiber`, one context change
    // (the audit context), one step for the headers (docs/performance.md).
    return (httpApp): EdgeEffect =>
      Effect.withFiber((fiber) => {
        const request = Context.getUnsafe(fiber.context, HttpServerRequest.HttpServerRequest)
        const path = request.url.split("?")[0]!
        const origin = request.headers.origin
        const allowedOrigin = isAllowedOrigin(config.corsOrigins, origin) ? origin : undefined

        if (
          allowedOrigin !== undefined && request.method === "OPTIONS" &&
          request.headers["access-control-request-method"] !== undefined
        ) {
          return Effect.succeed(edgeHeaders(
            path,
            HttpServerResponse.empty({ status: 204 }),
            {
              "access-control-allow-origin": allowedOrigin,
              "access-control-allow-methods": corsAllowedMethods,
              "access-control-allow-headers": corsAllowedHeaders,
              "access-control-max-age": String(corsMaxAgeSeconds),
              vary: "Origin"
            }
          ))
        }

        // Responses differ by Origin whenever CORS is configured, allowed or not.
        const cors = allowedOrigin !== undefined
          ? {
            "access-control-allow-origin": allowedOrigin,
            "access-control-expose-headers": corsExposedHeaders,
            vary: "Origin"
          }
          : config.corsOrigins.length > 0
          ? { vary: "Origin" }
          : undefined
        const address = clientAddress({
          socketAddress: Option.getOrUndefined(request.remoteAddress),
          forwardedFor: request.headers["x-forwarded-for"],
          trustedProxies: config.trustProxy
        })
        return httpApp.pipe(
          Effect.updateService(AuditContext, (context) => ({
            ...context,
            clientAddress: address ?? null,
            actor: requestActor(path)
          })),
          Effect.map((response) => edgeHeaders(path, response, cors))
        )
      })
  }),
  { global: true }
)
