/**
 * Routes (spec "Routes"): the list every signed-in user sees, and the admin's create,
 * update and deactivate. Every calendar goes through core's `validateSchedule`, the same
 * rule the cutoff engine runs on, so a stored route always has a quotable window
 * (`400 INVALID_SCHEDULE` otherwise). The database records `route.updated` (webhooks) and
 * the audit entries (`route.created` / `.updated` / `.deactivated`) itself.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { makeSchedule, type Schedule } from "@quote/core/calendar/schedule"
import { type InvalidSchedule } from "@quote/core/routes/errors"
import { NotFound } from "@quote/core/shared/errors"
import type { AdvisorNotFound } from "@quote/core/users/errors"
import type { EmptyPatch } from "@quote/core/shared/errors"
import { RouteId } from "@quote/core/shared/ids"
import type { NewRoute, Route, RoutePatch } from "@quote/core/routes/views"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { ensureActiveAdvisor } from "../companies/reference-checks.ts"
import { ensureNotEmpty, trimmed } from "@quote/core/shared/patch"
import { patchColumns } from "../../infra/database/patch-columns.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { inWriteTransaction } from "../companies/write-transaction.ts"
import { routeSelect, StoredRoute, toRoute } from "./route-view.ts"

/** Spec defaults of a new route. */
const defaults = { frequency: "weekly", cutoffDaysBefore: 1 } as const

const detailColumns: { readonly [K in keyof RoutePatch]?: string } = {
  name: "name",
  description: "description",
  city: "city",
  quadrantId: "quadrant_id",
  quadrantName: "quadrant_name",
  mapZone: "map_zone",
  bounds: "bounds",
  center: "center",
  streetFrom: "street_from",
  streetTo: "street_to",
  carreraFrom: "carrera_from",
  carreraTo: "carrera_to",
  advisorId: "advisor_id",
  active: "active"
}

const calendarFields = ["operationDays", "frequency", "anchorDate", "cutoffDaysBefore", "cutoffTime"] as const

/** bounds and center are free JSON (a JSON null clears them). */
const encodeDetail = (field: keyof RoutePatch, value: unknown): unknown =>
  field === "bounds" || field === "center" ? (value === null ? null : jsonb(value)) : trimmed(value)

const detailValues = (input: RoutePatch) => patchColumns(input, detailColumns, encodeDetail)

/** The calendar columns of a validated schedule (normalized: days sorted, weekly without anchor). */
const calendarValues = (schedule: Schedule) => ({
  operation_days: [...schedule.operationDays],
  frequency: schedule.frequency,
  anchor_date: schedule.anchorDate,
  cutoff_days_before: schedule.cutoffDaysBefore,
  cutoff_time: schedule.cutoffTime
})

const notFound = (id: RouteId) => new NotFound({ message: "No route has this id", details: { id } })

export class Routes extends Context.Service<Routes, {
  /** Active routes ordered by name. */
  readonly list: () => Effect.Effect<ReadonlyArray<Route>>
  readonly create: (input: NewRoute) => Effect.Effect<{ readonly id: RouteId }, InvalidSchedule | AdvisorNotFound>
  /** Any subset of fields; a calendar part validates the resulting whole calendar. */
  readonly update: (
    id: RouteId,
    patch: RoutePatch
  ) => Effect.Effect<{ readonly id: RouteId }, EmptyPatch | NotFound | InvalidSchedule | AdvisorNotFound>
  /** Sets `active=false` (spec "Deactivation"); a route already inactive stays so. */
  readonly deactivate: (id: RouteId) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/Routes") {
  static readonly layer = Layer.effect(
    Routes,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const activeRoutes = SqlSchema.findAll({
        Request: Schema.Void,
        Result: StoredRoute,
        execute: () => sql`${sql.literal(routeSelect)} where r.active order by r.name, r.id`
      })
      const routeForUpdate = SqlSchema.findOneOption({
        Request: RouteId,
        Result: StoredRoute,
        execute: (id) => sql`${sql.literal(routeSelect)} where r.id = ${id} for update`
      })

      const list = Effect.fn("Routes.list")(function*() {
        const rows = yield* activeRoutes(undefined).pipe(Effect.orDie)
        return rows.map(toRoute)
      })

      const create = Effect.fn("Routes.create")(function*(input: NewRoute) {
        const schedule = yield* makeSchedule({
          operationDays: input.operationDays,
          frequency: input.frequency ?? defaults.frequency,
          anchorDate: input.anchorDate ?? null,
          cutoffDaysBefore: input.cutoffDaysBefore ?? defaults.cutoffDaysBefore,
          cutoffTime: input.cutoffTime
        })
        return yield* Effect.gen(function*() {
          if (input.advisorId != null) yield* ensureActiveAdvisor(input.advisorId)
          const [row] = yield* sql`
            insert into routes ${sql.insert({ ...detailValues(input), ...calendarValues(schedule) })}
            returning id`.pipe(decodedRows(Schema.Struct({ id: RouteId })), Effect.orDie)
          return { id: row!.id }
        }).pipe(inWriteTransaction(sql))
      })

      const update = Effect.fn("Routes.update")(function*(id: RouteId, patch: RoutePatch) {
        yield* ensureNotEmpty(patch)
        return yield* Effect.gen(function*() {
          const current = yield* routeForUpdate(id).pipe(Effect.orDie)
          if (Option.isNone(current)) return yield* notFound(id)
          if (patch.advisorId != null) yield* ensureActiveAdvisor(patch.advisorId)
          const route = current.value
          // Any calendar part sent: the whole resulting calendar is validated (and
          // normalized: switching to weekly clears anchorDate).
          const calendar = calendarFields.some((field) => patch[field] !== undefined)
            ? calendarValues(
              yield* makeSchedule({
                operationDays: patch.operationDays ?? route.operationDays,
                frequency: patch.frequency ?? route.frequency,
                anchorDate: patch.anchorDate !== undefined ? patch.anchorDate : route.anchorDate,
                cutoffDaysBefore: patch.cutoffDaysBefore ?? route.cutoffDaysBefore,
                cutoffTime: patch.cutoffTime ?? route.cutoffTime
              })
            )
            : {}
          yield* sql`update routes set ${sql.update({ ...detailValues(patch), ...calendar })} where id = ${id}`.pipe(
            Effect.orDie
          )
          return { id }
        }).pipe(inWriteTransaction(sql))
      })

      // In a transaction like every audited write, so the audit trail names who deactivated it.
      const deactivate = Effect.fn("Routes.deactivate")(function*(id: RouteId) {
        const rows = yield* sql`update routes set active = false where id = ${id} returning id`.pipe(
          Effect.orDie,
          inWriteTransaction(sql)
        )
        if (rows.length === 0) return yield* notFound(id)
      })

      return Routes.of({ list, create, update, deactivate })
    })
  )
}
