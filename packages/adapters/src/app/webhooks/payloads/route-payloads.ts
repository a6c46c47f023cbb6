/**
 * The route in the `data` of `route.updated` and the branch in `branch.updated`: both
 * carry the route's calendar as the spec's `schedule` (the label derived, never stored);
 * a branch shows only the label, and `null` without a route.
 */
import { Schema } from "effect"
import type { SqlClient } from "effect/sql"
import { scheduleLabel } from "@quote/core/calendar/label"
import { Frequency } from "@quote/core/calendar/schedule"
import { ref, rowsByIds } from "./payload-rows.ts"

const Weekday = Schema.Literals([1, 2, 3, 4, 5, 6, 7])

/** The calendar columns of a route, as both route and branch payloads read them. */
const calendarColumns = {
  operation_days: Schema.Array(Weekday),
  frequency: Frequency,
  anchor_date: Schema.NullOr(Schema.String),
  cutoff_days_before: Schema.Int,
  cutoff_time: Schema.String
}

const BranchRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  city: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  company_id: Schema.String,
  company_name: Schema.String,
  advisor_id: Schema.NullOr(Schema.String),
  advisor_name: Schema.NullOr(Schema.String),
  route_id: Schema.NullOr(Schema.String),
  route_name: Schema.NullOr(Schema.String),
  operation_days: Schema.NullOr(calendarColumns.operation_days),
  frequency: Schema.NullOr(Frequency),
  anchor_date: calendarColumns.anchor_date,
  cutoff_days_before: Schema.NullOr(Schema.Int),
  cutoff_time: Schema.NullOr(Schema.String)
})
type BranchRow = typeof BranchRow.Type

const RouteRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  active: Schema.Boolean,
  ...calendarColumns,
  branch_ids: Schema.Array(Schema.String)
})
type RouteRow = typeof RouteRow.Type

type Calendar = Pick<RouteRow, keyof typeof calendarColumns>

/** The spec's route `schedule` object (the label derived, never stored). */
const scheduleOf = (row: Calendar) => {
  const fields = {
    operationDays: row.operation_days,
    frequency: row.frequency,
    // A weekly route has no anchor (docs/domain.md), whatever a direct UPDATE left.
    anchorDate: row.frequency === "weekly" ? null : row.anchor_date,
    cutoffDaysBefore: row.cutoff_days_before,
    cutoffTime: row.cutoff_time
  }
  return { ...fields, label: scheduleLabel(fields) }
}

export const branchRowsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(BranchRow, (ids) =>
    sql`
      select b.id, b.name, b.city, b.address, b.active, co.id as company_id, co.name as company_name,
             a.id as advisor_id, a.name as advisor_name, r.id as route_id, r.name as route_name,
             r.operation_days, r.frequency, r.anchor_date, r.cutoff_days_before, r.cutoff_time
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
  id: row.id,
  name: row.name,
  city: row.city ?? "",
  address: row.address ?? "",
  active: row.active,
  company: { id: row.company_id, name: row.company_name },
  advisor: ref(row.advisor_id, row.advisor_name),
  route: row.route_id === null || row.operation_days === null || row.frequency === null ||
      row.cutoff_days_before === null || row.cutoff_time === null
    ? null
    : {
      id: row.route_id,
      name: row.route_name ?? "",
      schedule: scheduleOf({
        operation_days: row.operation_days,
        frequency: row.frequency,
        anchor_date: row.anchor_date,
        cutoff_days_before: row.cutoff_days_before,
        cutoff_time: row.cutoff_time
      }).label
    }
})

export const routeJson = (row: RouteRow) => ({
  id: row.id,
  name: row.name,
  active: row.active,
  schedule: scheduleOf(row),
  branchIds: row.branch_ids
})
