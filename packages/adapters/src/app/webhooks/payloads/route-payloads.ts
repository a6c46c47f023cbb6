/**
 * The route in the `data` of `route.updated` and the branch in `branch.updated`: both
 * carry the route's calendar as the spec's `schedule` (the label derived, never stored);
 * a branch shows only the label, and `null` without a route.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import type * as SqlClient from "effect/sql/SqlClient"
import { scheduleLabel } from "@quote/core/calendar/label"
import { Frequency } from "@quote/core/calendar/schedule"
import { WebhookBranch } from "@quote/core/webhooks/webhook-payloads"
import { refJson, rowsByIds } from "./payload-rows.ts"

const Weekday = Schema.Literals([1, 2, 3, 4, 5, 6, 7])

/** The calendar of a route, as both route and branch payloads read it. */
const calendarFields = {
  operationDays: Schema.Array(Weekday),
  frequency: Frequency,
  anchorDate: Schema.NullOr(Schema.String),
  cutoffDaysBefore: Schema.Int,
  cutoffTime: Schema.String
}

/** The branch with its company and advisor as the payload has them; its route with the calendar to label. */
const BranchRow = Schema.Struct({
  ...Struct.omit(WebhookBranch.fields, ["route"]),
  route: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String, ...calendarFields }))
})
type BranchRow = typeof BranchRow.Type

const RouteRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  active: Schema.Boolean,
  ...calendarFields,
  branchIds: Schema.Array(Schema.String)
})
type RouteRow = typeof RouteRow.Type

type Calendar = Pick<RouteRow, keyof typeof calendarFields>

/** The spec's route `schedule` object (the label derived, never stored). */
const scheduleOf = (row: Calendar) => {
  const fields = {
    operationDays: row.operationDays,
    frequency: row.frequency,
    // A weekly route has no anchor (docs/domain.md), whatever a direct UPDATE left.
    anchorDate: row.frequency === "weekly" ? null : row.anchorDate,
    cutoffDaysBefore: row.cutoffDaysBefore,
    cutoffTime: row.cutoffTime
  }
  return { ...fields, label: scheduleLabel(fields) }
}

export const branchRowsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(BranchRow, (ids) =>
    sql`
      select b.id, b.name, coalesce(b.city, '') as city, coalesce(b.address, '') as address, b.active,
             json_build_object('id', co.id, 'name', co.name) as company, ${sql.literal(refJson("a"))} as advisor,
             case when r.id is null then null else json_build_object(
               'id', r.id, 'name', r.name, 'operationDays', r.operation_days, 'frequency', r.frequency,
               'anchorDate', r.anchor_date, 'cutoffDaysBefore', r.cutoff_days_before, 'cutoffTime', r.cutoff_time
             ) end as route
        from branches b
        join companies co on co.id = b.company_id
        left join users a on a.id = b.advisor_id
        left join routes r on r.id = b.route_id
       where b.id = any (${ids}::uuid[])`)

export const routeRowsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(RouteRow, (ids) =>
    sql`
      select r.id, r.name, r.active, r.operation_days, r.frequency, r.anchor_date,
             r.cutoff_days_before, r.cutoff_time,
             array(
               select b.id::text from branches b
                where b.route_id = r.id and b.active
                order by b.created_at, b.id
             ) as branch_ids
        from routes r
       where r.id = any (${ids}::uuid[])`)

export const branchJson = (row: BranchRow) => ({
  ...row,
  route: row.route === null ? null : { id: row.route.id, name: row.route.name, schedule: scheduleOf(row.route).label }
})

export const routeJson = (row: RouteRow) => ({
  id: row.id,
  name: row.name,
  active: row.active,
  schedule: scheduleOf(row),
  branchIds: row.branchIds
})
