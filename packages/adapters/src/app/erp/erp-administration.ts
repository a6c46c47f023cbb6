/**
 * The configuration side of the ERP integration (spec "ERP integration →
 * Configuration" and "Product sync" status/logs): the settings page with the last
 * sync, their update, the connection test, and the run status and log views.
 */
import { Context, DateTime, Duration, Effect, Layer, Option } from "effect"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import type { ErpError } from "@quote/core/errors/erp"
import type { EmptyPatch } from "@quote/core/errors/common"
import { ErpEnvironment } from "./erp-environment.ts"
import { type ErpSettingsPatch, type ErpSettingsSaved, ErpSettingsStore, type ErpSettingsView } from "./erp-settings-store.ts"
import { ErpSyncOptions } from "./product-sync.ts"
import { ErpSyncRuns, type SyncRunRow, type SyncStatusView } from "./sync-runs.ts"

export interface ErpSettingsPage extends ErpSettingsView {
  readonly lastSync: {
    readonly startedAt: Date | null
    readonly finishedAt: Date | null
    readonly status: string | null
    readonly count: number | null
    readonly error: string | null
  }
}

export interface ConnectionCheck {
  readonly ok: true
  readonly partnerId: string
  readonly username: string
  readonly tokenExpiresAt: Date
  readonly productCountSample: number
}

export class ErpAdministration extends Context.Service<ErpAdministration, {
  readonly settings: Effect.Effect<ErpSettingsPage>
  readonly updateSettings: (patch: ErpSettingsPatch, updatedBy: string | null) => Effect.Effect<ErpSettingsSaved, EmptyPatch>
  readonly testConnection: Effect.Effect<ConnectionCheck, ErpError>
  readonly syncStatus: Effect.Effect<SyncStatusView>
  readonly syncLogs: (limit: number) => Effect.Effect<ReadonlyArray<SyncRunRow>>
}>()("@quote/adapters/ErpAdministration") {
  static readonly layer = Layer.effect(
    ErpAdministration,
    Effect.gen(function*() {
      const store = yield* ErpSettingsStore
      const runs = yield* ErpSyncRuns
      const erp = yield* ErpGateway
      const environment = yield* ErpEnvironment
      const staleAfter = Duration.fromInputUnsafe((yield* ErpSyncOptions).staleAfter)

      const settings = Effect.gen(function*() {
        const view = yield* store.view
        const last = Option.getOrNull(yield* runs.latest)
        const page: ErpSettingsPage = {
          ...view,
          lastSync: {
            startedAt: last?.started_at ?? null,
            finishedAt: last?.finished_at ?? null,
            status: last?.status ?? null,
            count: last?.items_processed ?? null,
            error: last?.error_message ?? null
          }
        }
        return page
      }).pipe(Effect.withSpan("ErpAdministration.settings"))

      const testConnection = Effect.gen(function*() {
        yield* environment.ensureConnected
        const check = yield* erp.testConnection
        yield* store.recordTokenExpiry(check.tokenExpiresAt)
        const result: ConnectionCheck = {
          ok: true,
          partnerId: check.partnerId,
          username: check.username,
          tokenExpiresAt: DateTime.toDateUtc(check.tokenExpiresAt),
          productCountSample: check.productCountSample
        }
        return result
      }).pipe(Effect.withSpan("ErpAdministration.testConnection"))

      return ErpAdministration.of({
        settings,
        updateSettings: store.update,
        testConnection,
        syncStatus: runs.status(staleAfter),
        syncLogs: runs.logs
      })
    })
  )
}
