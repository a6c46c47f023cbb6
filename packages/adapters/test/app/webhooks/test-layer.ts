/**
 * The webhook feature on a fresh test database, without HTTP: administration, the
 * running dispatcher and the queue, with private targets allowed by default (the test
 * receivers listen on 127.0.0.1) and, optionally, a name table instead of DNS.
 */
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { SqlClient } from "effect/sql"
import { AppConfig, type AppSettings } from "@quote/core/shared/app-config"
import type { DeliveryId } from "@quote/core/shared/ids"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"
import { HostResolver } from "../../../src/infra/webhook-http/host-resolver.ts"
import { webhooksLayer } from "../../../src/live/webhooks-live.ts"

export interface WebhookTestOptions {
  readonly allowPrivateTargets?: boolean
  /** Host name → addresses, in place of DNS (other names still use the system resolver). */
  readonly names?: Readonly<Record<string, ReadonlyArray<string>>>
  /** Other settings (e.g. the in-flight limits). */
  readonly settings?: Partial<AppSettings>
}

const resolverFor = (options: WebhookTestOptions) =>
  options.names === undefined ? HostResolver.layer : HostResolver.layerStatic(options.names)

/** The database and the settings only. */
export const webhookDatabaseLayer = (options: WebhookTestOptions = {}) =>
  AppConfig.layerTest({ ...options.settings, webhookAllowPrivateTargets: options.allowPrivateTargets ?? true }).pipe(
    Layer.provideMerge(TestDatabase.layer)
  )

/** The feature, running, on its own database. Use with `{ excludeTestServices: true }` (real clock). */
export const webhookTestLayer = (options: WebhookTestOptions = {}) =>
  webhooksLayer(resolverFor(options)).pipe(Layer.provideMerge(webhookDatabaseLayer(options)))

/**
 * Runs `body` with the feature started under a fresh `TestClock`, which then drives the
 * dispatcher's retry waits and leases. Only the feature follows the test clock: the
 * database layer (`webhookDatabaseLayer`, built on the real clock) keeps its connection
 * pool's idle timers real, or jumping days ahead would expire every pooled connection.
 */
export const onTestClock = <A, E, R>(body: Effect.Effect<A, E, R>, options: WebhookTestOptions = {}) =>
  Effect.scoped(Effect.gen(function*() {
    const feature = yield* Layer.build(webhooksLayer(resolverFor(options)))
    return yield* Effect.provideContext(body, feature)
  })).pipe(Effect.provide(TestClock.layer()))

/** Real-time pause (a test under `TestClock` still needs to let I/O happen). */
export const realSleep = (ms: number) => Effect.promise(() => new Promise<void>((wake) => setTimeout(wake, ms)))

export interface DeliveryRow {
  readonly status: string
  readonly attempts: number
  readonly nextAttemptAt: Date | null
  readonly lastAttemptAt: Date | null
  readonly lastStatusCode: number | null
  readonly lastError: string | null
  readonly lockedBy: string | null
}

/** The delivery once `ready` holds for it (real-time polling, at most 10 s). */
export const deliveryWhen = (deliveryId: string, ready: (row: DeliveryRow) => boolean) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const deadline = Date.now() + 10_000
    for (;;) {
      const [row] = yield* sql<DeliveryRow>`
        select status, attempts, next_attempt_at, last_attempt_at, last_status_code, last_error, locked_by
          from webhook_deliveries where id = ${deliveryId}::uuid`
      if (row !== undefined && ready(row)) return row
      if (Date.now() > deadline) return yield* Effect.die(new Error(`delivery ${deliveryId}: condition not reached; last ${JSON.stringify(row)}`))
      yield* realSleep(10)
    }
  })

/** The id of the first delivery created for an endpoint (fan-out runs after commit: poll). */
export const firstDeliveryOf = (endpointId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const deadline = Date.now() + 10_000
    for (;;) {
      const [row] = yield* sql<{ id: DeliveryId }>`
        select id from webhook_deliveries where endpoint_id = ${endpointId}::uuid order by created_at limit 1`
      if (row !== undefined) return row.id
      if (Date.now() > deadline) return yield* Effect.die(new Error(`no delivery for endpoint ${endpointId}`))
      yield* realSleep(10)
    }
  })
