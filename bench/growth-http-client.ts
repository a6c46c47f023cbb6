/**
 * The growth bench's HTTP client, run in a worker thread (`growth.ts`): the server under
 * test runs in the bench's main thread, and a client sharing its event loop would add
 * its own work (fetching, parsing a 200 KB answer) to every figure and hold the server
 * back while it runs. In its own thread, on the other core, it measures what a remote
 * client sees. Messages: `{ id, kind: "time", base, token, request }` → `{ id, p50, p95, ids }`
 * and `{ id, kind: "count", base, token, path }` → `{ id, items }`.
 */
import { randomUUID } from "node:crypto"
import { parentPort } from "node:worker_threads"

const SAMPLES = 40
/**
 * Unmeasured runs first: 25, as production repeats a statement (issue #27). PostgreSQL
 * plans a named prepared statement for its parameters five times, then may switch to
 * one generic plan: what is measured is the statement as it runs from then on.
 */
const WARMUP = 25

/** One measured request, sent WARMUP + SAMPLES times. */
export interface TimedRequest {
  readonly method: "GET" | "POST" | "PATCH"
  /** The paths, one per request in turn (a different quotation for each status change). */
  readonly paths: ReadonlyArray<string>
  readonly body?: string | undefined
  /** A new `Idempotency-Key` on every request (each one creates a quotation). */
  readonly idempotencyKey?: boolean | undefined
}

/** What the bench asks the client thread; `ClientRequest` adds the id its reply carries. */
export type ClientAsk =
  | { readonly kind: "time"; readonly base: string; readonly token: string; readonly request: TimedRequest }
  | { readonly kind: "count"; readonly base: string; readonly token: string; readonly path: string }

export type ClientRequest = ClientAsk & { readonly id: number }

/** `ids`: the `id` of every answer that has one, in order (the quotations a create made). */
export type ClientReply =
  | { readonly id: number; readonly p50: number; readonly p95: number; readonly ids: ReadonlyArray<string> }
  | { readonly id: number; readonly items: number }
  | { readonly id: number; readonly error: string }

const send = async (base: string, token: string, request: TimedRequest, index: number): Promise<unknown> => {
  const path = request.paths[index % request.paths.length]!
  const response = await fetch(`${base}${path}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      ...(request.idempotencyKey === true ? { "idempotency-key": randomUUID() } : {})
    },
    ...(request.body === undefined ? {} : { body: request.body })
  })
  const body = await response.text()
  if (!response.ok) throw new Error(`${request.method} ${path}: ${response.status} ${body.slice(0, 300)}`)
  return JSON.parse(body)
}

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

const answerId = (answer: unknown): ReadonlyArray<string> =>
  typeof answer === "object" && answer !== null && "id" in answer && typeof answer.id === "string" ? [answer.id] : []

const timeRequests = async (base: string, token: string, request: TimedRequest) => {
  const ids: Array<string> = []
  for (let i = 0; i < WARMUP; i++) ids.push(...answerId(await send(base, token, request, i)))
  const times: Array<number> = []
  for (let i = WARMUP; i < WARMUP + SAMPLES; i++) {
    const started = performance.now()
    const answer = await send(base, token, request, i)
    times.push(performance.now() - started)
    ids.push(...answerId(answer))
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), ids }
}

/**
 * The number of `items` of a `{"items":[…]}` body, read as it arrives without keeping it
 * (this thread's memory is the bench process's too). Counts the objects opened at depth 2.
 */
const countItems = async (base: string, path: string, token: string): Promise<number> => {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })
  if (!response.ok || response.body === null) throw new Error(`GET ${path}: ${response.status}`)
  let depth = 0
  let inString = false
  let escaped = false
  let items = 0
  for await (const chunk of response.body) {
    for (const byte of chunk) {
      if (inString) {
        if (escaped) escaped = false
        else if (byte === 0x5c) escaped = true
        else if (byte === 0x22) inString = false
      } else if (byte === 0x22) inString = true
      else if (byte === 0x7b || byte === 0x5b) {
        depth++
        if (byte === 0x7b && depth === 3) items++
      } else if (byte === 0x7d || byte === 0x5d) depth--
    }
  }
  if (depth !== 0) throw new Error(`GET ${path}: unbalanced JSON body`)
  return items
}

parentPort?.on("message", (message: ClientRequest) => {
  const work = message.kind === "time"
    ? timeRequests(message.base, message.token, message.request)
    : countItems(message.base, message.path, message.token).then((items) => ({ items }))
  work.then(
    (result) => parentPort!.postMessage({ id: message.id, ...result } satisfies ClientReply),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) } satisfies ClientReply)
  )
})
