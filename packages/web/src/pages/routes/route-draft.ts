/**
 * A route as its editor holds it (every field as typed), the calendar the preview runs
 * on, and the requests that save it: a new route's fields, or only what changed in an
 * existing one (a calendar change sends the whole calendar, which the service validates
 * as one).
 */
import type { UncheckedSchedule } from "@quote/core/preview"
import type { components, paths } from "../../api/schema"

export type Route = components["schemas"]["Route"]
export type RouteCreate = NonNullable<paths["/api/routes"]["post"]["requestBody"]>["content"]["application/json"]
export type RoutePatch = NonNullable<paths["/api/routes/{id}"]["put"]["requestBody"]>["content"]["application/json"]

export const routeFrequencies = ["weekly", "biweekly"] as const
export type RouteFrequency = (typeof routeFrequencies)[number]

/** The route's plain text fields, edited as typed and sent trimmed (blank = none). */
export const routeTextFields = [
  "description",
  "city",
  "quadrantId",
  "quadrantName",
  "mapZone",
  "streetFrom",
  "streetTo",
  "carreraFrom",
  "carreraTo"
] as const
export type RouteTextField = (typeof routeTextFields)[number]

/** The free JSON fields (map geometry), edited as JSON text. */
export const routeJsonFields = ["bounds", "center"] as const
export type RouteJsonField = (typeof routeJsonFields)[number]

export type RouteDraft = Readonly<Record<RouteTextField | RouteJsonField, string>> & {
  readonly name: string
  /** ISO weekdays as the checkboxes' values, "1" (Monday) … "7" (Sunday). */
  readonly operationDays: ReadonlyArray<string>
  readonly frequency: RouteFrequency
  /** `YYYY-MM-DD`, or "" (weekly routes have none). */
  readonly anchorDate: string
  /** As typed: the preview explains anything that is not a whole number from 0 to 13. */
  readonly cutoffDaysBefore: string
  /** `HH:MM` from the time field, or "" while incomplete. */
  readonly cutoffTime: string
  /** An advisor's id, or "" for none. */
  readonly advisorId: string
}

const noText: Readonly<Record<RouteTextField | RouteJsonField, string>> = {
  description: "",
  city: "",
  quadrantId: "",
  quadrantName: "",
  mapZone: "",
  streetFrom: "",
  streetTo: "",
  carreraFrom: "",
  carreraTo: "",
  bounds: "",
  center: ""
}

/** A new route: the service's defaults (weekly, closing 1 day before). */
export const newRouteDraft: RouteDraft = {
  ...noText,
  name: "",
  operationDays: [],
  frequency: "weekly",
  anchorDate: "",
  cutoffDaysBefore: "1",
  cutoffTime: "17:00",
  advisorId: ""
}

const jsonText = (value: unknown): string => (value === null || value === undefined ? "" : JSON.stringify(value))

export const draftOf = (route: Route): RouteDraft => ({
  name: route.name,
  operationDays: route.operationDays.map(String),
  frequency: route.frequency,
  anchorDate: route.anchorDate ?? "",
  cutoffDaysBefore: String(route.cutoffDaysBefore),
  cutoffTime: route.cutoffTime,
  advisorId: route.advisorId ?? "",
  description: route.description,
  city: route.city,
  quadrantId: route.quadrantId,
  quadrantName: route.quadrantName,
  mapZone: route.mapZone,
  streetFrom: route.streetFrom,
  streetTo: route.streetTo,
  carreraFrom: route.carreraFrom,
  carreraTo: route.carreraTo,
  bounds: jsonText(route.bounds),
  center: jsonText(route.center)
})

/** A whole number typed as digits, else NaN (which the calendar rules refuse, with their reason). */
const wholeNumber = (typed: string): number => (/^\s*\d{1,3}\s*$/.test(typed) ? Number(typed) : Number.NaN)

/** The calendar the preview and the service check. A weekly route has no anchor date. */
export const scheduleOf = (draft: RouteDraft): UncheckedSchedule => ({
  operationDays: draft.operationDays.map(Number),
  frequency: draft.frequency,
  anchorDate: draft.frequency === "biweekly" && draft.anchorDate !== "" ? draft.anchorDate : null,
  cutoffDaysBefore: wholeNumber(draft.cutoffDaysBefore),
  cutoffTime: draft.cutoffTime
})

/** The JSON fields that do not parse. */
export const invalidJsonFields = (draft: RouteDraft): ReadonlyArray<RouteJsonField> =>
  routeJsonFields.filter((field) => {
    if (draft[field].trim() === "") return false
    try {
      JSON.parse(draft[field])
      return false
    } catch {
      return true
    }
  })

const textValue = (typed: string): string | null => (typed.trim() === "" ? null : typed.trim())
const jsonValue = (typed: string): unknown => (typed.trim() === "" ? null : JSON.parse(typed))

const calendarBody = (draft: RouteDraft) => {
  const schedule = scheduleOf(draft)
  return {
    operationDays: [...schedule.operationDays],
    frequency: draft.frequency,
    anchorDate: schedule.anchorDate ?? null,
    cutoffDaysBefore: schedule.cutoffDaysBefore,
    cutoffTime: schedule.cutoffTime
  }
}

/** `POST /api/routes`'s body (the JSON fields must parse: `invalidJsonFields` first). */
export const createBody = (draft: RouteDraft): RouteCreate => {
  const body: Record<string, unknown> = { name: draft.name.trim(), ...calendarBody(draft), advisorId: textValue(draft.advisorId) }
  for (const field of routeTextFields) if (textValue(draft[field]) !== null) body[field] = textValue(draft[field])
  for (const field of routeJsonFields) if (jsonValue(draft[field]) !== null) body[field] = jsonValue(draft[field])
  return body as RouteCreate
}

const calendarChanged = (draft: RouteDraft, saved: RouteDraft): boolean =>
  JSON.stringify(calendarBody(draft)) !== JSON.stringify(calendarBody(saved))

/** `PUT /api/routes/:id`'s body: only what differs from the saved route (empty when nothing does). */
export const patchBody = (draft: RouteDraft, saved: RouteDraft): RoutePatch => {
  const patch: Record<string, unknown> = {}
  if (draft.name.trim() !== saved.name) patch.name = draft.name.trim()
  if (calendarChanged(draft, saved)) Object.assign(patch, calendarBody(draft))
  if (draft.advisorId !== saved.advisorId) patch.advisorId = textValue(draft.advisorId)
  for (const field of routeTextFields) {
    if ((textValue(draft[field]) ?? "") !== saved[field]) patch[field] = textValue(draft[field])
  }
  for (const field of routeJsonFields) {
    if (JSON.stringify(jsonValue(draft[field])) !== JSON.stringify(jsonValue(saved[field]))) patch[field] = jsonValue(draft[field])
  }
  return patch as RoutePatch
}
