/**
 * Composes the API definition, its handlers, the security middlewares, the docs page
 * and the edge middleware into one HTTP application, and serves it with Node.
 *
 * Needs from outside: `AppConfig` and a database (`SqlClient`).
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApiBuilder, HttpApiScalar } from "effect/http-api"
import { createServer } from "node:http"
import { Sessions } from "@quote/adapters/auth/sessions"
import { SessionTokens } from "@quote/adapters/auth/session-tokens"
import { SessionUsers } from "@quote/adapters/auth/session-users"
import { QuotationApi } from "./api/api.ts"
import { AuthHandlers } from "./handlers/auth.ts"
import { CronAuthenticationLive } from "./handlers/security/cron-authentication.ts"
import {
  OptionalUserAuthenticationLive,
  SessionAuthenticator,
  UserAuthenticationLive
} from "./handlers/security/user-authentication.ts"
import { SystemHandlers } from "./handlers/system.ts"
import { RequestEnvelope } from "./middleware/request-envelope.ts"

export const openApiPath = "/api/openapi.json"
export const docsPath = "/docs"

/**
 * The application services the handlers call (one per line: features add theirs here).
 * They need `AppConfig` and the database from outside.
 */
const ApplicationServices = Layer.mergeAll(
  Sessions.layer,
  SessionUsers.layer
).pipe(Layer.provideMerge(SessionTokens.layer))

/** The handler groups of `QuotationApi` (one per line: features add theirs here). */
const HandlerGroups = Layer.mergeAll(
  SystemHandlers,
  AuthHandlers
)

const SecurityMiddlewares = Layer.mergeAll(
  UserAuthenticationLive,
  OptionalUserAuthenticationLive,
  CronAuthenticationLive
).pipe(Layer.provide(SessionAuthenticator.layer))

const ApiRoutes = HttpApiBuilder.layer(QuotationApi, { openapiPath: openApiPath }).pipe(
  Layer.provide(HandlerGroups),
  // Middleware layers go after the handler groups (the server layer does not type-check otherwise).
  Layer.provide(SecurityMiddlewares),
  Layer.provide(ApplicationServices)
)

/** The docs page: Scalar's bundled script, served from this process (no CDN, no web fonts). */
const DocsRoute = HttpApiScalar.layer(QuotationApi, { path: docsPath, scalar: { withDefaultFonts: false } })

/** Every route plus the edge middleware. */
export const AppRoutes = Layer.mergeAll(ApiRoutes, DocsRoute, RequestEnvelope)

/**
 * The HTTP server on `port` (0 picks a free port, for tests); also provides the
 * `HttpServer` service, whose `address` tells the port actually bound.
 */
export const serveOn = (port: number) =>
  HttpRouter.serve(AppRoutes, { disableLogger: true, disableListenLog: true }).pipe(
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port, host: "0.0.0.0" }))
  )
