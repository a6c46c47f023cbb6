/**
 * The slow hash of API keys: the password hash (`PasswordHasher`, bcrypt cost 10) of the
 * full key, the only form stored. A service so tests can count compares and the
 * verifier's "at most one compare per presented key" can be checked.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PasswordHasher } from "@quote/core/auth/password-hasher"

export class ApiKeyHasher extends Context.Service<ApiKeyHasher, {
  readonly hash: (apiKey: string) => Effect.Effect<string>
  readonly matches: (apiKey: string, hash: string) => Effect.Effect<boolean>
}>()("@quote/adapters/ApiKeyHasher") {
  /** The password hash; the adapter comes from the composition (`live/auth-live.ts`). */
  static readonly layer = Layer.effect(
    ApiKeyHasher,
    Effect.map(PasswordHasher, (passwords) => ApiKeyHasher.of({ hash: passwords.hash, matches: passwords.matches }))
  )
}
