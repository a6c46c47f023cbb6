/**
 * A fake Siigo API on a real HTTP port, for tests and local development
 * (`npm run fake-erp`). Plain `node:http`, on purpose: the fake runs on real time
 * and real sockets, apart from the Effect runtime of the code under test, so a test
 * can drive the adapter with `TestClock` while the fake behaves like a remote server.
 * The fake's own clock is injectable (`now`) for tests that want both on one clock.
 *
 * Start it with `FakeSiigo.start(options)` (a Promise) or `FakeSiigo.scoped(options)`
 * (an Effect that closes it with the scope).
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import type { FakeProduct } from "./fake-siigo-records.ts"
import { type FakeRequest, type FakeResponse, handleRequest, siigoError } from "./fake-siigo-routes.ts"
import {
  fakeTaxes,
  seedCustomers,
  seededRandom,
  seededUuid,
  seedDocumentTypes,
  seedProduct,
  seedProducts,
  seedUsers
} from "./fake-siigo-seed.ts"
import type { FakeCredentials, FakeSiigoState } from "./fake-siigo-state.ts"
import { defaultVariance, type FakeSiigoVariance, withUnknownFields } from "./fake-siigo-variance.ts"

export interface FakeSiigoOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number
  readonly host?: string
  /** Seeded catalog size (default 50; `npm run fake-erp` uses 2,000). */
  readonly products?: number
  readonly seed?: number
  readonly credentials?: FakeCredentials
  /** Token lifetime in seconds (Siigo: 86,400). */
  readonly tokenLifetimeSeconds?: number
  /** Requests per window (default window one minute); none by default. */
  readonly rateLimit?: { readonly requests: number; readonly windowMs?: number }
  /** Delay before every answer, in ms. */
  readonly delayMs?: number
  /** The fake's clock in ms (token expiry, rate windows, timestamps); default `Date.now`. */
  readonly now?: () => number
  /**
   * How answers vary where Siigo's docs do not fix the shape; default: pages of at most
   * 100, lookups as plain arrays, discounts in every shape in turn, unknown fields everywhere.
   */
  readonly variance?: Partial<FakeSiigoVariance>
}

export interface FakeRequestLogEntry {
  readonly at: number
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  /** The Partner-Id header as received, or null. */
  readonly partnerId: string | null
  /** Whether an Authorization header came (its value is not kept). */
  readonly authorization: boolean
  /** Status answered; 0 while pending or if the client went away first. */
  status: number
}

export interface FakeSiigoControls {
  /** Revokes every issued token: the next data call gets 401 `unauthorized`. */
  readonly expireTokens: () => void
  /** Lifetime of tokens issued from now on. */
  readonly setTokenLifetime: (seconds: number) => void
  /** Allows `requests` per window (default one minute); null removes the limit. Starts a new window. */
  readonly setRateLimit: (requests: number | null, windowMs?: number) => void
  /** Delays answers by `ms` (only matching requests, if `match` is given); 0 turns it off. */
  readonly setDelay: (ms: number, match?: { readonly pathPrefix?: string; readonly method?: string }) => void
  /** The next `count` quotation creates create the quotation, then answer 500. */
  readonly failNextQuotationCreates: (count: number) => void
  /** The next `count` matching requests get `status`/`code` without being processed. */
  readonly failNextRequests: (
    count: number,
    options?: { readonly status?: number; readonly code?: string; readonly pathPrefix?: string; readonly method?: string }
  ) => void
  /** Adds `count` seeded products, or the given ones (missing fields seeded); returns them. */
  readonly addProducts: (products: number | ReadonlyArray<Partial<FakeProduct>>) => ReadonlyArray<FakeProduct>
  /** Changes a product and stamps `metadata.last_updated` (so `updated_start` finds it). */
  readonly updateProduct: (id: string, patch: Partial<FakeProduct>) => FakeProduct
  /** Changes how answers vary (page cap, lookup shape, discount shape, unknown fields). */
  readonly setVariance: (variance: Partial<FakeSiigoVariance>) => void
}

