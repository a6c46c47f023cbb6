/**
 * A calendar as typed, checked and evaluated in the browser by `@quote/core/preview` —
 * the code the service runs for `INVALID_SCHEDULE` and for every Cutoff status — so what
 * the editor shows is what the service will answer once the route is saved.
 */
import {
  cutoffPreview,
  type CutoffStatusJson,
  type InvalidScheduleReason,
  maxUsableCutoffDaysBefore,
  type UncheckedSchedule,
  UnusableScheduleError
} from "@quote/core/preview"
import { routeMessages } from "../../i18n/operations-messages.ts"

/** The editor's calendar fields a problem can point at. */
export type CalendarField = "operationDays" | "frequency" | "anchorDate" | "cutoffDaysBefore" | "cutoffTime"

export interface ScheduleProblem {
  readonly reason: InvalidScheduleReason
  readonly field: CalendarField
  /** What is wrong and how to fix it, in Spanish. */
  readonly sentence: string
}

export type ScheduleCheck =
  | { readonly valid: true; readonly status: CutoffStatusJson }
  | { readonly valid: false; readonly problem: ScheduleProblem }

const calendarFields: ReadonlyArray<CalendarField> = ["operationDays", "frequency", "anchorDate", "cutoffDaysBefore", "cutoffTime"]

const fieldOf = (field: string): CalendarField => calendarFields.find((known) => known === field) ?? "operationDays"

/** The Spanish sentence of a reason; an empty calendar also says what would work. */
export const problemSentence = (reason: InvalidScheduleReason, schedule: UncheckedSchedule): string => {
  const text = routeMessages.preview
  if (reason !== "EMPTY_WINDOWS") return routeMessages.scheduleProblem(reason)
  const best = maxUsableCutoffDaysBefore(schedule)
  return `${routeMessages.scheduleProblem(reason)} ${best === undefined ? text.useLaterTime : text.useAtMost(best)}`
}

/** The Cutoff status of the calendar at `now`, or why the calendar cannot be used. */
export const checkSchedule = (schedule: UncheckedSchedule, now: number): ScheduleCheck => {
  try {
    return { valid: true, status: cutoffPreview(schedule, now) }
  } catch (error) {
    if (!(error instanceof UnusableScheduleError)) throw error
    return {
      valid: false,
      problem: { reason: error.reason, field: fieldOf(error.field), sentence: problemSentence(error.reason, schedule) }
    }
  }
}
