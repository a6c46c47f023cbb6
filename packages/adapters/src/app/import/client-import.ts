/**
 * Imports clients with their phones (docs/import.md "clients"), streamed in batches so
 * a 100k-row file keeps memory flat: per batch, one look-up of the stored clients (by
 * NIT) and their phones, one of the branches not seen yet, then one multi-row statement
 * each (`unnest` arrays) for new clients, changed clients, new phones and changed
 * labels. Only what differs is written, so the database records `client.updated` with
 * exactly the changed fields (`phones` for a phone change) and nothing for an unchanged
 * row. Phones are merged by number: new numbers are added, a listed number's label is
 * updated, no phone is deleted. Moving a client with a login moves its user too (as the
 * API's update does).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { type ClientImportRow, readClientRow } from "@quote/core/import/client-rows"
import { changedFields } from "@quote/core/import/field-changes"
import { emptyCounts } from "@quote/core/import/import-kind"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { unnestColumn } from "../../infra/database/unnest-column.ts"
import { firstOccurrence, type KindRun, readRows, storedNamesSql } from "./kind-import.ts"
import {
  AMBIGUOUS,
  type BranchReference,
  branchesByKey,
  branchKey,
  type Found,
  priceListsByName,
  resolveReference
} from "./reference-lookups.ts"

/** The columns an import sets. */
const ClientValues = Schema.Struct({
  nit: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  company_id: Schema.NullOr(Schema.String),
  branch_id: Schema.NullOr(Schema.String),
  price_list_id: Schema.NullOr(Schema.String)
})
type ClientValues = typeof ClientValues.Type

const StoredClient = ClientValues.mapFields(Struct.assign({ id: Schema.String, user_id: Schema.NullOr(Schema.String) }))

const StoredPhone = Schema.Struct({
  id: Schema.String,
  client_id: Schema.String,
  phone: Schema.String,
  label: Schema.NullOr(Schema.String)
})

/** Column arrays of rows, for `unnest`. */
const columns = (rows: ReadonlyArray<ClientValues>) => ({
  nit: rows.map((row) => row.nit),
  name: rows.map((row) => row.name),
  email: unnestColumn(rows.map((row) => row.email)),
  active: rows.map((row) => row.active),
  company: unnestColumn(rows.map((row) => row.company_id)),
  branch: unnestColumn(rows.map((row) => row.branch_id)),
  priceList: unnestColumn(rows.map((row) => row.price_list_id))
})

