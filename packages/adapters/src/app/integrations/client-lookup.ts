/**
 * `GET /api/integrations/clients/lookup?phone=` (spec "Integration API"): the clients a
 * phone number belongs to, after E.164 normalization, with their company's active
 * branches so the chatbot can ask which one an order is for.
 *
 * Only active clients of active companies, attached to an active branch, are matched.
 * `needsDisambiguation` is true when the number belongs to several clients or a
 * matched company has more than one active branch. A branch's route appears only when
 * it is active and its calendar usable (the cutoff treats anything else as no route).
 */
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { InvalidPhone } from "@quote/core/errors/clients"
import { MissingParams } from "@quote/core/errors/quotations"
import { normalizePhoneEffect } from "@quote/core/phone"
import { routeLabel } from "../quotations/route-calendar.ts"

export interface LookupBranch {
  readonly id: string
  readonly name: string
  readonly city: string | null
  readonly address: string | null
  readonly isDefault: boolean
  readonly route: { readonly id: string; readonly name: string; readonly schedule: string } | null
  readonly advisor: { readonly id: string; readonly name: string; readonly email: string } | null
}

export interface LookupMatch {
  readonly clientId: string
  readonly clientName: string
  readonly company: { readonly id: string; readonly name: string; readonly nit: string }
  readonly defaultBranchId: string
  readonly branches: ReadonlyArray<LookupBranch>
}

export interface LookupResult {
  readonly phone: string
  readonly matchCount: number
  readonly needsDisambiguation: boolean
  readonly matches: ReadonlyArray<LookupMatch>
}

const BranchJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  city: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  route_id: Schema.NullOr(Schema.String),
  route_name: Schema.NullOr(Schema.String),
  operation_days: Schema.NullOr(Schema.Array(Schema.Number)),
  frequency: Schema.NullOr(Schema.String),
  anchor_date: Schema.NullOr(Schema.String),
  cutoff_days_before: Schema.NullOr(Schema.Number),
  cutoff_time: Schema.NullOr(Schema.String),
  advisor_id: Schema.NullOr(Schema.String),
  advisor_name: Schema.NullOr(Schema.String),
  advisor_email: Schema.NullOr(Schema.String)
})

const MatchRow = Schema.Struct({
  client_id: Schema.String,
  client_name: Schema.String,
  default_branch_id: Schema.String,
  company_id: Schema.String,
  company_name: Schema.String,
  company_nit: Schema.String,
  branches: Schema.Array(BranchJson)
})
const decodeMatches = Schema.decodeUnknownEffect(Schema.Array(MatchRow))

const toBranch = (defaultBranchId: string) => (branch: typeof BranchJson.Type): LookupBranch => {
  const label = branch.route_id === null ? null : routeLabel(branch)
  return {
    id: branch.id,
    name: branch.name,
    city: branch.city,
    address: branch.address,
    isDefault: branch.id === defaultBranchId,
    route: branch.route_id === null || branch.route_name === null || label === null
      ? null
      : { id: branch.route_id, name: branch.route_name, schedule: label },
    advisor: branch.advisor_id === null || branch.advisor_name === null || branch.advisor_email === null
      ? null
      : { id: branch.advisor_id, name: branch.advisor_name, email: branch.advisor_email }
  }
}

export class ClientLookup extends Context.Service<ClientLookup, {
  /** `MISSING_PARAMS` without a phone, `INVALID_PHONE` when it cannot be normalized. */
  readonly byPhone: (phone: string | undefined) => Effect.Effect<LookupResult, MissingParams | InvalidPhone>
}>()("@quote/adapters/ClientLookup") {
  static readonly layer = Layer.effect(
    ClientLookup,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const byPhone = Effect.fn("ClientLookup.byPhone")(function*(input: string | undefined) {
        if (input === undefined || input.trim() === "") {
          return yield* new MissingParams({ message: "Give the phone to look up", details: { required: ["phone"] } })
        }
        const phone = yield* normalizePhoneEffect(input)
        const rows = yield* sql`
          select c.id as client_id, c.name as client_name, c.branch_id as default_branch_id,
                 co.id as company_id, co.name as company_name, co.nit as company_nit,
                 coalesce((
                   select json_agg(json_build_object(
                            'id', b.id, 'name', b.name, 'city', b.city, 'address', b.address,
                            'route_id', r.id, 'route_name', r.name, 'operation_days', r.operation_days,
                            'frequency', r.frequency, 'anchor_date', r.anchor_date,
                            'cutoff_days_before', r.cutoff_days_before, 'cutoff_time', r.cutoff_time,
                            'advisor_id', a.id, 'advisor_name', a.name, 'advisor_email', a.email
                          ) order by b.id = c.branch_id desc, b.name, b.id)
                     from branches b
                     left join routes r on r.id = b.route_id and r.active
                     left join users a on a.id = b.advisor_id
                    where b.company_id = co.id and b.active
                 ), '[]'::json) as branches
            from client_phones p
            join clients c on c.id = p.client_id and c.active
            join companies co on co.id = c.company_id and co.active
            join branches own on own.id = c.branch_id and own.company_id = co.id and own.active
           where p.phone = ${phone}
           order by co.name, c.name, c.id`.pipe(Effect.flatMap(decodeMatches), Effect.orDie)
        const matches = rows.map((row): LookupMatch => ({
          clientId: row.client_id,
          clientName: row.client_name,
          company: { id: row.company_id, name: row.company_name, nit: row.company_nit },
          defaultBranchId: row.default_branch_id,
          branches: row.branches.map(toBranch(row.default_branch_id))
        }))
        return {
          phone,
          matchCount: matches.length,
          needsDisambiguation: matches.length > 1 || matches.some((match) => match.branches.length > 1),
          matches
        }
      })

      return ClientLookup.of({ byPhone })
    })
  )
}
