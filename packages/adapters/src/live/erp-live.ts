/**
 * The ERP integration wired for the HTTP server and the CLI: the gateway chosen by
 * `ErpConnection` (Siigo, or not connected in the test environment), the settings row
 * (and the adapter's settings source on it), the sync, customers, quotation pushes,
 * administration, and the daily 05:00 schedule (which starts only where
 * `ErpEnvironment.runsSchedule`). Needs `AppConfig` and the database.
 */
// The module, not the package index: the index loads every Node adapter (Redis, cluster, …).
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import type { ErpSettingsSource } from "@quote/core/erp/erp-settings"
import { ErpNotConnected } from "@quote/core/erp/errors"
import { ErpCatalogWriter } from "../app/erp/catalog-writer.ts"
import { ErpCustomerDirectory } from "../app/erp/customers/customer-directory.ts"
import { ErpCustomerExport } from "../app/erp/customers/customer-export.ts"
import { ErpCustomerImport } from "../app/erp/customers/customer-import.ts"
import { ErpAdministration } from "../app/erp/erp-administration.ts"
import { ErpEnvironment } from "../app/erp/erp-environment.ts"
import { ErpSettingsStore } from "../app/erp/erp-settings-store.ts"
import { ErpProductSync } from "../app/erp/product-sync.ts"
import { ErpQuotationDrafts } from "../app/erp/quotations/quotation-draft.ts"
import { ErpQuotationLookup } from "../app/erp/quotations/quotation-lookup.ts"
import { ErpQuotationPush } from "../app/erp/quotations/quotation-push.ts"
import { ErpSyncRuns } from "../app/erp/sync-runs.ts"
import { ErpSyncScheduleLive } from "../app/erp/sync-schedule.ts"
import { AppConfig } from "@quote/core/shared/app-config"
import { type SiigoGatewayOptions, siigoGatewayLayer } from "../infra/siigo/siigo-gateway.ts"

/**
 * `development` behaves like production, so a local server syncs with whatever Siigo (or
 * `npm run fake-erp`) its settings point to. `ErpConnection` is the one explicit
 * override, for black-box tests that need a connected ERP inside a test-environment
 * server: provide `erpConnectionLayer({ mode: "siigo", siigo: {...} })` to the server
 * layer. Nothing reads it from the environment, so a test deployment cannot be
 * connected by mistake.
 */
export interface ErpConnectionSettings {
  /**
   * `by-environment` (default): not connected in `test`, Siigo otherwise.
   * `siigo`: connected whatever the environment (tests of the integration).
   * `not-connected`: never.
   */
  readonly mode: "by-environment" | "siigo" | "not-connected"
  /** Adapter tuning (time-outs, backoff); defaults are Siigo's advice. */
  readonly siigo?: SiigoGatewayOptions
}

export const ErpConnection = Context.Reference<ErpConnectionSettings>("@quote/adapters/erp/ErpConnection", {
  defaultValue: () => ({ mode: "by-environment" })
})

/** Provides an override of the connection (tests). */
export const erpConnectionLayer = (settings: ErpConnectionSettings): Layer.Layer<never> =>
  Layer.succeed(ErpConnection, settings)

const notConnected = new ErpNotConnected({ message: "The ERP is not connected in this environment" })

/** `ErpGateway` (Siigo or not connected) and `ErpEnvironment`, chosen once at start. */
export const ErpGatewayLive: Layer.Layer<ErpGateway | ErpEnvironment, never, AppConfig | ErpSettingsSource> = Layer
  .unwrap(
    Effect.gen(function*() {
      const config = yield* AppConfig
      const connection = yield* ErpConnection
      const connected = connection.mode === "siigo" ||
        (connection.mode === "by-environment" && config.environment !== "test")
      const environment = Layer.succeed(ErpEnvironment, {
        connected,
        runsSchedule: connected && config.environment !== "test",
        ensureConnected: connected ? Effect.void : Effect.fail(notConnected)
      })
      const gateway = connected
        ? siigoGatewayLayer(connection.siigo).pipe(Layer.provide(NodeHttpClient.layerUndici))
        : ErpGateway.notConnected
      return Layer.merge(gateway, environment)
    })
  )

/** The customer feature: the directory (lists, history, sellers), the import and the export. */
const ErpCustomersLive = Layer.mergeAll(ErpCustomerDirectory.layer, ErpCustomerImport.layer, ErpCustomerExport.layer)

/** Quotations to the ERP: the push (with the draft it sends) and the lookup of past pushes. */
const ErpQuotationsLive = Layer.mergeAll(ErpQuotationPush.layer, ErpQuotationLookup.layer).pipe(
  Layer.provide(ErpQuotationDrafts.layer)
)

const Foundation = ErpGatewayLive.pipe(
  Layer.provideMerge(ErpSettingsStore.source),
  Layer.provideMerge(Layer.mergeAll(ErpSettingsStore.layer, ErpSyncRuns.layer, ErpCatalogWriter.layer))
)

/** The ERP services without the daily schedule (the CLI runs its own sync). */
export const ErpServices = Layer.mergeAll(ErpCustomersLive, ErpQuotationsLive, ErpAdministration.layer).pipe(
  Layer.provideMerge(ErpProductSync.layer),
  Layer.provideMerge(Foundation)
)

/** The ERP services plus the in-process daily sync (the server). */
export const ErpServicesLive = ErpSyncScheduleLive.pipe(Layer.provideMerge(ErpServices))