export interface FakeSiigoHandle {
  /** e.g. `http://127.0.0.1:40123`: the `baseUrl` to give the adapter. */
  readonly url: string
  readonly port: number
  readonly credentials: FakeCredentials
  readonly state: FakeSiigoState
  readonly controls: FakeSiigoControls
  readonly requestLog: Array<FakeRequestLogEntry>
  readonly close: () => Promise<void>
}

export const defaultFakeCredentials: FakeCredentials = {
  username: "sandbox@quote.example",
  accessKey: "fake-access-key-0123456789"
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

const parseJson = (text: string): { readonly ok: boolean; readonly value: unknown } => {
  if (text.trim() === "") return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, value: undefined }
  }
}

const start = (options: FakeSiigoOptions = {}): Promise<FakeSiigoHandle> => {
  const now = options.now ?? Date.now
  const random = seededRandom(options.seed ?? 20240101)
  const productCount = options.products ?? 50
  const state: FakeSiigoState = {
    credentials: options.credentials ?? defaultFakeCredentials,
    products: seedProducts(productCount, random),
    customers: seedCustomers(random),
    users: seedUsers(),
    documentTypes: seedDocumentTypes(),
    taxes: [...fakeTaxes],
    quotations: [],
    tokens: new Map(),
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 86_400,
    rateLimit: options.rateLimit === undefined
      ? null
      : { requests: options.rateLimit.requests, windowMs: options.rateLimit.windowMs ?? 60_000 },
    rateWindow: { startedAt: now(), count: 0 },
    delay: { ms: options.delayMs ?? 0, pathPrefix: "", method: null },
    failQuotationCreates: 0,
    variance: { ...defaultVariance, ...options.variance },
    failRequests: { count: 0, status: 503, code: "service_unavailable", pathPrefix: "", method: null }
  }
  const requestLog: Array<FakeRequestLogEntry> = []
  const pendingDelays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>()
  let baseUrl = ""

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          pendingDelays.delete(entry)
          resolve()
        }, ms),
        resolve
      }
      pendingDelays.add(entry)
    })

  /** 429 `requests_limit` once the window's budget is spent (refused calls do not count). */
  const rateLimited = (at: number): FakeResponse | undefined => {
    const limit = state.rateLimit
    if (limit === null) return undefined
    if (at >= state.rateWindow.startedAt + limit.windowMs) state.rateWindow = { startedAt: at, count: 0 }
    if (state.rateWindow.count >= limit.requests) {
      const seconds = Math.max(1, Math.ceil((state.rateWindow.startedAt + limit.windowMs - at) / 1000))
      return siigoError(
        429,
        "requests_limit",
        `The limit of ${limit.requests} requests per period has been exceeded. Try again in ${seconds} seconds`
      )
    }
    state.rateWindow.count += 1
    return undefined
  }

  const injectedFailure = (method: string, path: string): FakeResponse | undefined => {
    const fail = state.failRequests
    if (fail.count <= 0 || !path.startsWith(fail.pathPrefix) || (fail.method !== null && fail.method !== method)) {
      return undefined
    }
    fail.count -= 1
    return siigoError(fail.status, fail.code, "Injected failure")
  }

  const respond = (response: ServerResponse, answer: FakeResponse, entry: FakeRequestLogEntry) => {
    entry.status = answer.status
    if (response.destroyed || response.writableEnded) return
    const isText = typeof answer.body === "string" && answer.contentType !== undefined
    const payload = isText
      ? String(answer.body)
      : JSON.stringify(state.variance.unknownFields ? withUnknownFields(answer.body) : answer.body)
    response.writeHead(answer.status, {
      "Content-Type": answer.contentType ?? "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(payload)
    })
    response.end(payload)
  }

  const listener = async (incoming: IncomingMessage, response: ServerResponse) => {
    const receivedAt = now()
    const url = new URL(incoming.url ?? "/", baseUrl)
    const method = (incoming.method ?? "GET").toUpperCase()
    const header = (name: string): string | null => {
      const value = incoming.headers[name]
      return Array.isArray(value) ? value[0] ?? null : value ?? null
    }
    const entry: FakeRequestLogEntry = {
      at: receivedAt,
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      partnerId: header("partner-id"),
      authorization: header("authorization") !== null,
      status: 0
    }
    requestLog.push(entry)
    const text = await readBody(incoming)
    const limited = rateLimited(receivedAt)
    if (limited !== undefined) return respond(response, limited, entry)
    const { delay } = state
    if (delay.ms > 0 && url.pathname.startsWith(delay.pathPrefix) && (delay.method === null || delay.method === method)) {
      await sleep(delay.ms)
    }
    const injected = injectedFailure(method, url.pathname)
    if (injected !== undefined) return respond(response, injected, entry)
    const body = parseJson(text)
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      authorization: header("authorization"),
      partnerId: header("partner-id"),
      body: body.value,
      bodyIsJson: body.ok && body.value !== undefined,
      baseUrl,
      now: now()
    }
    respond(response, handleRequest(state, request), entry)
  }

  const controls: FakeSiigoControls = {
    expireTokens: () => state.tokens.clear(),
    setTokenLifetime: (seconds) => {
      state.tokenLifetimeSeconds = seconds
    },
    setRateLimit: (requests, windowMs = 60_000) => {
      state.rateLimit = requests === null ? null : { requests, windowMs }
      state.rateWindow = { startedAt: now(), count: 0 }
    },
    setDelay: (ms, match = {}) => {
      state.delay = { ms, pathPrefix: match.pathPrefix ?? "", method: match.method ?? null }
    },
    failNextQuotationCreates: (count) => {
      state.failQuotationCreates = count
    },
    failNextRequests: (count, failure = {}) => {
      state.failRequests = {
        count,
        status: failure.status ?? 503,
        code: failure.code ?? "service_unavailable",
        pathPrefix: failure.pathPrefix ?? "",
        method: failure.method ?? null
      }
    },
    addProducts: (products) => {
      const created = new Date(now()).toISOString()
      const added = typeof products === "number"
        ? Array.from({ length: products }, (_, i) => seedProduct(state.products.length + i + 1, random))
        : products.map((partial, i) => ({ ...seedProduct(state.products.length + i + 1, random), ...partial }))
      for (const product of added) {
        if (typeof products === "number") product.metadata = { created, last_updated: null }
        if (product.id === "") product.id = seededUuid(random)
        state.products.push(product)
      }
      return added
    },
    updateProduct: (id, patch) => {
      const index = state.products.findIndex((product) => product.id === id)
      const current = state.products[index]
      if (current === undefined) throw new Error(`Fake Siigo has no product ${id}`)
      const updated: FakeProduct = {
        ...current,
        ...patch,
        metadata: { created: current.metadata.created, last_updated: new Date(now()).toISOString() }
      }
      state.products[index] = updated
      return updated
    },
    setVariance: (variance) => {
      state.variance = { ...state.variance, ...variance }
    }
  }

  const server = createServer((incoming, response) => {
    listener(incoming, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end()
    })
  })

  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      const address = server.address() as AddressInfo
      const host = address.family === "IPv6" ? `[${address.address}]` : address.address
      baseUrl = `http://${host}:${address.port}`
      resolve({
        url: baseUrl,
        port: address.port,
        credentials: state.credentials,
        state,
        controls,
        requestLog,
        close: () =>
          new Promise<void>((done) => {
            for (const pending of pendingDelays) {
              clearTimeout(pending.timer)
              pending.resolve()
            }
            pendingDelays.clear()
            server.close(() => done())
            server.closeAllConnections()
          })
      })
    })
  })
}

export const FakeSiigo = {
  start,
  /** Starts the fake for the current scope and closes it when the scope closes. */
  scoped: (options: FakeSiigoOptions = {}): Effect.Effect<FakeSiigoHandle, never, Scope.Scope> =>
    Effect.acquireRelease(
      Effect.promise(() => start(options)),
      (handle) => Effect.promise(() => handle.close())
    )
}
