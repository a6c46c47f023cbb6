/**
 * Whether this deployment talks to the ERP (spec "Environments": the test environment
 * is not connected; production is). `development` behaves like production, so a local
 * server syncs with whatever Siigo (or `npm run fake-erp`) its settings point to.
 *
 * `ErpConnection` is the one explicit override, for black-box tests that need a
 * connected ERP inside a test-environment server: provide
 * `ErpConnection.layer({ mode: "siigo", siigo: {...} })` to the server layer. Nothing
 * reads it from the environment, so a test deployment cannot be connected by mistake.
 */
import { NodeHttpClient } from "@effect/platform-node"
import { Context, Effect, Layer } from "effect"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import type { ErpSettingsSource } from "@quote/core/erp/erp-settings"
import { ErpNotConnected } from "@quote/core/erp/errors"
import { AppConfig } from "../../infra/config/app-config.ts"
import { type SiigoGatewayOptions, siigoGatewayLayer } from "../../infra/siigo/siigo-gateway.ts"

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

/** What the rest of the integration needs to know about the connection. */
export class ErpEnvironment extends Context.Service<ErpEnvironment, {
  readonly connected: boolean
  /** The in-process daily sync runs only in development and production. */
  readonly runsSchedule: boolean
  /** Fails with `ERP_NOT_CONNECTED` when the ERP is not connected. */
  readonly ensureConnected: Effect.Effect<void, ErpNotConnected>
}>()("@quote/adapters/erp/ErpEnvironment") {}

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
