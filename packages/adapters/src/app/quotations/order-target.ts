/**
 * Where an order goes: the client, the branch it is for, and that branch's route and
 * advisor. One resolution serves the integration cutoff endpoint and quotation creation
 * (web and chat), so "can I order now?" and "create my order" always agree (spec: "The
 * route of the branch is always used (same rule that validates quotation creation)").
 *
 * Rules (spec "GET /cutoff" table):
 * - clientId and branchId: the branch must be an active branch of the client's company;
 * - only clientId: the client's own (default) branch;
 * - only branchId: that branch, with no client;
 * - neither: `MISSING_PARAMS`.
 * A client must be active and belong to an active company (else `CLIENT_NOT_FOUND`); a
 * branch must be active, of an active company (else `BRANCH_NOT_FOUND`). An inactive
 * route, or one whose stored calendar is unusable, counts as no route.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { Fragment } from "effect/sql/Statement"
import {
  type CutoffStatus,
  missingRouteStatus,
  timedCutoffStatus,
  type TimedCutoffStatus
} from "@quote/core/calendar/cutoff-status"
import { RouteCalendarFields, routeSchedule } from "@quote/core/calendar/route-calendar"
import type { Schedule } from "@quote/core/calendar/schedule"
import type { Instant } from "@quote/core/shared/instant"
import { BranchNotFound } from "@quote/core/companies/errors"
import { ClientNotFound } from "@quote/core/clients/errors"
import { MissingParams } from "@quote/core/quotations/errors"
import { BranchId, ClientId, CompanyId, RouteId, UserId } from "@quote/core/shared/ids"
import type { AdvisorRef, CompanyRef } from "@quote/core/quotations/views"

export interface TargetClient {
  readonly id: ClientId
  readonly name: string
  readonly companyId: CompanyId
}

export interface TargetRoute {
  readonly id: RouteId
  readonly name: string
  readonly schedule: Schedule
}

export interface OrderTarget {
  /** `null` when only a branch was given. */
  readonly client: TargetClient | null
  readonly branch: { readonly id: BranchId; readonly name: string; readonly companyId: CompanyId }
  /** The branch's company (the client's, when a client is given). */
  readonly company: CompanyRef
  readonly advisor: AdvisorRef | null
  /** `null` when the branch has no (usable, active) route. */
  readonly route: TargetRoute | null
}

export interface TargetQuery {
  readonly clientId?: ClientId | undefined
  readonly branchId?: BranchId | undefined
}

/**
 * Flat columns rather than nested JSON: quotation creation repeats them beside every
 * product row of its one statement (`resolveQuery`), where they are cheapest so.
 */
const TargetRow = Schema.Struct({
  clientId: Schema.NullOr(ClientId),
  clientName: Schema.NullOr(Schema.String),
  clientCompanyId: Schema.NullOr(CompanyId),
  branchId: Schema.NullOr(BranchId),
  branchName: Schema.NullOr(Schema.String),
  branchCompanyId: Schema.NullOr(CompanyId),
  companyName: Schema.String,
  advisorId: Schema.NullOr(UserId),
  advisorName: Schema.NullOr(Schema.String),
  routeId: Schema.NullOr(RouteId),
  routeName: Schema.NullOr(Schema.String),
  ...RouteCalendarFields
})
type TargetRow = typeof TargetRow.Type

const ClientTargetRequest = Schema.Struct({ clientId: ClientId, branchId: Schema.NullOr(BranchId) })

// Branch, company, advisor and route of `b` and `co` (joined by the caller).
const branchColumns = `b.id as branch_id, b.name as branch_name, b.company_id as branch_company_id, co.name as company_name,
  a.id as advisor_id, a.name as advisor_name, r.id as route_id, r.name as route_name,
  r.operation_days, r.frequency, r.anchor_date, r.cutoff_days_before, r.cutoff_time`

const branchJoins = `left join users a on a.id = b.advisor_id
  left join routes r on r.id = b.route_id and r.active`

/** The cutoff status of a target at an instant and when it next changes (never, without a route). */
export const timedTargetCutoff = (target: OrderTarget, at: Instant): TimedCutoffStatus =>
  target.route === null
    ? { status: missingRouteStatus(), changesAt: Number.POSITIVE_INFINITY }
    : timedCutoffStatus(target.route.schedule, at)

/** The cutoff status of a target at an instant: the branch route's, or the missing-route status. */
export const targetCutoff = (target: OrderTarget, at: Instant): CutoffStatus => timedTargetCutoff(target, at).status

