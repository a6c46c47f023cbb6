/**
 * A client's contact phones (spec "Clients", "Phone normalization"). Numbers are stored
 * in E.164 as normalized by core's `normalizePhone` (`400 INVALID_PHONE` otherwise) and
 * may repeat across clients but not within one (`409 DUPLICATE_PHONE`: checked in the
 * request first, then by the `(client_id, phone)` unique constraint). The database
 * records `client.updated` with `changes: ["phones"]` for every change.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { DuplicatePhone, type InvalidPhone } from "@quote/core/clients/errors"
import { NotFound } from "@quote/core/shared/errors"
import { normalizePhoneEffect } from "@quote/core/clients/phone"
import { isUniqueViolation } from "../../infra/database/sql-errors.ts"
import { inWriteTransaction } from "../companies/write-transaction.ts"
import type { ClientId, ClientPhoneId } from "@quote/core/shared/ids"
import { ClientPhone, type PhoneInput } from "@quote/core/clients/views"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

export interface NormalizedPhone {
  readonly phone: string
  readonly label: string | null
}

const duplicatePhone = (phone: string) =>
  new DuplicatePhone({ message: `The client already has the phone ${phone}`, details: { phone } })

/**
 * Normalizes each number; fails on the first that cannot be normalized, and on a number
 * that appears twice (after normalization) in the same list.
 */
export const normalizePhoneInputs = Effect.fnUntraced(function*(
  inputs: ReadonlyArray<PhoneInput>
): Effect.fn.Return<ReadonlyArray<NormalizedPhone>, InvalidPhone | DuplicatePhone> {
  const seen = new Set<string>()
  const out: Array<NormalizedPhone> = []
  for (const input of inputs) {
    const phone = yield* normalizePhoneEffect(input.phone)
    if (seen.has(phone)) return yield* duplicatePhone(phone)
    seen.add(phone)
    out.push({ phone, label: input.label ?? null })
  }
  return out
})

/** Inserts normalized phones of a client in one statement (run inside the caller's transaction). */
export const insertClientPhones = Effect.fnUntraced(function*(
  clientId: ClientId,
  phones: ReadonlyArray<NormalizedPhone>
): Effect.fn.Return<ReadonlyArray<ClientPhone>, DuplicatePhone | SqlError, SqlClient.SqlClient> {
  const [first, ...rest] = phones
  if (first === undefined) return []
  const sql = yield* SqlClient.SqlClient
  const row = (phone: NormalizedPhone) => ({ client_id: clientId, phone: phone.phone, label: phone.label })
  return yield* sql`
    insert into client_phones ${sql.insert([row(first), ...rest.map(row)])}
    returning id, phone, coalesce(label, '') as label, is_messaging`.pipe(
    decodedRows(ClientPhone),
    Effect.catchIf(
      (error) => isUniqueViolation(error, "client_phones_client_id_phone_key"),
      () => Effect.fail(duplicatePhone(phones.length === 1 ? first.phone : phones.map((p) => p.phone).join(", ")))
    )
  )
})

const clientNotFound = (clientId: ClientId) => new NotFound({ message: "No client has this id", details: { clientId } })

export class ClientPhones extends Context.Service<ClientPhones, {
  readonly add: (
    clientId: ClientId,
    input: PhoneInput
  ) => Effect.Effect<ClientPhone, InvalidPhone | NotFound | DuplicatePhone>
  /** Removes one phone of the client; `NotFound` when the client has no such phone. */
  readonly remove: (clientId: ClientId, phoneId: ClientPhoneId) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/ClientPhones") {
  static readonly layer = Layer.effect(
    ClientPhones,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const add = Effect.fn("ClientPhones.add")(function*(clientId: ClientId, input: PhoneInput) {
        const phones = yield* normalizePhoneInputs([input])
        return yield* Effect.gen(function*() {
          const client = yield* sql`select id from clients where id = ${clientId} for update`
          if (client.length === 0) return yield* clientNotFound(clientId)
          const [row] = yield* insertClientPhones(clientId, phones)
          return row!
        }).pipe(inWriteTransaction(sql))
      })

      const remove = Effect.fn("ClientPhones.remove")(function*(clientId: ClientId, phoneId: ClientPhoneId) {
        const rows = yield* sql`delete from client_phones where id = ${phoneId} and client_id = ${clientId} returning id`
          .pipe(Effect.orDie)
        if (rows.length === 0) {
          return yield* new NotFound({ message: "The client has no phone with this id", details: { clientId, phoneId } })
        }
      })

      return ClientPhones.of({ add, remove })
    })
  )
}
