/**
 * The password hashing port: a slow, salted one-way hash for users' passwords and API
 * keys. The use cases hash and compare through it; the adapter is bcrypt's
 * (`@quote/adapters/infra/passwords`), wired in `@quote/adapters/live/auth-live`.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

export class PasswordHasher extends Context.Service<PasswordHasher, {
  readonly hash: (password: string) => Effect.Effect<string>
  readonly matches: (password: string, hash: string) => Effect.Effect<boolean>
  /**
   * A hash no password matches: a login with an unknown e-mail is compared against it,
   * so both paths cost one compare and the answer's timing tells nothing.
   */
  readonly decoyHash: string
}>()("@quote/core/PasswordHasher") {}
