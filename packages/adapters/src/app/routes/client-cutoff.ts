/**
 * The signed-in client's own Cutoff status (`GET /api/routes/me/cutoff`): the route of
 * one of its company's branches — the one asked for, else its own — evaluated now with
 * core's clock-aware `currentCutoffStatus` (so `TestClock` can drive it).
 *
 * No usable route (the branch has none, it is inactive, or its stored calendar has no
 * quotable window) gives the spec's "without a route" answer: 200 with `route` and
 * `branch` null and `missingRoute: true`.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { SessionUser } from "@quote/core/auth/views"
import { currentCutoffStatus, missingRouteStatus } from "@quote/core/calendar/cutoff-status"
import { BranchNotFound } from "@quote/core/companies/errors"
import { BranchId, ClientId, CompanyId, RouteId } from "@quote/core/shared/ids"
import type { ClientCutoffStatus } from "@quote/core/routes/views"
import { routeSelect, scheduleOf, StoredRoute } from "./route-view.ts"

const Placement = Schema.Struct({ companyId: Schema.NullOr(CompanyId), branchId: Schema.NullOr(BranchId) })

const StoredBranch = Schema.Struct({
  id: BranchId,
  name: Schema.String,
  companyId: CompanyId,
  active: Schema.Boolean,
  routeId: Schema.NullOr(RouteId)
})

const withoutRoute: ClientCutoffStatus = { ...missingRouteStatus(), route: null, branch: null }

const branchNotFound = (branchId: BranchId) =>
  new BranchNotFound({
    message: "La sede no existe, está inactiva o no pertenece a tu empresa",
    details: { branchId }
  })

export class ClientCutoff extends Context.Service<ClientCutoff, {
  /** `branchId`: another branch of the client's company; default the client's own branch. */
  readonly forClient: (
    user: SessionUser,
    branchId: BranchId | undefined
  ) => Effect.Effect<ClientCutoffStatus, BranchNotFound>
}>()("@quote/adapters/ClientCutoff") {
  static readonly layer = Layer.effect(
    ClientCutoff,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const clientPlacement = SqlSchema.findOneOption({
        Request: ClientId,
        Result: Placement,
        execute: (clientId) => sql`select company_id, branch_id from clients where id = ${clientId}`
      })
      const branchById = SqlSchema.findOneOption({
        Request: BranchId,
        Result: StoredBranch,
        execute: (id) => sql`select id, name, company_id, active, route_id from branches where id = ${id}`
      })
      const activeRoute = SqlSchema.findOneOption({
        Request: RouteId,
        Result: StoredRoute,
        execute: (id) => sql`${sql.literal(routeSelect)} where r.id = ${id} and r.active`
      })

      const forClient = Effect.fn("ClientCutoff.forClient")(function*(user: SessionUser, branchId: BranchId | undefined) {
        // The client record is where the placement lives; the user's own columns are the fallback.
        const placement = user.clientId === null
          ? undefined
          : Option.getOrUndefined(yield* clientPlacement(user.clientId).pipe(Effect.orDie))
        const companyId = placement?.companyId ?? user.companyId
        const ownBranchId = placement?.branchId ?? user.branchId
        const wantedId = branchId ?? ownBranchId
        if (wantedId === null) return withoutRoute

        const found = yield* branchById(wantedId).pipe(Effect.orDie)
        if (Option.isNone(found) || !found.value.active || found.value.companyId !== companyId) {
          return yield* branchNotFound(wantedId)
        }
        const branch = found.value
        if (branch.routeId === null) return withoutRoute

        const route = yield* activeRoute(branch.routeId).pipe(Effect.orDie)
        if (Option.isNone(route)) return withoutRoute
        const schedule = scheduleOf(route.value)
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
