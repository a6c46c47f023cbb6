/**
 * Webhook administration (spec "Webhook administration"): registration within the
 * limit of 10, listing with health figures, updates, secret rotation, the test ping,
 * delivery history and the manual retry. Signing secrets leave this service only in the
 * answers of create and rotate; they are never listed or logged.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { WebhookTransport } from "@quote/core/webhooks/webhook-transport"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { EmptyPatch, NotFound } from "@quote/core/shared/errors"
import { type InvalidWebhookTarget, DeliveryInProgress, WebhookLimitReached } from "@quote/core/webhooks/errors"
import { DeliveryId, WebhookEndpointId } from "@quote/core/shared/ids"
import { generateWebhookSecret } from "@quote/core/shared/secrets"
import {
  type CreatedWebhookEndpoint,
  type DeliveryQuery,
  type NewWebhookEndpoint,
  type RotatedWebhookEndpoint,
  type WebhookAttemptResult,
  WebhookDelivery,
  WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointPatch
} from "@quote/core/webhooks/views"
import { DeliveryAttempts } from "./delivery-attempt.ts"
import { DeliveryQueue } from "./delivery-queue.ts"
import { CountRow, decodedRows } from "../../infra/database/decoded-rows.ts"

/** Spec "Limits": webhook endpoints registered. */
export const MAX_ENDPOINTS = 10
/** Spec "Limits": webhook deliveries list. */
export const DELIVERIES_DEFAULT_LIMIT = 50
export const DEFAULT_GRACE_HOURS = 24
const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/** Order-preserving de-duplication: `["web", "web"]` is stored as `["web"]`. */
const distinct = <A>(values: ReadonlyArray<A>): Array<A> => [...new Set(values)]

const endpointNotFound = (id: WebhookEndpointId) =>
  new NotFound({ message: "Webhook endpoint not found", details: { endpointId: id } })

/** Serializes registrations, so two concurrent creates cannot both take the 10th place. */
const REGISTRATION_LOCK = 7_104_202_611

