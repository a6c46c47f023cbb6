/**
 * Imports routes (docs/import.md "routes"): each known by name, created with the API's
 * defaults or updated in the columns that changed; the calendar validated as the API
 * does (core `routeSchedule`), the advisor named by e-mail. The database records
 * `route.updated` with exactly the changed fields.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { emptyCounts } from "@quote/core/import/import-kind"
import { readRouteRow, routeSchedule, setsCalendar } from "@quote/core/import/route-rows"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { allRecords, firstOccurrence, type KindRun, readRows, StoredColumns, storedNamesSql } from "./kind-import.ts"
import { advisorsByEmail, AMBIGUOUS, resolveReference } from "./reference-lookups.ts"
import { countWrite, writeEntity } from "./entity-write.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

const StoredRoute = StoredColumns({
  id: Schema.String,
  name: Schema.String,
  operation_days: Schema.Array(Schema.Number),
  frequency: Schema.String,
  anchor_date: Schema.NullOr(Schema.String),
  cutoff_days_before: Schema.Number,
  cutoff_time: Schema.String,
  advisor_id: Schema.NullOr(Schema.String)
})

const encode = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(values).map(([column, value]) => [
      column,
      (column === "bounds" || column === "center") && value !== null ? jsonb(value) : value
    ])
  )

export const importRoutes = Effect.fnUntraced(function*(run: KindRun) {
  const sql = yield* storedNamesSql
  const counts = emptyCounts()
  const seen = new Map<string, number>()
  const rows = readRows(run, yield* allRecords(run), readRouteRow).filter((row) =>
    firstOccurrence(seen, row.name, row.line, run, (first) => ({
      code: "VALIDATION_ERROR",
      message: `route "${row.name}" is already on line ${first}`
    }))
  )
  const stored = yield* sql`
    select id, name, description, operation_days, frequency, anchor_date::text as anchor_date, cutoff_days_before,
           cutoff_time, city, quadrant_id, quadrant_name, map_zone, bounds, center, street_from, street_to,
           carrera_from, carrera_to, advisor_id, active
      from routes where name = any(${rows.map((row) => row.name)}::text[])`.pipe(decodedRows(StoredRoute))
  const byName = Map.groupBy(stored, (route) => route.name)
  const advisors = yield* advisorsByEmail(rows.flatMap((row) => row.advisorEmail == null ? [] : [row.advisorEmail]))

  for (const row of rows) {
    const matches = byName.get(row.name) ?? []
    if (matches.length > 1) {
      run.report(row.line, { code: "VALIDATION_ERROR", message: `more than one route is named "${row.name}"` })
      continue
    }
    const current = matches[0]
    const wanted: Record<string, unknown> = { ...row.details }
    if (row.advisorEmail !== undefined) {
      if (row.advisorEmail === null) wanted.advisor_id = null
      else {
        const found = advisors.get(row.advisorEmail.toLowerCase())
        const advisor = resolveReference(
          found === AMBIGUOUS ? undefined : found,
          { code: "ADVISOR_NOT_FOUND", label: "advisor", key: row.advisorEmail },
          current?.advisor_id
        )
        if ("problem" in advisor) {
          run.report(row.line, advisor.problem)
          continue
        }
        wanted.advisor_id = advisor.id
      }
    }
    if (current === undefined || setsCalendar(row)) {
      const schedule = routeSchedule(
        row,
        current === undefined ? undefined : {
          operationDays: current.operation_days,
          frequency: current.frequency,
          anchorDate: current.anchor_date,
          cutoffDaysBefore: current.cutoff_days_before,
          cutoffTime: current.cutoff_time
        }
      )
      if (Result.isFailure(schedule)) {
        run.report(row.line, schedule.failure)
        continue
      }
      Object.assign(wanted, {
        operation_days: [...schedule.success.operationDays],
        frequency: schedule.success.frequency,
        anchor_date: schedule.success.anchorDate,
        cutoff_days_before: schedule.success.cutoffDaysBefore,
        cutoff_time: schedule.success.cutoffTime
      })
    }
    const written = yield* writeEntity("routes", current, { ...wanted, name: row.name }, encode)
    countWrite(counts, current, written.changed)
  }
  return { routes: counts }
})
