/**
 * The request-path bench's two baselines in a process of their own (`request-path.ts`):
 * a raw `node:http` hello-world (`http-baseline.ts`) and a bare Effect HTTP server
 * answering the same JSON hello through the router (`HttpRouter.serve` on
 * `NodeHttpServer`, no middleware, no logger). Prints `{"raw":<port>,"effect":<port>}`
 * once both listen; runs until killed.
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Context, Effect, Layer } from "effect"
import { HttpRouter, HttpServer, HttpServerResponse } from "effect/http"
import { createServer } from "node:http"
import { startHelloServer } from "./http-baseline.ts"

const raw = await startHelloServer()

const EffectHello = HttpRouter.serve(
  HttpRouter.add("GET", "/", HttpServerResponse.jsonUnsafe({ hello: "world" })),
  { disableLogger: true, disableListenLog: true }
).pipe(Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })))

await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
  const address = Context.get(yield* Layer.build(EffectHello), HttpServer.HttpServer).address
  const effectPort = address._tag === "UnixPathAddress" ? 0 : address.port
  console.log(JSON.stringify({ raw: Number(new URL(raw.url).port), effect: effectPort }))
  return yield* Effect.never
})))
