/**
 * A route row of an import file (docs/import.md "routes"), read with the API's rules:
 * the calendar is judged by core's `validateSchedule` (`INVALID_SCHEDULE`) on the whole
 * resulting calendar — the file's columns over the stored route, with the API's defaults
 * for a new one — and the advisor is named by e-mail.
 */
import * as Result from "effect/Result"
import { type Schedule, type ScheduleInput, validateSchedule } from "../calendar/schedule.ts"
import { definedOnly, FieldReader, type RowProblem } from "./field-reader.ts"
import type { ImportRecord } from "./import-record.ts"

const TEXT_COLUMNS = [
  "description", "city", "quadrant_id", "quadrant_name", "map_zone", "street_from", "street_to", "carrera_from", "carrera_to"
] as const

export const ROUTE_COLUMNS: ReadonlySet<string> = new Set([
  "name", "operation_days", "frequency", "anchor_date", "cutoff_days_before", "cutoff_time", ...TEXT_COLUMNS,
  "bounds", "center", "advisor", "active"
])

export interface RouteCalendarInput {
  readonly operationDays?: ReadonlyArray<number>
  readonly frequency?: string
  readonly anchorDate?: string | null
  readonly cutoffDaysBefore?: number
  readonly cutoffTime?: string
}

export interface RouteImportRow {
  readonly line: number
  readonly name: string
  /** Stored columns outside the calendar and the advisor, only those the file sets. */
  readonly details: Readonly<Record<string, unknown>>
  readonly calendar: RouteCalendarInput
  /** The advisor's e-mail; null clears it, undefined keeps it. */
  readonly advisorEmail: string | null | undefined
}

export const readRouteRow = (record: ImportRecord): { row: RouteImportRow; problems: Array<RowProblem> } => {
  const fields = new FieldReader(record.values)
  for (const column of fields.unknownColumns(ROUTE_COLUMNS)) fields.fail("VALIDATION_ERROR", `unknown column ${column}`)
  const name = fields.requiredText("name")
  const days = fields.list("operation_days")
  const operationDays = days?.map((day) => typeof day === "number" ? day : Number(day))
  if (operationDays?.some((day) => !Number.isFinite(day))) {
    fields.fail("VALIDATION_ERROR", `operation_days must be weekday numbers 1–7 separated by |, not "${String(record.values.operation_days)}"`)
  }
  const cutoffDaysBefore = fields.number("cutoff_days_before")
  const details: Record<string, unknown> = {}
  for (const column of TEXT_COLUMNS) details[column] = fields.text(column)
  details.bounds = fields.json("bounds")
  details.center = fields.json("center")
  details.active = fields.boolean("active")
  const row: RouteImportRow = {
    line: record.line,
    name,
    details: definedOnly(details),
    calendar: definedOnly({
      operationDays: operationDays?.some((day) => !Number.isFinite(day)) ? undefined : operationDays,
      frequency: fields.text("frequency") ?? undefined,
      anchorDate: fields.text("anchor_date"),
      cutoffDaysBefore: cutoffDaysBefore ?? undefined,
      cutoffTime: fields.text("cutoff_time") ?? undefined
    }),
    advisorEmail: fields.email("advisor")
  }
  return { row, problems: fields.problems }
}

/** Whether the row sets any calendar column. */
export const setsCalendar = (row: RouteImportRow): boolean => Object.keys(row.calendar).length > 0

/**
 * The calendar a row leaves: the file's fields over the stored ones, or over the API's
 * defaults (weekly, 1 day before) for a new route, validated as the API does.
 */
export const routeSchedule = (
  row: RouteImportRow,
  stored: ScheduleInput | undefined
): Result.Result<Schedule, RowProblem> => {
  const calendar = row.calendar
  if (stored === undefined && (calendar.operationDays === undefined || calendar.cutoffTime === undefined)) {
    return Result.fail({ code: "VALIDATION_ERROR", message: "operation_days and cutoff_time are required for a new route" })
  }
  const result = validateSchedule({
    operationDays: calendar.operationDays ?? stored!.operationDays,
    frequency: calendar.frequency ?? stored?.frequency ?? "weekly",
    anchorDate: calendar.anchorDate !== undefined ? calendar.anchorDate : stored?.anchorDate ?? null,
    cutoffDaysBefore: calendar.cutoffDaysBefore ?? stored?.cutoffDaysBefore ?? 1,
    cutoffTime: calendar.cutoffTime ?? stored!.cutoffTime
  })
  return Result.isSuccess(result)
    ? Result.succeed(result.success)
    : Result.fail({ code: "INVALID_SCHEDULE", message: result.failure.message })
}
