/**
 * Every service of the ERP integration as one layer, for the HTTP server and the CLI:
 * the settings row (and the adapter's settings source on it), the gateway chosen by
 * `ErpConnection`, the sync, customers, quotation pushes, administration, and the daily
 * 05:00 schedule (which starts only where `ErpEnvironment.runsSchedule`).
 * Needs `AppConfig` and the database.
 */
import { Layer } from "effect"
import { ErpCatalogWriter } from "./catalog-writer.ts"
import { ErpCustomers } from "./customers.ts"
import { ErpAdministration } from "./erp-administration.ts"
import { ErpGatewayLive } from "./erp-connection.ts"
import { ErpSettingsStore } from "./erp-settings-store.ts"
import { ErpProductSync } from "./product-sync.ts"
import { ErpQuotationPush } from "./quotation-push.ts"
import { ErpSyncRuns } from "./sync-runs.ts"
import { ErpSyncScheduleLive } from "./sync-schedule.ts"

const Foundation = ErpGatewayLive.pipe(
  Layer.provideMerge(ErpSettingsStore.source),
  Layer.provideMerge(Layer.mergeAll(ErpSettingsStore.layer, ErpSyncRuns.layer, ErpCatalogWriter.layer))
)

/** The ERP services without the daily schedule (the CLI runs its own sync). */
export const ErpServices = Layer.mergeAll(ErpCustomers.layer, ErpQuotationPush.layer, ErpAdministration.layer).pipe(
  Layer.provideMerge(ErpProductSync.layer),
  Layer.provideMerge(Foundation)
)

/** The ERP services plus the in-process daily sync (the server). */
export const ErpServicesLive = ErpSyncScheduleLive.pipe(Layer.provideMerge(ErpServices))
