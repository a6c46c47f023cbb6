/**
 * `users create-admin`. The password hashing and the database are imported when the
 * command runs, so `--help` and the other commands never load them.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import { randomBytes } from "node:crypto"
import { failWith, printResult } from "../cli-failure.ts"

const loadDependencies = Effect.promise(() =>
  Promise.all([
    import("effect/sql/SqlClient"),
    import("@quote/adapters/infra/passwords/bcrypt-password-hasher"),
    import("@quote/adapters/infra/database/sql-errors"),
    import("../database-context.ts")
  ])
)

const createAdmin = Command.make(
  "create-admin",
  {
    email: Flag.String("email").pipe(Flag.withDescription("E-mail (login) of the new administrator")),
    name: Flag.String("name").pipe(Flag.withDescription("Display name"), Flag.withDefault("Administrador")),
    password: Flag.String("password").pipe(
      Flag.withDescription("Password, at least 6 characters (default: generated and printed)"),
      Flag.optional
    ),
    json: Flag.Boolean("json").pipe(Flag.withDescription("Print the result as JSON"), Flag.withDefault(false))
  },
  Effect.fnUntraced(function*({ email, name, password, json }) {
    const address = email.trim()
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      return yield* failWith("VALIDATION_ERROR", `--email is not an e-mail address: ${email}`, 2)
    }
    if (Option.isSome(password) && password.value.length < 6) {
      return yield* failWith("VALIDATION_ERROR", "--password must have at least 6 characters", 2)
    }
    const [SqlClient, { hashPassword }, { isUniqueViolation }, { withMigratedDatabase }] = yield* loadDependencies
    const secret = Option.getOrElse(password, () => randomBytes(12).toString("base64url"))
    const passwordHash = yield* hashPassword(secret)
    const id = yield* withMigratedDatabase(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ id: string }>`
        insert into users (name, email, password_hash, role) values (${name}, ${address}, ${passwordHash}, 'admin')
        returning id`.pipe(
        Effect.catchIf(
          (error) => isUniqueViolation(error),
          () => failWith("DUPLICATE_EMAIL", `A user with the e-mail ${address} already exists`)
        )
      )
      return rows[0]?.id ?? ""
    }))
    yield* printResult(
      json,
      { id, email: address, role: "admin", ...(Option.isNone(password) ? { password: secret } : {}) },
      `Administrator created: ${address}${Option.isNone(password) ? ` / ${secret}` : ""}`
    )
  })
).pipe(Command.withDescription("Create an administrator user"))

export const usersCommand = Command.make("users").pipe(
  Command.withDescription("Manage users"),
  Command.withSubcommands([createAdmin])
)
