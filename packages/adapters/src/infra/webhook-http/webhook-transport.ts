/**
 * One HTTP POST of a webhook (spec "Delivery contract"): the destination is checked and
 * resolved first (`webhook-destination.ts`), then the request connects to that checked
 * address through a pinned `lookup`, keeping the name for SNI, certificate and Host.
 * Redirects are not followed (node:http never does; a 3xx is a failure), and the whole
 * exchange, body included, must finish within 8 s of real time.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import type * as http from "node:http"
import type * as https from "node:https"
import type { LookupFunction } from "node:net"
import { type AttemptOutcome, DELIVERY_TIMEOUT_MS } from "@quote/core/webhooks/webhook-delivery-state"
import { type WebhookRequest, WebhookTransport } from "@quote/core/webhooks/webhook-transport"
import { AppConfig } from "@quote/core/shared/app-config"
import { HostResolver } from "./host-resolver.ts"
import { type CheckedDestination, checkDestination, checkRegistrationUrl } from "./webhook-destination.ts"

// Node's CommonJS `http` and `https`, not their ES module facades: importing `node:http`
// as an ES module reads every one of its exports, the lazy `WebSocket` included, and that
// loads undici (Node's fetch; ≈ 1.4 MB of the started service's heap), which the service
// never uses (issue #27).
const nodeHttp = process.getBuiltinModule("node:http")
const nodeHttps = process.getBuiltinModule("node:https")

/** Answers are drained for connection reuse, but nobody needs more than this of one. */
const MAX_ANSWER_BYTES = 64 * 1024

/** A `lookup` that always answers the address already checked. */
const pinnedLookup = (destination: CheckedDestination): LookupFunction => (_hostname, options, callback) => {
  const { address, family } = destination.address
  if (options.all === true) callback(null, [{ address, family }])
  else callback(null, address, family)
}

const elapsedSince = (started: number) => Math.round(performance.now() - started)

const post = (
  destination: CheckedDestination,
  request: WebhookRequest,
  agents: { readonly http: http.Agent; readonly https: https.Agent },
  started: number
) =>
  Effect.callback<AttemptOutcome>((resume, signal) => {
    const { url } = destination
    const secure = url.protocol === "https:"
    const remaining = Math.max(0, DELIVERY_TIMEOUT_MS - elapsedSince(started))
    let settled = false
    let timer: ReturnType<typeof setTimeout> | undefined = undefined
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resume(Effect.succeed(outcome))
    }
    const options: https.RequestOptions = {
      protocol: url.protocol,
      hostname: destination.hostname,
      port: url.port === "" ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
      agent: secure ? agents.https : agents.http,
      lookup: pinnedLookup(destination)
    }
    const outgoing = (secure ? nodeHttps : nodeHttp).request(options, (answer) => {
      let received = 0
      const statusCode = answer.statusCode ?? 0
      // Retry-After matters on 429 and 503 (core `webhooks/retry-after.ts`).
      const retryAfter = answer.headers["retry-after"]
      const finish = () => settle({ _tag: "Response", statusCode, durationMs: elapsedSince(started), retryAfter })
      answer.on("data", (chunk: Buffer) => {
        received += chunk.length
        // A huge answer is cut short; its status already decided the outcome.
        if (received > MAX_ANSWER_BYTES) {
          finish()
          answer.destroy()
        }
      })
      answer.on("end", finish)
      answer.on("error", (error) => settle({ _tag: "NetworkError", message: error.message }))
    })
    timer = setTimeout(() => {
      settle({ _tag: "Timeout" })
      outgoing.destroy()
    }, remaining)
    outgoing.on("error", (error) => settle({ _tag: "NetworkError", message: error.message }))
    signal.addEventListener("abort", () => {
      clearTimeout(timer)
      outgoing.destroy()
    })
    outgoing.end(request.body)
  })

/** `WebhookTransport` over Node's HTTP client. Needs `AppConfig` and `HostResolver`. */
export const webhookTransportLayer = Layer.effect(
  WebhookTransport,
  Effect.gen(function*() {
    const { webhookAllowPrivateTargets } = yield* AppConfig
    const resolver = yield* HostResolver
    // Keep-alive: retries and bursts to one receiver reuse their connections. No socket
    // cap: the dispatcher bounds its requests in flight, and a request queued behind a
    // cap would spend its 8 s before reaching the receiver.
    const agents = yield* Effect.acquireRelease(
      Effect.sync(() => ({
        http: new nodeHttp.Agent({ keepAlive: true }),
        https: new nodeHttps.Agent({ keepAlive: true })
      })),
      (agents) =>
        Effect.sync(() => {
          agents.http.destroy()
          agents.https.destroy()
        })
    )

    const send = Effect.fn("WebhookTransport.send")(function*(request: WebhookRequest) {
      const started = performance.now()
      const destination = yield* checkDestination(request.url, webhookAllowPrivateTargets).pipe(
        Effect.provideService(HostResolver, resolver),
        Effect.result
      )
      if (Result.isFailure(destination)) {
        const problem = destination.failure
        const outcome: AttemptOutcome = problem._tag === "HostNotResolved"
          ? { _tag: "NetworkError", message: problem.message }
          : { _tag: "Blocked", reason: problem.message }
        return { outcome, durationMs: elapsedSince(started) }
      }
      const outcome = yield* post(destination.success, request, agents, started)
      return { outcome, durationMs: elapsedSince(started) }
    })

    const checkRegistration = (url: string) =>
      checkRegistrationUrl(url, webhookAllowPrivateTargets).pipe(Effect.provideService(HostResolver, resolver))

    return WebhookTransport.of({ send, checkRegistrationUrl: checkRegistration })
  })
)
