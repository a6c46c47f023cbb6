/**
 * The request-path bench's baselines and layers in a process of their own
 * (`request-path.ts`), each on a port of its own:
 *
 * - `raw`: a raw `node:http` hello-world (`http-baseline.ts`);
 * - `effect`: a bare Effect HTTP server answering the same JSON hello through the router
 *   (`HttpRouter.serve` on `NodeHttpServer`, no middleware, no logger);
 * - then the service's request path rebuilt one layer at a time on `GET /api/health`, with
 *   the service's own middlewares and log output, no database:
 *   `api` — `HttpApiBuilder` serving a one-endpoint API (the service's `HealthStatus`
 *   schema, no middleware); `envelope` — plus the request envelope
 *   (`middleware/request-envelope.ts`) with logging off; `logged` — plus its request log
 *   line at the default level (`observability/log-output.ts`); `edge` — plus edge security
 *   (`middleware/edge-security.ts`): every global middleware of the service.
 *
 * With `--with-service-modules`, the process first imports the service's modules
 * (`packages/http/src/app.ts`: nothing of it is built or served), so that the same
 * servers are measured in a process of the service's size (docs/performance.md, "The
 * request path": about 1.4 times the cost per request).
 *
 * Prints `{"raw":<port>,"effect":<port>,…}` once all listen; runs until killed.
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Context, Effect, Layer, Logger, References } from "effect"
import { HttpRouter, HttpServer, HttpServerResponse } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { createServer } from "node:http"
import { HealthStatus } from "@quote/api/system"
import { AppConfig } from "@quote/core/shared/app-config"
import { EdgeSecurity } from "../packages/http/src/middleware/edge-security.ts"
import { bodySizeLimit, RequestEnvelope } from "../packages/http/src/middleware/request-envelope.ts"
import { batchedJsonLogger } from "../packages/http/src/observability/log-output.ts"
import { startHelloServer } from "./http-baseline.ts"

class HealthGroup extends HttpApiGroup.make("system")
  .add(HttpApiEndpoint.get("health", "/health", { success: HealthStatus }))
  .prefix("/api")
{}
class HealthApi extends HttpApi.make("health").add(HealthGroup) {}

const healthRoutes = HttpApiBuilder.layer(HealthApi).pipe(
  Layer.provide(HttpApiBuilder.group(HealthApi, "system", (handlers) =>
    handlers.handle("health", () => Effect.succeed({ status: "ok" as const }))))
)

const served = <E, R>(routes: Layer.Layer<never, E, R>) =>
  HttpRouter.serve(routes, { disableLogger: true, disableListenLog: true }).pipe(
    Layer.provide(bodySizeLimit),
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))
  )

const loggingOff = Layer.succeed(References.MinimumLogLevel, "Warn")

/** The layers, in the order the bench prints them. */
const layers = {
  effect: served(HttpRouter.add("GET", "/api/health", HttpServerResponse.jsonUnsafe({ status: "ok" }))),
  api: served(healthRoutes),
  envelope: served(Layer.mergeAll(healthRoutes, RequestEnvelope)).pipe(Layer.provide(loggingOff)),
  logged: served(Layer.mergeAll(healthRoutes, RequestEnvelope)),
  edge: served(Layer.mergeAll(healthRoutes, RequestEnvelope).pipe(Layer.provideMerge(EdgeSecurity)))
}

if (process.argv.includes("--with-service-modules")) await import("../packages/http/src/app.ts")

const raw = await startHelloServer()
await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
  const ports: Record<string, number> = { raw: Number(new URL(raw.url).port) }
  for (const [name, layer] of Object.entries(layers)) {
    const address = Context.get(yield* Layer.build(layer), HttpServer.HttpServer).address
    ports[name] = address._tag === "UnixPathAddress" ? 0 : address.port
  }
  console.log(JSON.stringify(ports))
  return yield* Effect.never
}).pipe(
  Effect.provide(AppConfig.layerTest()),
  // The service's log output (`main.ts`): the request lines go to this process's standard output.
  Effect.provide(Logger.layer([batchedJsonLogger()]))
)))
