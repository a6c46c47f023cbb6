/**
 * Composes the API definition, its handlers, the docs page and the edge middleware
 * into one HTTP application, and serves it with Node.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApiBuilder, HttpApiScalar } from "effect/http-api"
import { createServer } from "node:http"
import { QuotationApi } from "./api/api.ts"
import { SystemHandlers } from "./handlers/system.ts"
import { RequestEnvelope } from "./middleware/request-envelope.ts"

export const openApiPath = "/api/openapi.json"
export const docsPath = "/docs"

const ApiRoutes = HttpApiBuilder.layer(QuotationApi, { openapiPath: openApiPath }).pipe(
  Layer.provide([SystemHandlers])
)

/** The docs page: Scalar's bundled script, served from this process (no CDN). */
const DocsRoute = HttpApiScalar.layer(QuotationApi, { path: docsPath, scalar: { withDefaultFonts: false } })

/** Every route plus the edge middleware; needs the handlers' services. */
export const AppRoutes = Layer.mergeAll(ApiRoutes, DocsRoute, RequestEnvelope)

/** The HTTP server on `port` (0 picks a free port, for tests). */
export const serveOn = (port: number) =>
  HttpRouter.serve(AppRoutes, { disableLogger: true, disableListenLog: true }).pipe(
    Layer.provide(NodeHttpServer.layer(createServer, { port, host: "0.0.0.0" }))
  )
