/**
 * The growth bench's HTTP client, run in a worker thread (`growth.ts`): the server under
 * test runs in the bench's main thread, and a client sharing its event loop would add
 * its own work (fetching, parsing a 200 KB answer) to every figure and hold the server
 * back while it runs. In its own thread, on the other core, it measures what a remote
 * client sees. Messages: `{ id, kind: "time", base, path, token }` → `{ id, p50, p95 }`
 * and `{ id, kind: "count", base, path, token }` → `{ id, items }`.
 */
import { parentPort } from "node:worker_threads"

const SAMPLES = 40
const WARMUP = 5

export type ClientRequest =
  & { readonly id: number; readonly base: string; readonly path: string; readonly token: string }
  & ({ readonly kind: "time" } | { readonly kind: "count" })

export type ClientReply =
  | { readonly id: number; readonly p50: number; readonly p95: number }
  | { readonly id: number; readonly items: number }
  | { readonly id: number; readonly error: string }

const get = async (base: string, path: string, token: string): Promise<void> => {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })
  const body = await response.text()
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`)
  JSON.parse(body)
}

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

const timeRequests = async (base: string, path: string, token: string) => {
  for (let i = 0; i < WARMUP; i++) await get(base, path, token)
  const times: Array<number> = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    await get(base, path, token)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) }
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

parentPort?.on("message", (request: ClientRequest) => {
  const work = request.kind === "time"
    ? timeRequests(request.base, request.path, request.token)
    : countItems(request.base, request.path, request.token).then((items) => ({ items }))
  work.then(
    (result) => parentPort!.postMessage({ id: request.id, ...result } satisfies ClientReply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: String(error) } satisfies ClientReply)
  )
})
