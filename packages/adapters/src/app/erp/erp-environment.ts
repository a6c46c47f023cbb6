/**
 * Whether this deployment talks to the ERP (spec "Environments": the test environment
 * is not connected; production is), as the rest of the integration sees it. The choice
 * itself is made once at start by `live/erp-live.ts` (`ErpConnection`).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { ErpNotConnected } from "@quote/core/erp/errors"

/** What the rest of the integration needs to know about the connection. */
export class ErpEnvironment extends Context.Service<ErpEnvironment, {
  readonly connected: boolean
  /** The in-process daily sync runs only in development and production. */
  readonly runsSchedule: boolean
  /** Fails with `ERP_NOT_CONNECTED` when the ERP is not connected. */
  readonly ensureConnected: Effect.Effect<void, ErpNotConnected>
}>()("@quote/adapters/ErpEnvironment") {}
