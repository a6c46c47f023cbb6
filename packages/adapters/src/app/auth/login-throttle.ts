/**
 * Login throttling shared by every instance (docs/security.md): failed logins are rows of
 * `login_failures`, so all instances on one database count the same failures; only a
 * failure writes (a success deletes its account's rows). The decision is core's
 * `throttleDecision`, on the newest failures of the account and of the client address.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { createHash } from "node:crypto"
import { accountKey, combineDecisions, throttleDecision, type ThrottleDecision } from "@quote/core/security/login-throttle"
import { AppConfig } from "@quote/core/shared/app-config"

/** The account's counter key: a digest, so text typed into the e-mail field is not kept. */
const accountDigest = (email: string) => createHash("sha256").update(accountKey(email)).digest("hex")

const FailedAt = Schema.Struct({ failedAt: Schema.Date })

export class LoginThrottle extends Context.Service<LoginThrottle, {
  /** Whether a login for this e-mail from this address may be tried now. */
  readonly check: (email: string, clientAddress: string | null) => Effect.Effect<ThrottleDecision>
  readonly recordFailure: (email: string, clientAddress: string | null) => Effect.Effect<void>
  /** A successful login clears its account's failures (not its address's). */
  readonly clearAccount: (email: string) => Effect.Effect<void>
}>()("@quote/adapters/LoginThrottle") {
  static readonly layer = Layer.effect(
    LoginThrottle,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const config = yield* AppConfig
      const windowMillis = config.loginFailureWindowMinutes * 60_000
      const accountLimit = { maxFailures: config.loginMaxFailuresPerAccount, windowMillis }
      const addressLimit = { maxFailures: config.loginMaxFailuresPerAddress, windowMillis }

      const newest = (column: "account_key" | "client_address", value: string, count: number, since: Date) =>
        SqlSchema.findAll({
          Request: Schema.Void,
          Result: FailedAt,
          execute: () => sql`
            select failed_at from login_failures
             where ${sql(column)} = ${value} and failed_at > ${since}
             order by failed_at desc limit ${count}`
        })(undefined).pipe(
          Effect.map((rows) => rows.map((row) => row.failedAt.getTime())),
          Effect.orDie
        )

      const check = Effect.fn("LoginThrottle.check")(function*(email: string, clientAddress: string | null) {
        const now = yield* Clock.currentTimeMillis
        const since = new Date(now - windowMillis)
        const [account, address] = yield* Effect.all([
          newest("account_key", accountDigest(email), accountLimit.maxFailures, since),
          clientAddress === null ? Effect.succeed([]) : newest("client_address", clientAddress, addressLimit.maxFailures, since)
        ], { concurrency: "unbounded" })
        return combineDecisions(throttleDecision(account, accountLimit, now), throttleDecision(address, addressLimit, now))
      })

      const recordFailure = Effect.fn("LoginThrottle.recordFailure")(function*(email: string, clientAddress: string | null) {
        const now = yield* Clock.currentTimeMillis
        yield* sql`insert into login_failures ${sql.insert({
          account_key: accountDigest(email),
          client_address: clientAddress,
          failed_at: new Date(now)
        })}`.pipe(Effect.orDie)
      })

      const clearAccount = Effect.fn("LoginThrottle.clearAccount")(function*(email: string) {
        yield* sql`delete from login_failures where account_key = ${accountDigest(email)}`.pipe(Effect.orDie)
      })

      return LoginThrottle.of({ check, recordFailure, clearAccount })
    })
  )
}
