/**
 * The signed-in client's own Cutoff status (`GET /api/routes/me/cutoff`): the route of
 * one of its company's branches — the one asked for, else its own — evaluated now with
 * core's clock-aware `currentCutoffStatus` (so `TestClock` can drive it).
 *
 * No usable route (the branch has none, it is inactive, or its stored calendar has no
 * quotable window) gives the spec's "without a route" answer: 200 with `route` and
 * `branch` null and `missingRoute: true`.
 */
import { Context, Effect, Layer, Option, Result, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import type { SessionUser } from "@quote/core/access"
import { currentCutoffStatus, type CutoffStatus, missingRouteStatus } from "@quote/core/calendar/cutoff-status"
import { BranchNotFound } from "@quote/core/errors/companies"
import { RouteRow, routeColumns, scheduleOfRow } from "./route-view.ts"

export interface NamedRef {
  readonly id: string
  readonly name: string
}

export type ClientCutoffView = CutoffStatus & {
  readonly route: NamedRef | null
  readonly branch: NamedRef | null
}

const PlacementRow = Schema.Struct({ company_id: Schema.NullOr(Schema.String), branch_id: Schema.NullOr(Schema.String) })

const BranchRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  company_id: Schema.String,
  active: Schema.Boolean,
  route_id: Schema.NullOr(Schema.String)
})

const withoutRoute: ClientCutoffView = { ...missingRouteStatus(), route: null, branch: null }

const branchNotFound = (branchId: string) =>
  new BranchNotFound({
    message: "La sede no existe, está inactiva o no pertenece a tu empresa",
    details: { branchId }
  })

export class ClientCutoff extends Context.Service<ClientCutoff, {
  /** `branchId`: another branch of the client's company; default the client's own branch. */
  readonly forClient: (user: SessionUser, branchId: string | undefined) => Effect.Effect<ClientCutoffView, BranchNotFound>
}>()("@quote/adapters/ClientCutoff") {
  static readonly layer = Layer.effect(
    ClientCutoff,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const clientPlacement = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: PlacementRow,
        execute: (clientId) => sql`select company_id, branch_id from clients where id = ${clientId}`
      })
      const branchById = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: BranchRow,
        execute: (id) => sql`select id, name, company_id, active, route_id from branches where id = ${id}`
      })
      const activeRoute = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: RouteRow,
        execute: (id) => sql`select ${sql.literal(routeColumns)} from routes r where r.id = ${id} and r.active`
      })

      const forClient = Effect.fn("ClientCutoff.forClient")(function*(user: SessionUser, branchId: string | undefined) {
        // The client record is where the placement lives; the user's own columns are the fallback.
        const placement = user.clientId === null
          ? undefined
          : Option.getOrUndefined(yield* clientPlacement(user.clientId).pipe(Effect.orDie))
        const companyId = placement?.company_id ?? user.companyId
        const ownBranchId = placement?.branch_id ?? user.branchId
        const wantedId = branchId ?? ownBranchId
        if (wantedId === null) return withoutRoute

        const found = yield* branchById(wantedId).pipe(Effect.orDie)
        if (Option.isNone(found) || !found.value.active || found.value.company_id !== companyId) {
          return yield* branchNotFound(wantedId)
        }
        const branch = found.value
        if (branch.route_id === null) return withoutRoute

        const route = yield* activeRoute(branch.route_id).pipe(Effect.orDie)
        if (Option.isNone(route)) return withoutRoute
        const schedule = scheduleOfRow(route.value)
        if (Result.isFailure(schedule)) {
          // Only a direct database edit can store such a calendar; the API refuses it.
          yield* Effect.logWarning("Route calendar has no quotable window; answering as without route").pipe(
            Effect.annotateLogs({ routeId: route.value.id, reason: schedule.failure.message })
          )
          return withoutRoute
        }
        const status = yield* currentCutoffStatus(schedule.success)
        return {
          ...status,
          route: { id: route.value.id, name: route.value.name },
          branch: { id: branch.id, name: branch.name }
        }
      })

      return ClientCutoff.of({ forClient })
    })
  )
}
