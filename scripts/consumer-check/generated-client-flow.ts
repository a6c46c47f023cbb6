// Compiled under `tsc --strict` and run in the consumer project (issue #25 item 3): a
// client no one in the workspace wrote. `api-types.d.ts` is what `openapi-typescript`
// generates from the served `/api/openapi.json`; the calls are made by `openapi-fetch`.
// It does what the chatbot does — lookup, cutoff, prices, a creation with an
// Idempotency-Key (sent twice), the quotation read back, and an INVALID_PHONE error typed
// by the generated types — without a cast, and prints one JSON object for the
// orchestrator to judge.
import createClient from "openapi-fetch"
import type { paths } from "./api-types.js"
import input from "./flow-input.json" with { type: "json" }

/** Compiles only when `T` is not `any`: an untyped answer would pass every check below. */
const typed = <T>(value: T & (0 extends 1 & T ? never : unknown)): T => value

const fail = (step: string, answer: { readonly response: Response; readonly error?: unknown }): never => {
  throw new Error(`${step}: ${answer.response.status} ${JSON.stringify(answer.error)}`)
}

const client = createClient<paths>({ baseUrl: input.baseUrl, headers: { authorization: `Bearer ${input.apiKey}` } })

const lookup = await client.GET("/api/integrations/clients/lookup", { params: { query: { phone: input.phone } } })
const found = typed(lookup.data) ?? fail("lookup", lookup)
const match = found.matches[0] ?? fail("lookup (no match)", lookup)

const cutoffAnswer = await client.GET("/api/integrations/cutoff", { params: { query: { clientId: match.clientId } } })
const cutoff = typed(cutoffAnswer.data) ?? fail("cutoff", cutoffAnswer)
const isOpen: boolean = cutoff.isOpen

const pricesAnswer = await client.GET("/api/integrations/clients/{clientId}/prices", {
  params: { path: { clientId: match.clientId }, query: { skus: input.sku } }
})
const prices = typed(pricesAnswer.data) ?? fail("prices", pricesAnswer)
const priced = prices.items[0] ?? fail("prices (no item)", pricesAnswer)
const sku: string = priced.sku

const idempotencyKey = `consumer-${crypto.randomUUID()}`
const create = () =>
  client.POST("/api/integrations/quotations", {
    params: { header: { "idempotency-key": idempotencyKey } },
    body: { clientId: match.clientId, branchId: cutoff.branchId, items: [{ sku, quantity: 2 }] }
  })
const first = await create()
const created = typed(first.data) ?? fail("create", first)
const retry = await create()
const replayed = typed(retry.data) ?? fail("create (retry)", retry)

const readAnswer = await client.GET("/api/integrations/quotations/{id}", { params: { path: { id: created.id } } })
const readBack = typed(readAnswer.data) ?? fail("read back", readAnswer)

const invalid = await client.GET("/api/integrations/clients/lookup", { params: { query: { phone: "12" } } })
// The generated error union must include INVALID_PHONE, or this comparison does not compile.
const invalidPhone = invalid.error !== undefined && invalid.error.error.code === "INVALID_PHONE"
  ? { status: invalid.response.status, code: typed(invalid.error).error.code, message: invalid.error.error.message }
  : fail("invalid phone", invalid)

console.log(JSON.stringify({
  matchCount: found.matchCount,
  isOpen,
  sku,
  created: { status: first.response.status, id: created.id, lines: created.items.length },
  replay: { status: retry.response.status, id: replayed.id, replayed: replayed.replayed },
  readBack: { id: readBack.id, total: readBack.total, sameTotal: readBack.total === created.total },
  invalidPhone: { status: invalidPhone.status, code: invalidPhone.code, hasMessage: invalidPhone.message.length > 0 }
}))
