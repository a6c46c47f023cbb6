/**
 * The Node HTTP server, listening only once the application can answer.
 *
 * `NodeHttpServer.layer` listens when its layer is built, before the routes and the
 * services under them are: a request arriving then is accepted and waits, unanswered,
 * until they are (or for ever, when their start fails). Here the port is bound when the
 * router starts serving, that is after every route and service was built, so until then a
 * connection is refused and a load balancer or client tries elsewhere. The rest is
 * `NodeHttpServer`'s: closing stops accepting, lets requests in flight finish for up to
 * `shutdownTimeout`, then cuts what is left (docs/operations.md, "Rolling restarts").
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpServer from "effect/http/HttpServer"
import type { SocketAddress } from "effect/net/NetAddress"

// Node's CommonJS `http`, not its ES module facade: importing `node:http` as an ES module
// reads every one of its exports, the lazy `WebSocket` included, and that loads undici
// (Node's fetch; ≈ 1.4 MB of the started service's heap), which the service never uses
// (issue #27).
const { createServer } = process.getBuiltinModule("node:http")

export interface ListenOptions {
  readonly port: number
  readonly host: string
  /** How long closing waits for requests in flight before cutting them. */
  readonly shutdownTimeout: Duration.Input
  /** Log when the listener closed and the requests in flight finished (the process, not tests). */
  readonly logClose?: boolean | undefined
}

const serverListeningWhenServed = (options: ListenOptions) =>
  Layer.sync(HttpServer.HttpServer, () => {
    let bound: SocketAddress | undefined = undefined
    return HttpServer.make({
      // Read once the layers are built (tests take the port from it): serving has bound it.
      get address(): SocketAddress {
        if (bound === undefined) throw new Error("The HTTP server is not listening yet")
        return bound
      },
      serve: (app, middleware) =>
        Effect.gen(function*() {
          // Added first, so it runs last: after the close below waited for the requests in flight.
          if (options.logClose === true) {
            yield* Effect.addFinalizer(() => Effect.logInfo("shutdown: listener closed, requests in flight finished"))
          }
          const server = yield* NodeHttpServer.make(createServer, {
            port: options.port,
            host: options.host,
            gracefulShutdownTimeout: options.shutdownTimeout
          }).pipe(Effect.orDie)
          bound = server.address
          yield* middleware === undefined ? server.serve(app) : server.serve(app, middleware)
        })
    })
  })

/** `HttpServer` (listening when served) plus the Node services the router needs. */
export const layerListeningWhenReady = (options: ListenOptions) =>
  Layer.mergeAll(serverListeningWhenServed(options), NodeHttpServer.layerHttpServices)