export class WebhookEndpoints extends Context.Service<WebhookEndpoints, {
  readonly list: Effect.Effect<WebhookEndpointList>
  readonly create: (input: NewWebhookEndpoint) => Effect.Effect<
    CreatedWebhookEndpoint,
    InvalidWebhookTarget | WebhookLimitReached
  >
  readonly update: (
    id: WebhookEndpointId,
    patch: WebhookEndpointPatch
  ) => Effect.Effect<WebhookEndpoint, NotFound | EmptyPatch | InvalidWebhookTarget>
  readonly remove: (id: WebhookEndpointId) => Effect.Effect<void, NotFound>
  readonly rotateSecret: (id: WebhookEndpointId, graceHours: number) => Effect.Effect<RotatedWebhookEndpoint, NotFound>
  readonly test: (id: WebhookEndpointId) => Effect.Effect<WebhookAttemptResult, NotFound>
  readonly deliveries: (
    id: WebhookEndpointId,
    query: DeliveryQuery
  ) => Effect.Effect<ReadonlyArray<WebhookDelivery>, NotFound>
  readonly retry: (deliveryId: DeliveryId) => Effect.Effect<WebhookAttemptResult, NotFound | DeliveryInProgress>
}>()("@quote/adapters/WebhookEndpoints") {
  static readonly layer = Layer.effect(
    WebhookEndpoints,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const queue = yield* DeliveryQueue
      const attempts = yield* DeliveryAttempts
      const transport = yield* WebhookTransport
      const checkUrl = transport.checkRegistrationUrl

      /**
       * Endpoints with their figures; `id` null lists them all. A delivered delivery's
       * last attempt is its delivery, so `last_attempt_at` dates both counts (and lets
       * migrations/0003's index answer them). The hint is the secret's last 4 characters
       * (`secretHint`, enough to tell secrets apart), cut in SQL so that a list never
       * carries the secrets out of the database.
       */
      const findEndpoints = SqlSchema.findAll({
        Request: Schema.Struct({ id: Schema.NullOr(WebhookEndpointId), since: Schema.Date }),
        Result: WebhookEndpoint,
        execute: ({ id, since }) => sql`
          select ep.id, ep.name, ep.url, ep.events, ep.sources, ep.active, ep.disabled_reason, ep.disabled_at,
                 right(ep.secret, 4) as secret_hint, ep.last_success_at, ep.last_failure_at, ep.created_at,
                 json_build_object(
                   'pending', (select count(*) from webhook_deliveries d
                                where d.endpoint_id = ep.id and d.status = 'pending'),
                   'delivered24h', (select count(*) from webhook_deliveries d
                                     where d.endpoint_id = ep.id and d.status = 'delivered' and d.last_attempt_at >= ${since}),
                   'failed24h', (select count(*) from webhook_deliveries d
                                  where d.endpoint_id = ep.id and d.status = 'failed' and d.last_attempt_at >= ${since})
                 ) as stats
            from webhook_endpoints ep
           where ${id}::uuid is null or ep.id = ${id}::uuid
           order by ep.created_at, ep.id`
      })

      const endpoints = (id: WebhookEndpointId | null) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => findEndpoints({ id, since: new Date(now - DAY_MS) })).pipe(
          Effect.orDie
        )

      const endpoint = (id: WebhookEndpointId) =>
        Effect.flatMap(endpoints(id), (found) =>
          found[0] === undefined ? Effect.fail(endpointNotFound(id)) : Effect.succeed(found[0]))

      const list = endpoints(null).pipe(
        Effect.map((items) => ({ items, stats: { disabled: items.filter((item) => item.disabledReason !== null).length } })),
        Effect.withSpan("WebhookEndpoints.list")
      )

      const create = Effect.fn("WebhookEndpoints.create")(function*(input: NewWebhookEndpoint) {
        yield* checkUrl(input.url)
        const secret = generateWebhookSecret()
        const id = yield* sql.withTransaction(Effect.gen(function*() {
          yield* sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`
          const [{ count }] = yield* sql`select count(*)::int as count from webhook_endpoints`.pipe(decodedRows(CountRow))
          if (count >= MAX_ENDPOINTS) {
            return yield* new WebhookLimitReached({
              message: `At most ${MAX_ENDPOINTS} webhook endpoints can be registered; delete one first`,
              details: { limit: MAX_ENDPOINTS }
            })
          }
          const sources = input.sources === undefined || input.sources === null ? null : distinct(input.sources)
          const [row] = yield* sql`
            insert into webhook_endpoints (name, url, events, sources, secret)
            values (${input.name.trim()}, ${input.url}, ${distinct(input.events)}, ${sources}, ${secret})
            returning id`.pipe(decodedRows(Schema.Struct({ id: WebhookEndpointId })))
          return row!.id
        })).pipe(Effect.catchTag("SqlError", Effect.die))
        return { ...(yield* endpoint(id).pipe(Effect.orDie)), secret }
      })

      const update = Effect.fn("WebhookEndpoints.update")(function*(id: WebhookEndpointId, patch: WebhookEndpointPatch) {
        const columns: Record<string, unknown> = {}
        if (patch.name !== undefined) columns.name = patch.name.trim()
        if (patch.url !== undefined) {
          yield* checkUrl(patch.url)
          columns.url = patch.url
        }
        if (patch.events !== undefined) columns.events = distinct(patch.events)
        if (patch.sources !== undefined) columns.sources = patch.sources === null ? null : distinct(patch.sources)
        if (patch.active !== undefined) columns.active = patch.active
        if (Object.keys(columns).length === 0) {
          return yield* new EmptyPatch({ message: "Send at least one of name, url, events, sources, active" })
        }
        const updated = yield* sql.withTransaction(Effect.gen(function*() {
          const rows = yield* sql`update webhook_endpoints set ${sql.update(columns)} where id = ${id}::uuid returning id`
          if (rows.length > 0 && patch.active === false) {
            // Spec: an inactive endpoint accumulates no pending deliveries. Dropping the
            // lease too makes an attempt in flight unable to set its delivery pending again.
            yield* sql`
              update webhook_deliveries
                 set status = 'failed', next_attempt_at = null, last_error = 'Endpoint deactivated',
                     locked_until = null, locked_by = null
               where endpoint_id = ${id}::uuid and status = 'pending'`
          }
          return rows.length > 0
        })).pipe(Effect.orDie)
        if (!updated) return yield* endpointNotFound(id)
        return yield* endpoint(id)
      })

      const remove = Effect.fn("WebhookEndpoints.remove")(function*(id: WebhookEndpointId) {
        const removed = yield* sql.withTransaction(Effect.gen(function*() {
          // Its pings are its own history too; other events stay for other endpoints.
          yield* sql`delete from webhook_events where type = 'ping' and entity_id = ${id}::uuid`
          return yield* sql`delete from webhook_endpoints where id = ${id}::uuid returning id`
        })).pipe(Effect.orDie)
        if (removed.length === 0) return yield* endpointNotFound(id)
      })

      const rotateSecret = Effect.fn("WebhookEndpoints.rotateSecret")(function*(id: WebhookEndpointId, graceHours: number) {
        const now = yield* Clock.currentTimeMillis
        const secret = generateWebhookSecret()
        const expiresAt = graceHours > 0 ? new Date(now + graceHours * HOUR_MS) : null
        // With a grace period the current secret becomes the previous one (an older
        // previous secret stops at once); without one, no previous secret remains.
        const rows = yield* sql`
          update webhook_endpoints
             set previous_secret = case when ${expiresAt}::timestamptz is null then null else secret end,
                 previous_secret_expires_at = ${expiresAt}::timestamptz,
                 secret = ${secret}
           where id = ${id}::uuid
          returning id`.pipe(sql.withTransaction, Effect.orDie)
        if (rows.length === 0) return yield* endpointNotFound(id)
        return { ...(yield* endpoint(id)), secret, previousSecretExpiresAt: expiresAt }
      })

      const test = Effect.fn("WebhookEndpoints.test")(function*(id: WebhookEndpointId) {
        const ping = yield* queue.preparePing(id, yield* Clock.currentTimeMillis)
        if (Option.isNone(ping)) return yield* endpointNotFound(id)
        return yield* attempts.attempt(ping.value)
      })

      const findDeliveries = SqlSchema.findAll({
        Request: Schema.Struct({ id: WebhookEndpointId, status: Schema.NullOr(Schema.String), limit: Schema.Int }),
        Result: WebhookDelivery,
        execute: ({ id, limit, status }) => sql`
          select d.id, d.event_id, ev.type, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at,
                 d.delivered_at, d.last_status_code, d.last_error, d.created_at
            from webhook_deliveries d
            join webhook_events ev on ev.id = d.event_id
           where d.endpoint_id = ${id}::uuid and (${status}::text is null or d.status = ${status}::text)
           order by d.created_at desc, d.id desc
           limit ${limit}`
      })

      const deliveries = Effect.fn("WebhookEndpoints.deliveries")(function*(id: WebhookEndpointId, query: DeliveryQuery) {
        const exists = yield* sql`select 1 from webhook_endpoints where id = ${id}::uuid`.pipe(Effect.orDie)
        if (exists.length === 0) return yield* endpointNotFound(id)
        return yield* findDeliveries({
          id,
          status: query.status ?? null,
          limit: query.limit ?? DELIVERIES_DEFAULT_LIMIT
        }).pipe(Effect.orDie)
      })

      const retry = Effect.fn("WebhookEndpoints.retry")(function*(deliveryId: DeliveryId) {
        const claim = yield* queue.claimOne(deliveryId, yield* Clock.currentTimeMillis)
        if (Option.isNone(claim)) {
          return yield* new NotFound({ message: "Webhook delivery not found", details: { deliveryId } })
        }
        if (Option.isNone(claim.value)) {
          return yield* new DeliveryInProgress({
            message: "This delivery is being attempted right now; retry when the attempt ends",
            details: { deliveryId }
          })
        }
        return yield* attempts.attempt(claim.value.value, { restart: true })
      })

      return WebhookEndpoints.of({ list, create, update, remove, rotateSecret, test, deliveries, retry })
    })
  )
}
