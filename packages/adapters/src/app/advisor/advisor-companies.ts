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
import * as Arr from "effect/Array"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as SqlClient from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import type { Forbidden } from "@quote/core/auth/errors"
import type { SessionUser } from "@quote/core/auth/views"
import { type AdvisorScope, resolveAdvisorScope } from "@quote/core/advisor/advisor-scope"
import { AdvisorCompany, type AdvisorCompanyList, type AdvisorCompanyQuery } from "@quote/core/advisor/views"
import { NotFound } from "@quote/core/shared/errors"
import type { CompanyId } from "@quote/core/shared/ids"
import { pageTotals, pageWindow } from "@quote/core/shared/list-query"
import { containsPattern, plannedForSearch } from "../../infra/database/search-pattern.ts"
import { CountRow, decodedRows } from "../../infra/database/decoded-rows.ts"

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
  /** One page of them (`page`/`limit`, defaults 1 and 20) with the count of every match. */
  readonly page: (viewer: SessionUser, query: AdvisorCompanyQuery) => Effect.Effect<AdvisorCompanyList, Forbidden>
  /** One company as the list shows it; 404 `NOT_FOUND` when it is not there for the viewer. */
  readonly get: (viewer: SessionUser, companyId: CompanyId) => Effect.Effect<AdvisorCompany, NotFound | Forbidden>
}>()("@quote/adapters/AdvisorCompanies") {
  static readonly layer = Layer.effect(
    AdvisorCompanies,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      /** `<column> = advisor`, or no restriction for everyone; `column` is a constant of this file. */
      const assignedTo = (scope: AdvisorScope, column: string): Fragment =>
        scope._tag === "Everyone" ? sql`true` : sql`${sql.literal(column)} = ${scope.advisorId}`

      /** Which companies the viewer sees: for an advisor, those with an active branch of its. */
      const visible = (scope: AdvisorScope): Fragment =>
        scope._tag === "Everyone"
          ? sql`true`
          : sql`exists (select 1 from branches ab
                         where ab.company_id = co.id and ab.active and ab.advisor_id = ${scope.advisorId})`

      /** The companies matching `search`, as the condition on `co`. */
      const matching = (scope: AdvisorScope, search: string | undefined): Fragment => {
        const pattern = containsPattern(search)
        return sql.and([visible(scope), ...(pattern === undefined ? [] : [sql`(co.name ilike ${pattern} or co.nit ilike ${pattern})`])])
      }

      /**
       * The companies `where` selects (a condition on `co`), in name order; with `window`
       * (a page's limit and offset) only the page's companies have their figures read.
       * `searched`: `where` filters by a search pattern, whose matches are found first (the
       * trigram indexes) and then sorted: otherwise PostgreSQL may walk the name-order
       * index through every company looking for a page of matches that are not there (a
       * rare word at 20,000 companies: 55 ms against 1; issue #27). `offset 0` keeps the
       * matching subquery whole.
       */
      const companies = (
        scope: AdvisorScope,
        where: Fragment,
        window?: { readonly limit: number; readonly offset: number },
        searched = false
      ) => {
        const matches = searched ? sql`(select co.* from companies co where ${where} offset 0) co` : sql`companies co`
        const source = window === undefined
          ? sql`companies co`
          : sql`(select co.* from ${matches} where ${searched ? sql`true` : where}
                  order by lower(co.name), co.name, co.id limit ${window.limit} offset ${window.offset}) co`
        return sql`
          select co.id, co.name, co.nit, co.email, co.phone, co.address, co.active, co.created_at,
                 coalesce((
                   select json_agg(json_build_object(
                            'id', b.id, 'name', b.name, 'city', b.city, 'address', b.address, 'routeId', b.route_id,
                            'advisorId', b.advisor_id, 'active', b.active
                          ) order by lower(b.name), b.id)
                     from branches b
                    where b.company_id = co.id and ${assignedTo(scope, "b.advisor_id")}
                 ), '[]'::json) as my_branches,
                 (select count(*) from clients c
                   where c.company_id = co.id and ${assignedTo(scope, "c.advisor_id")}) as client_count,
                 coalesce(f.orders, 0) + coalesce(d.orders, 0) as quotation_count,
                 coalesce(f.revenue, 0) + coalesce(d.revenue, 0) as total_revenue
            from ${source}
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
           where ${window === undefined ? where : sql`true`}
           order by lower(co.name), co.name, co.id`
      }

      const list = Effect.fn("AdvisorCompanies.list")(function*(viewer: SessionUser, query: AdvisorCompanyQuery) {
        const scope = yield* resolveAdvisorScope(viewer, query.advisorId)
        // Streamed even for a search: a stream takes the unnamed path, planned for the
        // actual pattern on every request; as a prepared statement PostgreSQL switches to
        // a generic plan after five runs, which for an unknown `ilike` pattern reads every
        // company (measured 30–40 ms at 20k companies against 6–10 ms).
        return companies(scope, matching(scope, query.search)).stream.pipe(
          Stream.orDie,
          Stream.mapArray((rows) => Arr.map(rows, (row) => decodeCompany(row)))
        )
      })

      const page = Effect.fn("AdvisorCompanies.page")(function*(viewer: SessionUser, query: AdvisorCompanyQuery) {
        const scope = yield* resolveAdvisorScope(viewer, query.advisorId)
        const asked = pageWindow(query)
        const where = matching(scope, query.search)
        // With a search, both statements are planned for its pattern on every run (issue #27).
        const pattern = containsPattern(query.search)
        // Only the page's companies have their branches and figures read.
        const [rows, [counted]] = yield* Effect.all([
          plannedForSearch(companies(scope, where, asked, pattern !== undefined), pattern).pipe(
            Effect.map(Arr.map((row) => decodeCompany(row)))
          ),
          plannedForSearch(sql`select count(*)::int as count from companies co where ${where}`, pattern).pipe(
            decodedRows(CountRow)
          )
        ], { concurrency: "unbounded" }).pipe(Effect.orDie)
        return { items: rows, ...pageTotals(counted?.count ?? 0, asked) }
      })

      const get = Effect.fn("AdvisorCompanies.get")(function*(viewer: SessionUser, companyId: CompanyId) {
        const scope = yield* resolveAdvisorScope(viewer, undefined)
        const [row] = yield* companies(scope, sql.and([visible(scope), sql`co.id = ${companyId}`])).pipe(Effect.orDie)
        if (row === undefined) {
          return yield* new NotFound({ message: "The company does not exist or has no active branch of yours", details: { companyId } })
        }
        return decodeCompany(row)
      })

      return AdvisorCompanies.of({ list, page, get })
    })
  )
}
