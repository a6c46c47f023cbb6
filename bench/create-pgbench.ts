/**
 * PostgreSQL's own limit for quotation creation (issue #14): the statements one
 * `QuotationCreation.create` sends, captured as they are executed (through the SQL
 * client's statement transformer), replayed by `pgbench` — the same SQL, the same typed
 * parameters, 10 items, the same triggers (webhook event, rollup deltas), one create per
 * transaction, at the HTTP load's concurrency. Each replay gets its own idempotency key
 * and quotation id. The capture also counts the create's database round trips.
 */
import { Effect } from "effect"
import { Statement } from "effect/sql"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { randomUUID } from "node:crypto"
import { execFile } from "node:child_process"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { IntegrationKey } from "../packages/core/src/auth/access.ts"
import { QuotationCreation, type QuotationRequest } from "../packages/adapters/src/app/quotations/quotation-creation.ts"

export interface CapturedCreate {
  /** Statements (SQL text and parameters) of one create, in order: its round trips. */
  readonly statements: ReadonlyArray<readonly [string, ReadonlyArray<unknown>]>
  readonly quotationId: string
  readonly idempotencyKey: string
}

/** Runs one create with a new key and records every statement it executes. */
export const captureCreate = (request: QuotationRequest, apiKey: IntegrationKey) =>
  Effect.gen(function*() {
    const creation = yield* QuotationCreation
    const statements: Array<readonly [string, ReadonlyArray<unknown>]> = []
    const idempotencyKey = randomUUID()
    const created = yield* creation.create(
      { _tag: "Chat", apiKeyId: apiKey.id, lineageId: apiKey.lineageId, idempotencyKey },
      request
    ).pipe(
      Effect.provideService(Statement.CurrentTransformer, (statement) => {
        statements.push(statement.compile())
        return Effect.succeed(statement)
      })
    )
    return { statements, quotationId: created.quotation.id, idempotencyKey } satisfies CapturedCreate
  })

const oidCasts: Readonly<Record<number, string>> = {
  16: "bool",
  20: "int8",
  23: "int4",
  25: "text",
  114: "json",
  701: "float8",
  1082: "date",
  1184: "timestamptz",
  2950: "uuid",
  3802: "jsonb"
}

/** A parameter as pgbench text and the type the application binds it with (see type-mapping.ts). */
const parameterText = (value: unknown): { readonly text: string | null; readonly cast: string | null } => {
  if (PgTypes.isParameter(value)) {
    const cast = oidCasts[value.oid]
    if (cast === undefined) throw new Error(`no cast known for parameter oid ${value.oid}`)
    if (value.value === null || value.value === undefined) return { text: null, cast }
    return { text: cast === "json" || cast === "jsonb" ? JSON.stringify(value.value) : String(value.value), cast }
  }
  if (value === null || value === undefined) return { text: null, cast: null }
  switch (typeof value) {
    case "boolean":
      return { text: String(value), cast: "bool" }
    case "bigint":
      return { text: String(value), cast: "int8" }
    case "number":
      return {
        text: String(value),
        cast: Number.isInteger(value) ? (Math.abs(value) <= 2_147_483_647 ? "int4" : "int8") : "float8"
      }
    case "string":
      return { text: value, cast: null }
  }
  if (value instanceof Date) return { text: value.toISOString(), cast: "timestamptz" }
  throw new Error(`cannot replay parameter ${String(value)}`)
}

/**
 * The pgbench script of a captured create and its `-D` variables: every parameter is a
 * variable with the application's type, except the quotation id and the idempotency
 * key, which are made new for each transaction from a random `k`.
 */
export const pgbenchScript = (captured: CapturedCreate) => {
  const defines: Array<string> = []
  const statements = captured.statements.map(([text, params], index) =>
    text.replace(/\$(\d+)/g, (_, position: string) => {
      const value = params[Number(position) - 1]
      if (value === captured.quotationId) return "(md5('pgbench-quotation-' || :k))::uuid"
      if (value === captured.idempotencyKey) return "('pgbench-' || :k)"
      const { cast, text: valueText } = parameterText(value)
      const variable = `s${index}p${position}`
      if (valueText === null) return cast === null ? "null" : `null::${cast}`
      defines.push(`${variable}=${valueText}`)
      return cast === null ? `:${variable}` : `(:${variable})::${cast}`
    })
  )
  return { script: `\\set k random(1, 1000000000000000)\n${statements.join(";\n")};\n`, defines }
}

/** `pgbench` over the script for `seconds` with `clients` connections: transactions per second. */
export const runPgbench = async (
  url: string,
  script: { readonly script: string; readonly defines: ReadonlyArray<string> },
  options: { readonly seconds: number; readonly clients: number }
): Promise<number> => {
  const directory = await mkdtemp(join(tmpdir(), "quote-pgbench-"))
  try {
    const file = join(directory, "create.sql")
    await writeFile(file, script.script)
    const args = [
      "-n",
      "-M",
      "prepared",
      "-c",
      String(options.clients),
      "-j",
      "2",
      "-T",
      String(options.seconds),
      "-f",
      file,
      ...script.defines.flatMap((define) => ["-D", define]),
      url
    ]
    const output = await new Promise<string>((resolve, reject) =>
      execFile("pgbench", args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`pgbench failed: ${error.message}\n${stderr}`))
        else resolve(`${stdout}\n${stderr}`)
      })
    )
    const failed = /number of failed transactions: (\d+)/.exec(output)
    if (failed !== null && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} failed transactions\n${output}`)
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)
    if (tps === null) throw new Error(`pgbench printed no tps:\n${output}`)
    return Number(tps[1])
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
