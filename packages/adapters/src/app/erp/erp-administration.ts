/**
 * The configuration side of the ERP integration (spec "ERP integration →
 * Configuration" and "Product sync" status/logs): the settings page with the last
 * sync, their update, the connection test, and the run status and log views.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import type { ErpError } from "@quote/core/erp/errors"
import type { EmptyPatch } from "@quote/core/shared/errors"
import type { UserId } from "@quote/core/shared/ids"
import type {
  ErpConnectionCheck,
  ErpProductSyncStatus,
  ErpSettingsPatch,
  ErpSettingsUpdate,
  ErpSettingsView,
  ErpSyncLogEntry
} from "@quote/core/erp/views"
import { ErpEnvironment } from "./erp-environment.ts"
import { ErpSettingsStore } from "./erp-settings-store.ts"
import { ErpSyncOptions } from "./product-sync.ts"
import { ErpSyncRuns } from "./sync-runs.ts"

export class ErpAdministration extends Context.Service<ErpAdministration, {
  readonly settings: Effect.Effect<ErpSettingsView>
  readonly updateSettings: (patch: ErpSettingsPatch, updatedBy: UserId | null) => Effect.Effect<ErpSettingsUpdate, EmptyPatch>
  readonly testConnection: Effect.Effect<ErpConnectionCheck, ErpError>
  readonly syncStatus: Effect.Effect<ErpProductSyncStatus>
  readonly syncLogs: (limit: number) => Effect.Effect<ReadonlyArray<ErpSyncLogEntry>>
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
        const page: ErpSettingsView = { ...(yield* store.view), lastSync: yield* runs.lastSync }
        return page
      }).pipe(Effect.withSpan("ErpAdministration.settings"))

      const testConnection = Effect.gen(function*() {
        yield* environment.ensureConnected
        const check = yield* erp.testConnection
        yield* store.recordTokenExpiry(check.tokenExpiresAt)
        const result: ErpConnectionCheck = {
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
