/**
 * The `data` of each event type (spec "Events → Payloads"), built at send time from the
 * current state of the entity (spec: "Entities in data reflect their state at send
 * time"), so a late retry carries the newest state. Events themselves hold only what the
 * moment of the change knew: the status pair, the changed fields, the comment id.
 *
 * Each payload family (`payloads/`: quotation and comment, client, branch and route)
 * reads its rows and shapes its JSON. Nullable relations (a quotation whose branch was
 * deleted, a branch without route or advisor, a client on the general price list) are
 * `null`; text columns the spec types as plain strings (`notes`, a phone `label`) are
 * `""` when empty. docs/webhooks.md.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SqlClient from "effect/sql/SqlClient"
import type { EventId } from "@quote/core/shared/ids"
import type { EventType } from "@quote/core/webhooks/event-catalog"
import { clientPayloadsByIds } from "./payloads/client-payload.ts"
import { commentJson, commentRowsByIds, quotationJson, quotationRowsByIds } from "./payloads/quotation-payload.ts"
import { branchJson, branchRowsByIds, routeJson, routeRowsByIds } from "./payloads/route-payloads.ts"

/** What the dispatcher knows of an event when it builds the payload, with its id to answer by. */
export interface IdentifiedEvent {
  readonly id: EventId
  readonly type: EventType
  readonly entityId: string
  readonly changes: ReadonlyArray<string>
  readonly status: string | null
  readonly previousStatus: string | null
  readonly commentId: string | null
}

/** The distinct entity ids of the events whose type passes `wanted`. */
const idsOf = (events: ReadonlyArray<IdentifiedEvent>, wanted: (event: IdentifiedEvent) => string | null) =>
  [...new Set(events.map(wanted).filter((id): id is string => id !== null))]

export class WebhookPayloads extends Context.Service<WebhookPayloads, {
  /**
   * The `data` of each event, by event id: `None` when its entity no longer exists.
   * One query per entity kind for the whole batch, whatever its size.
   */
  readonly build: (events: ReadonlyArray<IdentifiedEvent>) => Effect.Effect<ReadonlyMap<EventId, Option.Option<unknown>>>
}>()("@quote/adapters/webhooks/WebhookPayloads") {
  static readonly layer = Layer.effect(
    WebhookPayloads,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const quotations = quotationRowsByIds(sql)
      const comments = commentRowsByIds(sql)
      const clients = clientPayloadsByIds(sql)
      const branches = branchRowsByIds(sql)
      const routes = routeRowsByIds(sql)

      const build = Effect.fn("WebhookPayloads.build")(function*(events: ReadonlyArray<IdentifiedEvent>) {
        const kind = (prefix: string) => (event: IdentifiedEvent) => event.type.startsWith(prefix) ? event.entityId : null
        const [quotation, comment, client, branch, route] = yield* Effect.all([
          quotations(idsOf(events, kind("quotation."))),
          comments(idsOf(events, (event) => event.commentId)),
          clients(idsOf(events, kind("client."))),
          branches(idsOf(events, kind("branch."))),
          routes(idsOf(events, kind("route.")))
        ])
        const payloadOf = (event: IdentifiedEvent): Option.Option<unknown> => {
          const changes = event.changes
          const found = <A>(rows: ReadonlyMap<string, A>) => Option.fromNullishOr(rows.get(event.entityId))
          switch (event.type) {
            case "ping":
              return Option.some({ message: "Prueba de webhook: si recibes este mensaje, el endpoint está bien configurado." })
            case "quotation.created":
              return Option.map(found(quotation), (row) => ({ quotation: quotationJson(row) }))
            case "quotation.status_changed":
            case "quotation.approved":
            case "quotation.rejected":
              return Option.map(found(quotation), (row) => ({
                status: event.status,
                previousStatus: event.previousStatus,
                quotation: quotationJson(row)
              }))
            case "quotation.comment_added":
              return Option.map(found(quotation), (row) => {
                const note = event.commentId === null ? undefined : comment.get(event.commentId)
                return { comment: note === undefined ? null : commentJson(note), quotation: quotationJson(row) }
              })
            case "client.created":
            case "client.updated":
              return Option.map(found(client), (client) => ({ changes, client }))
            case "branch.updated":
              return Option.map(found(branch), (row) => ({ changes, branch: branchJson(row) }))
            case "route.updated":
              return Option.map(found(route), (row) => ({ changes, route: routeJson(row) }))
          }
        }
        return new Map(events.map((event) => [event.id, payloadOf(event)] as const))
      }, Effect.orDie)

      return WebhookPayloads.of({ build })
    })
  )
}
