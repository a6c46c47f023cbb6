/**
 * `seed --scenarios`. The scenarios and the database are imported when the command
 * runs, so `--help` and the other commands never load them.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import { randomBytes } from "node:crypto"
import { failWith, printResult } from "../cli-failure.ts"

const loadDependencies = Effect.promise(() =>
  Promise.all([import("@quote/adapters/dev/seed/scenarios"), import("../database-context.ts")])
)

export const seedCommand = Command.make(
  "seed",
  {
    scenarios: Flag.Boolean("scenarios").pipe(
      Flag.withDescription("Load CONTRACT.md's test scenarios (idempotent: running it twice changes nothing)"),
      Flag.withDefault(false)
    ),
    adminPassword: Flag.String("admin-password").pipe(
      Flag.withDescription("Password of admin@example.com if it is created now (default: generated and printed)"),
      Flag.optional
    ),
    json: Flag.Boolean("json").pipe(Flag.withDescription("Print the summary as JSON"), Flag.withDefault(false))
  },
  Effect.fnUntraced(function*({ scenarios, adminPassword, json }) {
    if (!scenarios) return yield* failWith("VALIDATION_ERROR", "Nothing to seed: pass --scenarios", 2)
    if (Option.isSome(adminPassword) && adminPassword.value.length < 6) {
      return yield* failWith("VALIDATION_ERROR", "--admin-password must have at least 6 characters", 2)
    }
    const password = Option.getOrElse(adminPassword, () => randomBytes(12).toString("base64url"))
    const [{ seedScenarios }, { withMigratedDatabase }] = yield* loadDependencies
    const summary = yield* withMigratedDatabase(seedScenarios({ adminPassword: password }))
    const adminLine = summary.adminCreated
      ? `Admin login: ${summary.adminEmail} / ${password}`
      : `Admin ${summary.adminEmail} already existed; its password was not changed.`
    yield* printResult(
      json,
      { ...summary, ...(summary.adminCreated ? { adminPassword: password } : {}) },
      [
        "Test scenarios loaded.",
        ...Object.entries(summary.counts).map(([table, count]) =>
          `  ${table.padEnd(18)} ${String(count).padStart(5)}  (+${summary.inserted[table as keyof typeof summary.inserted]})`
        ),
        adminLine
      ].join("\n")
    )
  })
).pipe(Command.withDescription("Load data into the database"))
