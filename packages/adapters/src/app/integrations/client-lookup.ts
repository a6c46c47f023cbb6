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
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import type { InvalidPhone } from "@quote/core/clients/errors"
import { MissingParams } from "@quote/core/quotations/errors"
import { RouteCalendarFields, routeLabel } from "@quote/core/calendar/route-calendar"
import { RouteId } from "@quote/core/shared/ids"
import { normalizePhoneEffect } from "@quote/core/clients/phone"
import { LookupBranch, LookupMatch, type LookupResult } from "@quote/core/integrations/views"

/** A branch as the statement builds it: its route still as the stored calendar, not yet labelled. */
const BranchRow = Schema.Struct({
  ...LookupBranch.fields,
  route: Schema.NullOr(Schema.Struct({ id: RouteId, name: Schema.String, ...RouteCalendarFields }))
})
type BranchRow = typeof BranchRow.Type

const decodeMatches = Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({
  ...LookupMatch.fields,
  branches: Schema.Array(BranchRow)
})))

/** The route with its `scheduleLabel`; none when its stored calendar is unusable. */
const labelled = (branch: BranchRow): LookupBranch => {
  const route = branch.route
  const schedule = route === null ? null : routeLabel(route)
  return {
    ...branch,
    route: route === null || schedule === null ? null : { id: route.id, name: route.name, schedule }
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
          select c.id as client_id, c.name as client_name,
                 json_build_object('id', co.id, 'name', co.name, 'nit', co.nit) as company,
                 c.branch_id as default_branch_id,
                 coalesce((
                   select json_agg(json_build_object(
                            'id', b.id, 'name', b.name, 'city', b.city, 'address', b.address,
                            'is_default', b.id = c.branch_id,
                            'route', case when r.id is null then null else json_build_object(
                              'id', r.id, 'name', r.name, 'operation_days', r.operation_days, 'frequency', r.frequency,
                              'anchor_date', r.anchor_date, 'cutoff_days_before', r.cutoff_days_before,
                              'cutoff_time', r.cutoff_time) end,
                            'advisor', case when a.id is null then null
                                            else json_build_object('id', a.id, 'name', a.name, 'email', a.email) end
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
        const matches = rows.map((row): LookupMatch => ({ ...row, branches: row.branches.map(labelled) }))
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
