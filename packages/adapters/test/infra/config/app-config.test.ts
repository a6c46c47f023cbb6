import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Exit, Option, Redacted } from "effect"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { loadAppSettings } from "../../../src/infra/config/app-config.ts"

const load = (env: Record<string, string>) =>
  loadAppSettings.pipe(
    Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env }))),
    Effect.provide(NodeServices.layer)
  )

const failureMessage = (env: Record<string, string>) =>
  load(env).pipe(
    Effect.flip,
    Effect.map((error) => error.message)
  )

describe("configuration", () => {
  it.effect("development defaults: embedded database, generated secret kept in DATA_DIR", () =>
    Effect.gen(function*() {
      const dataDir = mkdtempSync(join(tmpdir(), "quote-config-"))
      const first = yield* load({ DATA_DIR: dataDir })
      assert.strictEqual(first.environment, "development")
      assert.strictEqual(first.port, 3000)
      assert.isTrue(Option.isNone(first.databaseUrl))
      const kept = readFileSync(join(dataDir, "session-secret"), "utf8").trim()
      assert.strictEqual(Redacted.value(first.sessionSecret), kept)
      assert.isAtLeast(kept.length, 32)
      const second = yield* load({ DATA_DIR: dataDir })
      assert.strictEqual(Redacted.value(second.sessionSecret), kept, "the secret survives restarts")
    }))

  for (const environment of ["test", "production"] as const) {
    it.effect(`${environment} refuses to start without DATABASE_URL`, () =>
      Effect.gen(function*() {
        const message = yield* failureMessage({ APP_ENV: environment, SESSION_SECRET: "s".repeat(40) })
        assert.include(message, "DATABASE_URL")
        assert.notInclude(message, "\n")
      }))

    it.effect(`${environment} refuses to start without SESSION_SECRET`, () =>
      Effect.gen(function*() {
        const message = yield* failureMessage({ APP_ENV: environment, DATABASE_URL: "postgres://x@localhost/db" })
        assert.include(message, "SESSION_SECRET")
        assert.notInclude(message, "\n")
      }))

    it.effect(`${environment} starts with both`, () =>
      Effect.gen(function*() {
        const settings = yield* load({
          APP_ENV: environment,
          DATABASE_URL: "postgres://x@localhost/db",
          SESSION_SECRET: "s".repeat(40),
          WEBHOOK_ALLOW_PRIVATE_TARGETS: "true"
        })
        assert.strictEqual(settings.environment, environment)
        assert.strictEqual(
          settings.webhookAllowPrivateTargets,
          environment !== "production",
          "private webhook targets are never allowed in production"
        )
      }))
  }

  it.effect("an invalid value names the variable on one line", () =>
    Effect.gen(function*() {
      const badPort = yield* failureMessage({ PORT: "not-a-port" })
      assert.include(badPort, "PORT")
      assert.notInclude(badPort, "\n")
      const badEnvironment = yield* failureMessage({ APP_ENV: "staging" })
      assert.include(badEnvironment, "APP_ENV")
    }))

  it.effect("blank secrets count as missing", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(load({ APP_ENV: "test", DATABASE_URL: "postgres://x@localhost/db", SESSION_SECRET: "  " }))
      assert.isTrue(Exit.isFailure(exit))
    }))
})