export const importClients = Effect.fnUntraced(function*(run: KindRun) {
  const sql = yield* storedNamesSql
  const counts = emptyCounts()
  const seen = new Map<string, number>()
  const branches = new Map<string, BranchReference | typeof AMBIGUOUS | undefined>()
  const priceLists = new Map<string, Found | undefined>()
  let read = 0

  while (true) {
    const batch = yield* run.batches.next
    if (batch === undefined) break
    read += batch.length
    const rows = readRows(run, batch, readClientRow).filter((row) =>
      firstOccurrence(seen, row.nit ?? row.companyNit!, row.line, run, (first) => ({
        code: "DUPLICATE_NIT",
        message: `the NIT ${row.nit ?? row.companyNit} is already on line ${first}`
      }))
    )

    // References not looked up yet, in bulk.
    const newBranchKeys = new Map<string, readonly [string, string]>()
    for (const row of rows) {
      if (row.companyNit === null || row.branchName === null) continue
      const key = branchKey(row.companyNit, row.branchName)
      if (!branches.has(key)) newBranchKeys.set(key, [row.companyNit, row.branchName])
    }
    if (newBranchKeys.size > 0) {
      const found = yield* branchesByKey(newBranchKeys.values())
      for (const key of newBranchKeys.keys()) branches.set(key, found.get(key))
    }
    const newLists = [...new Set(rows.flatMap((row) => row.priceListName == null ? [] : [row.priceListName]))]
      .filter((name) => !priceLists.has(name))
    if (newLists.length > 0) {
      const found = yield* priceListsByName(newLists)
      for (const name of newLists) priceLists.set(name, found.get(name))
    }

    const stored = yield* sql`
      select id, nit, name, email, active, company_id, branch_id, price_list_id, user_id from clients
       where nit = any(${rows.map((row) => row.nit ?? row.companyNit!)}::text[])`.pipe(decodedRows(StoredClient))
    const byNit = new Map(stored.map((client) => [client.nit, client]))
    const storedPhones = stored.length === 0 ? [] : yield* sql`
      select id, client_id, phone, label from client_phones where client_id = any(${stored.map((c) => c.id)}::uuid[])`
      .pipe(decodedRows(StoredPhone))
    const phonesOf = Map.groupBy(storedPhones, (phone) => phone.client_id)

    const inserts: Array<ClientValues & { readonly phones: ClientImportRow["phones"] }> = []
    const updates: Array<ClientValues & { readonly id: string }> = []
    const moved: Array<string> = []
    const phoneInserts: Array<{ readonly clientId: string; readonly phone: string; readonly label: string | null }> = []
    const labelUpdates: Array<{ readonly id: string; readonly label: string | null }> = []

    for (const row of rows) {
      const nit = row.nit ?? row.companyNit!
      const current = byNit.get(nit)
      let companyId = current?.company_id ?? null
      let branchId = current?.branch_id ?? null
      if (row.companyNit !== null && row.branchName !== null) {
        const found = branches.get(branchKey(row.companyNit, row.branchName))
        const branch = resolveReference(
          found,
          { code: "BRANCH_NOT_FOUND", label: "branch", key: `${row.branchName} of ${row.companyNit}` },
          current?.branch_id
        )
        if ("problem" in branch) {
          run.report(row.line, branch.problem)
          continue
        }
        branchId = branch.id
        companyId = (found as BranchReference).companyId
      } else if (current === undefined) {
        run.report(row.line, { code: "VALIDATION_ERROR", message: "company_nit and branch_name are required for a new client" })
        continue
      }
      let priceListId = current?.price_list_id ?? null
      if (row.priceListName === null) priceListId = null
      else if (row.priceListName !== undefined) {
        const list = resolveReference(
          priceLists.get(row.priceListName),
          { code: "PRICE_LIST_NOT_FOUND", label: "price list", key: row.priceListName },
          current?.price_list_id
        )
        if ("problem" in list) {
          run.report(row.line, list.problem)
          continue
        }
        priceListId = list.id
      }
      const values: ClientValues = {
        nit,
        name: (row.fields.name as string | undefined) ?? current!.name,
        email: row.fields.email !== undefined ? row.fields.email as string | null : current?.email ?? null,
        active: (row.fields.active as boolean | undefined) ?? current?.active ?? true,
        company_id: companyId,
        branch_id: branchId,
        price_list_id: priceListId
      }
      if (current === undefined) {
        inserts.push({ ...values, phones: row.phones })
        counts.created++
        continue
      }
      const changed = changedFields(current, values).length > 0
      if (changed) updates.push({ ...values, id: current.id })
      if (current.user_id !== null && (companyId !== current.company_id || branchId !== current.branch_id)) {
        moved.push(current.id)
      }
      const known = new Map((phonesOf.get(current.id) ?? []).map((phone) => [phone.phone, phone]))
      let phonesChanged = false
      for (const phone of row.phones ?? []) {
        const existing = known.get(phone.phone)
        if (existing === undefined) phoneInserts.push({ clientId: current.id, ...phone })
        else if ((existing.label === "" ? null : existing.label) !== phone.label) labelUpdates.push({ id: existing.id, label: phone.label })
        else continue
        phonesChanged = true
      }
      if (changed || phonesChanged) counts.updated++
      else counts.unchanged++
    }

    if (inserts.length > 0) {
      const c = columns(inserts)
      const created = yield* sql`
        insert into clients (nit, name, email, active, company_id, branch_id, price_list_id)
        select * from unnest(${c.nit}::text[], ${c.name}::text[], ${c.email}::text[], ${c.active}::bool[],
                             ${c.company}::uuid[], ${c.branch}::uuid[], ${c.priceList}::uuid[])
        returning id, nit`.pipe(decodedRows(StoredClient.mapFields(Struct.pick(["id", "nit"]))))
      const idByNit = new Map(created.map((client) => [client.nit, client.id]))
      for (const client of inserts) {
        for (const phone of client.phones ?? []) phoneInserts.push({ clientId: idByNit.get(client.nit)!, ...phone })
      }
    }
    if (updates.length > 0) {
      const c = columns(updates)
      yield* sql`
        update clients c set name = v.name, email = v.email, active = v.active, company_id = v.company_id,
                             branch_id = v.branch_id, price_list_id = v.price_list_id
          from unnest(${updates.map((row) => row.id)}::uuid[], ${c.name}::text[], ${c.email}::text[],
                      ${c.active}::bool[], ${c.company}::uuid[], ${c.branch}::uuid[], ${c.priceList}::uuid[])
               as v(id, name, email, active, company_id, branch_id, price_list_id)
         where c.id = v.id`
    }
    if (moved.length > 0) {
      yield* sql`
        update users u set company_id = c.company_id, branch_id = c.branch_id
          from clients c where c.id = any(${moved}::uuid[]) and u.id = c.user_id`
    }
    if (phoneInserts.length > 0) {
      yield* sql`
        insert into client_phones (client_id, phone, label)
        select * from unnest(${phoneInserts.map((p) => p.clientId)}::uuid[], ${phoneInserts.map((p) => p.phone)}::text[],
                             ${unnestColumn(phoneInserts.map((p) => p.label))}::text[])`
    }
    if (labelUpdates.length > 0) {
      yield* sql`
        update client_phones p set label = v.label
          from unnest(${labelUpdates.map((u) => u.id)}::uuid[], ${unnestColumn(labelUpdates.map((u) => u.label))}::text[]) as v(id, label)
         where p.id = v.id`
    }
    yield* run.progress(read)
  }
  return { clients: counts }
})
