/**
 * The integration API as plain promises, for callers that do not use Effect: every
 * answer is decoded with the endpoint's own success schema (so `computedAt` is a `Date`,
 * unknown fields are dropped), every error answer throws an `ApiError`.
 *
 * Only `globalThis` is used (`fetch`, `crypto.randomUUID`, `setTimeout`): it runs in
 * Node, Deno, Bun, browsers and edge workers.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { BranchCutoff as BranchCutoffView, ClientPriceSheet, LookupResult, PricesQuery } from "@quote/core/integrations/views"
import {
  CreatedQuotationJson,
  type CreateIntegrationQuotationPayload,
  IntegrationQuotationJson,
  ReplayedQuotationJson
} from "../integrations.ts"
import { apiErrorFrom } from "./api-error.ts"
import { defaultRetryPolicy, isRetryable, type RetryPolicy, retryDelayMs } from "./create-retry.ts"

/** The part of the Fetch API the client uses (the global `fetch` satisfies it). */
export interface FetchResponseLike {
  readonly status: number
  text(): Promise<string>
}
export type FetchLike = (
  url: string,
  init: { readonly method: string; readonly headers: Record<string, string>; readonly body?: string }
) => Promise<FetchResponseLike>

export interface IntegrationClientOptions {
  /** The service's origin, e.g. `https://pedidos.example.com` (paths start with `/api`). */
  readonly baseUrl: string
  /** An API key (`svc_…`) with the scopes of the endpoints called. */
  readonly apiKey: string
  /** Default: the global `fetch`. */
  readonly fetch?: FetchLike | undefined
  /** How `createQuotation` retries (default: 3 retries, 250 ms doubling). */
  readonly createRetry?: Partial<RetryPolicy> | undefined
}

export type ClientLookup = typeof LookupResult.Type
export type BranchCutoff = typeof BranchCutoffView.Type
export type ClientPrices = typeof ClientPriceSheet.Type
export type IntegrationQuotation = typeof IntegrationQuotationJson.Type
/** A creation's answer: `replayed` is true when the key had already created it. */
export type CreatedQuotation = typeof CreatedQuotationJson.Type | typeof ReplayedQuotationJson.Type
export type CreateQuotationBody = typeof CreateIntegrationQuotationPayload.Encoded

/** A branded id (`ProductId`, `CategoryId`) as the plain string a caller holds. */
type Unbranded<T> = T extends string ? string : T extends ReadonlyArray<infer I> ? ReadonlyArray<Unbranded<I>> : T

/**
 * The endpoint's query, core's `PricesQuery` (one declaration for the endpoint, the
 * service and this client), with ids as plain strings: `skus`, `productIds`, `search`,
 * `categoryId`, `limit` (default 20; above 50 the server caps it at 50).
 */
export type PriceQuery = { readonly [K in keyof PricesQuery]?: Unbranded<PricesQuery[K]> | undefined }

/** The query's parameters, in the schema's order. */
const priceQueryNames = Struct.keys(PricesQuery.fields)

export interface IntegrationClient {
  /** `GET /clients/lookup` (scope `clients:read`). */
  readonly lookupClients: (query: { readonly phone: string }) => Promise<ClientLookup>
  /** `GET /cutoff` (scope `cutoff:read`): one of the ids at least. */
  readonly cutoff: (query: { readonly clientId?: string | undefined; readonly branchId?: string | undefined }) => Promise<BranchCutoff>
  /** `GET /clients/:clientId/prices` (scope `prices:read`): one filter at least. */
  readonly prices: (clientId: string, query: PriceQuery) => Promise<ClientPrices>
  /**
   * `POST /quotations` (scope `quotations:write`). Without `idempotencyKey` one is
   * generated; network failures and 5xx answers are retried with that same key, so one
   * call never creates two quotations. Pass your own key to extend that across calls
   * (e.g. one key per chat order, stored before calling).
   */
  readonly createQuotation: (
    body: CreateQuotationBody,
    options?: { readonly idempotencyKey?: string | undefined }
  ) => Promise<CreatedQuotation>
  /** `GET /quotations/:id` (scope `quotations:write`): only quotations of this key's lineage. */
  readonly getQuotation: (id: string) => Promise<IntegrationQuotation>
}

