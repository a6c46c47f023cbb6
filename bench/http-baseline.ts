/**
 * The HTTP baseline every HTTP benchmark divides by: a raw `node:http` hello-world
 * server, loaded with autocannon in the same run, so a ratio
 * says "this endpoint serves X% of what Node itself serves on this machine right now"
 * and stays meaningful on a noisy, shared machine.
 *
 * `load` is the one autocannon runner the HTTP benchmarks share.
 */
import autocannon from "autocannon"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export interface LoadResult {
  /** Mean requests per second over the run. */
  readonly requestsPerSec: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly total: number
  /** Responses outside 2xx plus connection errors and time-outs. */
  readonly failures: number
}

/** Concurrent connections of every HTTP benchmark (one figure, so ratios compare like with like). */
export const CONNECTIONS = 16

/**
 * Runs autocannon to completion. The load is generated in a worker thread, so the
 * server under test keeps this process's event loop to itself, as it would in
 * production (options that are functions must then be file paths).
 */
export const load = (options: autocannon.Options): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, workers: 1, ...options }, (error, result) => {
      if (error !== null && error !== undefined) return reject(error)
      resolve({
        requestsPerSec: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        total: result.requests.total,
        failures: result.non2xx + result.errors + result.timeouts
      })
    })
  })

export interface HelloServer {
  readonly url: string
  readonly close: () => Promise<void>
}

/** A hello-world JSON server on a free port. */
export const startHelloServer = (): Promise<HelloServer> =>
  new Promise((resolve) => {
    const body = JSON.stringify({ hello: "world" })
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
      response.end(body)
    })
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    })
  })