export class OrderTargets extends Context.Service<OrderTargets, {
  readonly resolve: (query: TargetQuery) => Effect.Effect<OrderTarget, MissingParams | ClientNotFound | BranchNotFound>
  /**
   * `resolve` with a client, as a query to run inside a caller's statement (quotation
   * creation reads its target and its products in one round trip): `select` yields at
   * most one row; `fromRow` takes it (`undefined` when there was none).
   */
  readonly resolveQuery: (query: { readonly clientId: ClientId; readonly branchId?: BranchId | undefined }) => {
    readonly select: Fragment
    readonly fromRow: (row: unknown) => Effect.Effect<OrderTarget, ClientNotFound | BranchNotFound>
  }
}>()("@quote/adapters/OrderTargets") {
  static readonly layer = Layer.effect(
    OrderTargets,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      // The client's branch when none is given; a given branch must be of the client's company.
      const forClientQuery = ({ branchId, clientId }: typeof ClientTargetRequest.Encoded) =>
        sql`
          select c.id as client_id, c.name as client_name, c.company_id as client_company_id,
                 ${sql.literal(branchColumns)}
            from clients c
            join companies co on co.id = c.company_id and co.active
            left join branches b on b.id = coalesce(${branchId}::uuid, c.branch_id)
                                and b.company_id = c.company_id and b.active
            ${sql.literal(branchJoins)}
           where c.id = ${clientId} and c.active`
      const forClient = SqlSchema.findOneOption({
        Request: ClientTargetRequest,
        Result: TargetRow,
        execute: forClientQuery
      })

      const forBranch = SqlSchema.findOneOption({
        Request: BranchId,
        Result: TargetRow,
        execute: (branchId) => sql`
          select null::uuid as client_id, null::text as client_name, null::uuid as client_company_id,
                 ${sql.literal(branchColumns)}
            from branches b
            join companies co on co.id = b.company_id and co.active
            ${sql.literal(branchJoins)}
           where b.id = ${branchId} and b.active`
      })

      const toTarget = (row: TargetRow): Option.Option<OrderTarget> => {
        const { branchCompanyId, branchId, branchName, clientCompanyId, clientId, clientName } = row
        if (branchId === null || branchName === null || branchCompanyId === null) return Option.none()
        const schedule = row.routeId === null ? null : routeSchedule(row)
        return Option.some({
          client: clientId === null || clientName === null || clientCompanyId === null
            ? null
            : { id: clientId, name: clientName, companyId: clientCompanyId },
          branch: { id: branchId, name: branchName, companyId: branchCompanyId },
          company: { id: branchCompanyId, name: row.companyName },
          advisor: row.advisorId === null || row.advisorName === null ? null : { id: row.advisorId, name: row.advisorName },
          route: row.routeId === null || row.routeName === null || schedule === null
            ? null
            : { id: row.routeId, name: row.routeName, schedule }
        })
      }

      const branchNotFound = (branchId: BranchId | undefined) =>
        new BranchNotFound({
          message: branchId === undefined
            ? "The client has no active branch"
            : "The branch does not exist, is inactive, or is not a branch of the client's company",
          ...(branchId === undefined ? {} : { details: { branchId } })
        })

      const resolve = Effect.fn("OrderTargets.resolve")(function*(query: TargetQuery) {
        if (query.clientId === undefined) {
          if (query.branchId === undefined) {
            return yield* new MissingParams({
              message: "Give clientId, branchId or both",
              details: { required: ["clientId", "branchId"] }
            })
          }
          const row = yield* forBranch(query.branchId).pipe(Effect.orDie)
          const target = Option.flatMap(row, toTarget)
          if (Option.isNone(target)) return yield* branchNotFound(query.branchId)
          return target.value
        }
        const row = yield* forClient({ clientId: query.clientId, branchId: query.branchId ?? null }).pipe(Effect.orDie)
        return yield* clientTarget(query.clientId, query.branchId, row)
      })

      const clientTarget = (
        clientId: ClientId,
        branchId: BranchId | undefined,
        row: Option.Option<TargetRow>
      ): Effect.Effect<OrderTarget, ClientNotFound | BranchNotFound> => {
        if (Option.isNone(row)) {
          return Effect.fail(
            new ClientNotFound({ message: "The client does not exist or is inactive", details: { clientId } })
          )
        }
        const target = toTarget(row.value)
        return Option.isNone(target) ? Effect.fail(branchNotFound(branchId)) : Effect.succeed(target.value)
      }

      const decodeTargetRow = Schema.decodeUnknownEffect(TargetRow)

      const resolveQuery = (query: { readonly clientId: ClientId; readonly branchId?: BranchId | undefined }) => ({
        select: forClientQuery({ clientId: query.clientId, branchId: query.branchId ?? null }),
        fromRow: (row: unknown) =>
          (row === undefined ? Effect.succeed(Option.none<TargetRow>()) : decodeTargetRow(row).pipe(
            Effect.orDie,
            Effect.map(Option.some)
          )).pipe(Effect.flatMap((decoded) => clientTarget(query.clientId, query.branchId, decoded)))
      })

      return OrderTargets.of({ resolve, resolveQuery })
    })
  )
}
