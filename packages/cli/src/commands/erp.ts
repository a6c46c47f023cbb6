/**
 * `erp`: the ERP (Siigo) integration from the command line.
 *
 *   npm run cli -- erp settings [--partner-id ID] [--username U] [--access-key K] [--base-url URL] [--json]
 *   npm run cli -- erp test-connection [--json]
 *   npm run cli -- erp sync [--mode full|incremental] [--json]
 *
 * `settings` without flags shows the stored settings (access key masked); with flags it
 * changes only those. `sync` runs a product sync to its end, without the server's time
 * budget, drawing `processed/total` (Siigo's `total_results`) on stderr; stdout gets the
 * run summary, or only its JSON with `--json` (no progress then). A run that ends in
 * `error` exits 1. Same environments as the server: not connected when APP_ENV=test.
 */
import * as Console from "effect/Console"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import type { ErpAdministration } from "@quote/adapters/app/erp/erp-administration"
import type { ErpProductSync } from "@quote/adapters/app/erp/product-sync"
import type { SyncRunSummary } from "@quote/core/erp/erp-sync-run"
import { failWith, printResult } from "../cli-failure.ts"

const jsonFlag = Flag.Boolean("json").pipe(Flag.withDescription("Print the result as JSON"), Flag.withDefault(false))

/** The ERP code and the database, imported when an `erp` command runs (never for `--help` or other commands). */
const loadErp = Effect.promise(async () => {
  const [administration, productSync, live, database] = await Promise.all([
    import("@quote/adapters/app/erp/erp-administration"),
    import("@quote/adapters/app/erp/product-sync"),
    import("@quote/adapters/live/erp-live"),
    import("../database-context.ts")
  ])
  return {
    ErpAdministration: administration.ErpAdministration,
    ErpProductSync: productSync.ErpProductSync,
    ErpServices: live.ErpServices,
    withMigratedDatabase: database.withMigratedDatabase
  }
})

type LoadedErp = Effect.Success<typeof loadErp>

/** Runs `use(erp)` with the ERP services on the configured database; a coded failure becomes one line and exit 1. */
const withErp = <A, E extends { readonly _tag: string; readonly message: string }>(
  use: (erp: LoadedErp) => Effect.Effect<A, E, ErpAdministration | ErpProductSync>,
  codes: Readonly<Record<string, string>>
) =>
  Effect.flatMap(loadErp, (erp) =>
    erp.withMigratedDatabase(
      use(erp).pipe(
        Effect.catch((error: E) => failWith(codes[error._tag] ?? error._tag, error.message)),
        Effect.provide(erp.ErpServices)
      )
    ))

const erpCodes = {
  ErpNotConfigured: "ERP_NOT_CONFIGURED",
  ErpNotConnected: "ERP_NOT_CONNECTED",
  ErpAuthFailed: "ERP_AUTH_FAILED",
  ErpHttpError: "ERP_HTTP_ERROR",
  SyncAlreadyRunning: "SYNC_ALREADY_RUNNING",
  EmptyPatch: "EMPTY_PATCH"
}

const settings = Command.make(
  "settings",
  {
    partnerId: Flag.String("partner-id").pipe(Flag.withDescription("Siigo Partner-Id (3–100 letters or digits)"), Flag.optional),
    username: Flag.String("username").pipe(Flag.withDescription("Siigo API user"), Flag.optional),
    accessKey: Flag.String("access-key").pipe(Flag.withDescription("Siigo access key (stored encrypted)"), Flag.optional),
    baseUrl: Flag.String("base-url").pipe(Flag.withDescription("API base URL, default https://api.siigo.com"), Flag.optional),
    json: jsonFlag
  },
  Effect.fnUntraced(function*({ accessKey, baseUrl, json, partnerId, username }) {
    if (Option.isSome(partnerId) && !/^[A-Za-z0-9]{3,100}$/.test(partnerId.value)) {
      return yield* failWith("VALIDATION_ERROR", "--partner-id must be 3 to 100 letters or digits", 2)
    }
    if (Option.isSome(baseUrl) && URL.parse(baseUrl.value)?.protocol.startsWith("http") !== true) {
      return yield* failWith("VALIDATION_ERROR", "--base-url must be an http(s) URL", 2)
    }
    const patch = {
      ...Option.match(partnerId, { onNone: () => ({}), onSome: (value) => ({ partnerId: value }) }),
      ...Option.match(username, { onNone: () => ({}), onSome: (value) => ({ username: value.trim() }) }),
      ...Option.match(accessKey, { onNone: () => ({}), onSome: (value) => ({ accessKey: value }) }),
      ...Option.match(baseUrl, { onNone: () => ({}), onSome: (value) => ({ baseUrl: value.replace(/\/+$/, "") }) })
    }
    const changing = Object.keys(patch).length > 0
    const shown = yield* withErp(
      (erp) =>
        Effect.gen(function*() {
          const administration = yield* erp.ErpAdministration
          if (changing) yield* administration.updateSettings(patch, null)
          return yield* administration.settings
        }),
      erpCodes
    )
    yield* printResult(
      json,
      shown,
      [
        changing ? "ERP settings saved." : "ERP settings:",
        `  Partner-Id  ${shown.partnerId ?? "(not set)"}`,
        `  Username    ${shown.username ?? "(not set)"}`,
        `  Access key  ${shown.accessKey ?? "(not set)"}`,
        `  Base URL    ${shown.baseUrl}`
      ].join("\n")
    )
  })
).pipe(Command.withDescription("Show or change the ERP (Siigo) settings stored in the database"))

