/**
 * The advisor module's company view (spec "Advisor module", `GET /api/advisor/companies`).
 *
 * An advisor sees the companies with at least one active branch assigned to it; for each,
 * `myBranches` are its branches there (active or not: `active` says which), `clientCount`
 * the company's clients assigned to it, and `quotationCount`/`totalRevenue` the company's
 * quotations whose advisor it is (the same rule as the statistics). An admin without
 * `advisorId` sees every company with all of its branches, clients and quotations.
 * `totalRevenue` never counts rejected quotations.
 */
import { Array as Arr, Context, Effect, Layer, Schema, Stream } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import type { Forbidden } from "@quote/core/auth/errors"
import type { SessionUser } from "@quote/core/auth/views"
import { type AdvisorScope, resolveAdvisorScope } from "@quote/core/advisor/advisor-scope"
import { AdvisorCompany, type AdvisorCompanyQuery } from "@quote/core/advisor/views"
import { containsPattern } from "../../infra/database/search-pattern.ts"

const decodeCompany = Schema.decodeUnknownSync(AdvisorCompany)

export class AdvisorCompanies extends Context.Service<AdvisorCompanies, {
  /**
   * The companies, streamed from one statement (one snapshot) so that the whole list is
   * never held in memory (issue #14); the scope is checked before the stream is built.
   */
  readonly list: (
    viewer: SessionUser,
    query: AdvisorCompanyQuery
  ) => Effect.Effect<Stream.Stream<AdvisorCompany>, Forbidden>
}>()("@quote/adapters/AdvisorCompanies") {
  static readonly layer = Layer.effect(
    AdvisorCompanies,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      /** `<column> = advisor`, or no restriction for everyone; `column` is a constant of this file. */
      const assignedTo = (scope: AdvisorScope, column: string): Fragment =>
        scope._tag === "Everyone" ? sql`true` : sql`${sql.literal(column)} = ${scope.advisorId}`

      const list = Effect.fn("AdvisorCompanies.list")(function*(viewer: SessionUser, query: AdvisorCompanyQuery) {
        const scope = yield* resolveAdvisorScope(viewer, query.advisorId)
        const pattern = containsPattern(query.search)
        const where = sql.and([
          scope._tag === "Everyone"
            ? sql`true`
            : sql`exists (select 1 from branches ab
                           where ab.company_id = co.id and ab.active and ab.advisor_id = ${scope.advisorId})`,
          ...(pattern === undefined ? [] : [sql`(co.name ilike ${pattern} or co.nit ilike ${pattern})`])
        ])
        const companies = sql`
          select co.id, co.name, co.nit, co.email, co.phone, co.address, co.active, co.created_at,
                 coalesce((
                   select json_agg(json_build_object(
                            'id', b.id, 'name', b.name, 'city', b.city, 'routeId', b.route_id,
                            'advisorId', b.advisor_id, 'active', b.active
                          ) order by lower(b.name), b.id)
                     from branches b
                    where b.company_id = co.id and ${assignedTo(scope, "b.advisor_id")}
                 ), '[]'::json) as my_branches,
                 (select count(*) from clients c
                   where c.company_id = co.id and ${assignedTo(scope, "c.advisor_id")}) as client_count,
                 coalesce(f.orders, 0) + coalesce(d.orders, 0) as quotation_count,
                 coalesce(f.revenue, 0) + coalesce(d.revenue, 0) as total_revenue
            from companies co
            -- Quotation figures from the company rollup of migrations/0006 plus its
            -- unfolded deltas (few), not from the company's quotations.
            left join lateral (
              select sum(r.orders) as orders, sum(r.revenue) as revenue from company_rollups r
               where r.company_id = co.id and ${assignedTo(scope, "r.advisor_key")}
            ) f on true
            left join (
              select x.company_id, sum(x.orders) as orders,
                     sum(case when x.status <> 'rejected' then x.revenue else 0 end) as revenue
                from quotation_deltas x
               where x.company_id is not null and ${assignedTo(scope, "x.advisor_key")}
               group by x.company_id
            ) d on d.company_id = co.id
           where ${where}
           order by lower(co.name), co.name, co.id`
        // Streamed even for a search: a stream takes the unnamed path, planned for the
        // actual pattern on every request; as a prepared statement PostgreSQL switches to
        // a generic plan after five runs, which for an unknown `ilike` pattern reads every
        // company (measured 30–40 ms at 20k companies against 6–10 ms).
        return companies.stream.pipe(
          Stream.orDie,
          Stream.mapArray((rows) => Arr.map(rows, (row) => decodeCompany(row)))
        )
      })

      return AdvisorCompanies.of({ list })
    })
  )
}