/** The decoder of an answer's JSON: the schema's JSON codec (ISO strings to `Date`, …). */
const decoderOf = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S): (input: unknown) => S["Type"] =>
  Schema.decodeUnknownSync(Schema.toCodecJson(schema))

const decodeLookup = decoderOf(LookupResult)
const decodeCutoff = decoderOf(BranchCutoffView)
const decodePrices = decoderOf(ClientPriceSheet)
const decodeCreated = decoderOf(Schema.Union([CreatedQuotationJson, ReplayedQuotationJson]))
const decodeQuotation = decoderOf(IntegrationQuotationJson)

const queryString = (entries: ReadonlyArray<readonly [string, string | number | ReadonlyArray<string> | undefined]>) => {
  const params = new URLSearchParams()
  for (const [name, value] of entries) {
    if (value === undefined) continue
    params.set(name, typeof value === "object" ? value.join(",") : String(value))
  }
  const text = params.toString()
  return text === "" ? "" : `?${text}`
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export const createIntegrationClient = (options: IntegrationClientOptions): IntegrationClient => {
  const base = `${options.baseUrl.replace(/\/+$/, "")}/api/integrations`
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init))
  const retryPolicy: RetryPolicy = { ...defaultRetryPolicy, ...options.createRetry }

  /** One exchange: the status and the whole body, or the failure that prevented them. */
  const exchange = async (
    method: string,
    path: string,
    extraHeaders: Record<string, string> = {},
    body?: unknown
  ): Promise<{ readonly status: number; readonly text: string } | { readonly failure: unknown }> => {
    const headers: Record<string, string> = { accept: "application/json", authorization: `Bearer ${options.apiKey}`, ...extraHeaders }
    if (body !== undefined) headers["content-type"] = "application/json"
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      return { status: response.status, text: await response.text() }
    } catch (failure) {
      return { failure }
    }
  }

  const answer = <A>(outcome: Awaited<ReturnType<typeof exchange>>, decode: (input: unknown) => A): A => {
    if ("failure" in outcome) throw outcome.failure
    if (outcome.status < 200 || outcome.status > 299) throw apiErrorFrom(outcome.status, outcome.text)
    return decode(JSON.parse(outcome.text))
  }

  const get = async <A>(path: string, decode: (input: unknown) => A): Promise<A> =>
    answer(await exchange("GET", path), decode)

  return {
    lookupClients: ({ phone }) => get(`/clients/lookup${queryString([["phone", phone]])}`, decodeLookup),
    cutoff: ({ clientId, branchId }) => get(`/cutoff${queryString([["clientId", clientId], ["branchId", branchId]])}`, decodeCutoff),
    prices: (clientId, query) =>
      get(
        `/clients/${encodeURIComponent(clientId)}/prices${
          queryString(priceQueryNames.map((name) => [name, query[name]]))
        }`,
        decodePrices
      ),
    createQuotation: async (body, createOptions) => {
      const headers = { "idempotency-key": createOptions?.idempotencyKey ?? globalThis.crypto.randomUUID() }
      let outcome = await exchange("POST", "/quotations", headers, body)
      for (let retry = 1; retry <= retryPolicy.retries && isRetryable(outcome); retry++) {
        await sleep(retryDelayMs(retryPolicy, retry))
        outcome = await exchange("POST", "/quotations", headers, body)
      }
      return answer(outcome, decodeCreated)
    },
    getQuotation: (id) => get(`/quotations/${encodeURIComponent(id)}`, decodeQuotation)
  }
}
