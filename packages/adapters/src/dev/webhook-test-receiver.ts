/**
 * A local webhook receiver for tests and the benchmark: an HTTP server on 127.0.0.1 that
 * records every request (headers, raw body, arrival time) and answers what the test
 * tells it to. It also notices when two requests of one delivery overlap in time, which
 * the at-most-one-attempt-at-a-time guarantee forbids.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as http from "node:http"
import type { AddressInfo } from "node:net"

export interface ReceivedRequest {
  readonly path: string
  /** Lower-case header names, as node gives them. */
  readonly headers: Readonly<Record<string, string>>
  readonly rawBody: string
  /** `performance.now()` when the request arrived. */
  readonly receivedAt: number
}

export interface Reply {
  readonly status: number
  /** Hold the answer this long (real milliseconds). */
  readonly delayMs?: number
  /** Never answer: hold the connection open until the sender gives up (or the receiver stops). */
  readonly hang?: boolean
  readonly headers?: Readonly<Record<string, string>>
}

export type Responder = (request: ReceivedRequest) => Reply

export interface TestReceiver {
  /** `http://127.0.0.1:<port>`; add any path. */
  readonly url: string
  readonly received: ReadonlyArray<ReceivedRequest>
  /** Requests whose `X-Service-Delivery-Id` arrived while another with the same id was in flight. */
  readonly overlaps: ReadonlyArray<string>
  /** Requests received and not answered yet (a hanging one stays until its sender closes it). */
  readonly inFlight: () => number
  /** The most requests that were ever in flight at once. */
  readonly maxInFlight: () => number
  respondWith(responder: Responder): void
  /** The requests matching `predicate`, once there are at least `count` (real-time polling). */
  readonly waitFor: (
    count: number,
    predicate?: (request: ReceivedRequest) => boolean,
    timeoutMs?: number
  ) => Effect.Effect<ReadonlyArray<ReceivedRequest>>
  clear(): void
}

const header = (value: string | ReadonlyArray<string> | undefined) =>
  Array.isArray(value) ? value.join(", ") : (value as string | undefined) ?? ""

/** Starts a receiver for the scope's lifetime; answers 200 until told otherwise. */
export const startTestReceiver = (responder: Responder = () => ({ status: 200 })): Effect.Effect<TestReceiver, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.promise(() => {
      let respond = responder
      const received: Array<ReceivedRequest> = []
      const overlaps: Array<string> = []
      const inFlight = new Set<string>()
      let open = 0
      let maxOpen = 0
      const server = http.createServer((request, response) => {
        const chunks: Array<Buffer> = []
        request.on("data", (chunk: Buffer) => chunks.push(chunk))
        request.on("end", () => {
          const headers: Record<string, string> = {}
          for (const [name, value] of Object.entries(request.headers)) headers[name] = header(value)
          const entry: ReceivedRequest = {
            path: request.url ?? "/",
            headers,
            rawBody: Buffer.concat(chunks).toString("utf8"),
            receivedAt: performance.now()
          }
          received.push(entry)
          const deliveryId = headers["x-service-delivery-id"] ?? ""
          if (deliveryId !== "" && inFlight.has(deliveryId)) overlaps.push(deliveryId)
          inFlight.add(deliveryId)
          open++
          maxOpen = Math.max(maxOpen, open)
          let closed = false
          const close = () => {
            if (closed) return
            closed = true
            open--
            inFlight.delete(deliveryId)
          }
          // A sender that gives up (time-out) closes the connection of a hanging request.
          response.on("close", close)
          const reply = respond(entry)
          const answer = () => {
            close()
            response.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers })
            response.end(String(reply.status))
          }
          if (reply.hang === true) return
          if (reply.delayMs === undefined) answer()
          else setTimeout(answer, reply.delayMs)
        })
      })
      return new Promise<{ server: http.Server; receiver: TestReceiver }>((resolve) => {
        server.listen(0, "127.0.0.1", () => {
          const { port } = server.address() as AddressInfo
          const receiver: TestReceiver = {
            url: `http://127.0.0.1:${port}`,
            received,
            overlaps,
            inFlight: () => open,
            maxInFlight: () => maxOpen,
            respondWith: (next) => {
              respond = next
            },
            waitFor: (count, predicate = () => true, timeoutMs = 10_000) =>
              Effect.promise(async () => {
                const deadline = Date.now() + timeoutMs
                for (;;) {
                  const matching = received.filter(predicate)
                  if (matching.length >= count) return matching
                  if (Date.now() > deadline) {
                    throw new Error(
                      `receiver: expected ${count} matching requests, got ${matching.length} in ${timeoutMs} ms; received: ${
                        received.map((request) => request.headers["x-service-event"]).join(", ")
                      }`
                    )
                  }
                  await new Promise((wake) => setTimeout(wake, 5))
                }
              }),
            clear: () => {
              received.length = 0
              overlaps.length = 0
              maxOpen = open
            }
          }
          resolve({ server, receiver })
        })
      })
    }),
    ({ server }) =>
      Effect.promise(() => {
        server.closeAllConnections()
        return new Promise<void>((done) => server.close(() => done()))
      })
  ).pipe(Effect.map(({ receiver }) => receiver))
