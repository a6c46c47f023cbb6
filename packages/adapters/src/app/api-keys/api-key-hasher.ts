/**
 * The slow hash of API keys: bcrypt (cost 10) of the full key, the only form stored.
 * A service so tests can count compares and the verifier's "at most one compare per
 * presented key" can be checked.
 */
import { Context, Effect, Layer } from "effect"
import { hashPassword, passwordMatches } from "../auth/passwords.ts"

export class ApiKeyHasher extends Context.Service<ApiKeyHasher, {
  readonly hash: (apiKey: string) => Effect.Effect<string>
  readonly matches: (apiKey: string, hash: string) => Effect.Effect<boolean>
}>()("@quote/adapters/ApiKeyHasher") {
  /** bcrypt with the password cost (10), on libuv's thread pool. */
  static readonly layer = Layer.succeed(ApiKeyHasher, ApiKeyHasher.of({ hash: hashPassword, matches: passwordMatches }))
}