const testConnection = Command.make(
  "test-connection",
  { json: jsonFlag },
  Effect.fnUntraced(function*({ json }) {
    const check = yield* withErp(
      (erp) => Effect.flatMap(erp.ErpAdministration, (administration) => administration.testConnection),
      erpCodes
    )
    yield* printResult(
      json,
      check,
      `Connected to the ERP as ${check.username} (Partner-Id ${check.partnerId}); token valid until ${check.tokenExpiresAt.toISOString()}.`
    )
  })
).pipe(Command.withDescription("Authenticate with the ERP and read one page of products"))

const barWidth = 30

/** `[#########.....] 1200/2000  60%` redrawn in place on a terminal, one line per page otherwise. */
const drawProgress = (processed: number, total: number) =>
  Effect.sync(() => {
    const shown = Math.max(total, processed)
    const ratio = shown === 0 ? 1 : processed / shown
    const filled = Math.round(ratio * barWidth)
    const line = `[${"#".repeat(filled)}${".".repeat(barWidth - filled)}] ${processed}/${shown} ${
      String(Math.round(ratio * 100)).padStart(3)
    }%`
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`)
  })

const summaryText = (summary: SyncRunSummary) =>
  [
    summary.message,
    `  run ${summary.logId} · mode ${summary.mode} · status ${summary.status}`,
    `  processed ${summary.processed} · created ${summary.created} · updated ${summary.updated} · ` +
    `deactivated ${summary.deactivated} · errors ${summary.errors} · ${(summary.durationMs / 1000).toFixed(1)} s`
  ].join("\n")

const sync = Command.make(
  "sync",
  {
    mode: Flag.Literals("mode", ["full", "incremental"]).pipe(
      Flag.withDescription("full (default) lists every product; incremental only those changed since the last successful sync"),
      Flag.withDefault("full" as const)
    ),
    json: Flag.Boolean("json").pipe(Flag.withDescription("Print only the run summary as JSON"), Flag.withDefault(false))
  },
  Effect.fnUntraced(function*({ json, mode }) {
    const summary = yield* withErp(
      (erp) =>
        Effect.gen(function*() {
          const productSync = yield* erp.ErpProductSync
          return yield* productSync.run({
            mode,
            trigger: "manual",
            triggeredBy: null,
            timeBudget: Duration.infinity,
            ...(json ? {} : { onProgress: ({ processed, total }) => drawProgress(processed, total) })
          })
        }),
      erpCodes
    )
    if (!json && process.stderr.isTTY) yield* Effect.sync(() => process.stderr.write("\n"))
    yield* printResult(json, summary, summaryText(summary))
    if (summary.status === "error") {
      return yield* failWith("ERP_SYNC_FAILED", "The sync ended in error; see the message above")
    }
    if (!json && summary.status === "partial") yield* Console.error("Run the command again to continue.")
  })
).pipe(Command.withDescription("Sync the product catalog from the ERP now (waits for the end, with a progress bar)"))

export const erpCommand = Command.make("erp").pipe(
  Command.withDescription("ERP (Siigo) integration: settings, connection test, product sync"),
  Command.withSubcommands([settings, testConnection, sync])
)
