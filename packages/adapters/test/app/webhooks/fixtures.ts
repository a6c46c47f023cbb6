/**
 * Webhook test data, written with plain SQL as a person with psql would (the triggers
 * record the events), on top of the trigger tests' fixtures. Every fixture has fresh
 * names, so tests sharing a database stay independent; deliveries are always matched by
 * entity id. Shared by the service tests here and the black-box tests in test/.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { computeSignature, parseSignatureHeader } from "@quote/core/webhooks/webhook-signature"
import { Result } from "effect"
import type { ReceivedRequest } from "../../../src/dev/webhook-test-receiver.ts"
import { type ClientFixture, makeClient, makeQuotation, makeRoute, makeUser } from "../../infra/database/triggers/fixtures.ts"

export { makeClient, makeQuotation, makeRoute, makeUser }
export type { ClientFixture }

const unique = () => crypto.randomUUID().slice(0, 8)

/** A quotation with two items and an advisor, as the integration API would create it. */
export const makeFullQuotation = (client: ClientFixture, source: "web" | "chat" = "chat") =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const advisorId = yield* makeUser("advisor")
    return yield* sql.withTransaction(Effect.gen(function*() {
      const [quotation] = yield* sql<{ id: string; code: string }>`
        insert into quotations (client_id, company_id, branch_id, route_id, advisor_id, source, total, notes, route_date)
        values (${client.clientId}::uuid, ${client.companyId}::uuid, ${client.branchId}::uuid, ${client.routeId}::uuid,
                ${advisorId}::uuid, ${source}, 25500, 'Entregar en la mañana', '2030-01-03')
        returning id, code`
      yield* sql`
        insert into quotation_items (quotation_id, position, sku, name, quantity, unit_price, price_type, subtotal)
        values (${quotation!.id}::uuid, 0, 'SKU-1', 'Arroz 500 g', 3, 2500, 'price_list', 7500),
               (${quotation!.id}::uuid, 1, 'SKU-2', 'Aceite 1 L', 2, 9000, 'promotion', 18000)`
      return { ...quotation!, advisorId }
    }))
  })

export const addComment = (quotationId: string, authorId: string, text: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ id: string }>`
      insert into quotation_comments (quotation_id, author_id, text) values (${quotationId}::uuid, ${authorId}::uuid, ${text})
      returning id`
    return row!.id
  })

export const addPhone = (clientId: string, phone: string, label: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`insert into client_phones (client_id, phone, label) values (${clientId}::uuid, ${phone}, ${label})`
  })

export const renameRoute = (routeId: string, name = `Route ${unique()}`) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // Exactly what a person would type in psql.
    yield* sql.unsafe(`UPDATE routes SET name = '${name}' WHERE id = '${routeId}'`)
    return name
  })

/** The requests about one entity (by the `data` of their envelope). */
export const about = (entityId: string, type?: string) => (request: ReceivedRequest): boolean =>
  request.rawBody.includes(entityId) && (type === undefined || request.headers["x-service-event"] === type)

export interface Envelope {
  readonly id: string
  readonly type: string
  readonly apiVersion: string
  readonly createdAt: string
  readonly data: Record<string, unknown>
}

export const envelopeOf = (request: ReceivedRequest): Envelope => JSON.parse(request.rawBody) as Envelope

/** The `v1` signatures of a request, and which of `secrets` each matches. */
export const signaturesOf = (request: ReceivedRequest, secrets: ReadonlyArray<string>) => {
  const parsed = parseSignatureHeader(request.headers["x-service-signature"])
  if (Result.isFailure(parsed)) throw new Error(`malformed signature header: ${request.headers["x-service-signature"]}`)
  const { signatures, timestamp } = parsed.success
  return {
    timestamp,
    count: signatures.length,
    matches: secrets.map((secret) => signatures.includes(computeSignature(request.rawBody, secret, timestamp)))
  }
}

export { unique }
