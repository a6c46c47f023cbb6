/**
 * Authentication's adapters, for the use cases that hash passwords and API keys
 * (`Sessions`, `Users`, `MyCompany`, `ApiKeys`, `ApiKeyVerifier` through `ApiKeyHasher`)
 * and issue or verify session tokens: bcrypt (`infra/passwords`) and HS256 JWTs signed
 * with SESSION_SECRET (`infra/session-tokens`, needs `AppConfig`).
 */
import * as Layer from "effect/Layer"
import { ApiKeyHasher } from "../app/api-keys/api-key-hasher.ts"
import { BcryptPasswordHasher } from "../infra/passwords/bcrypt-password-hasher.ts"
import { JwtSessionTokens } from "../infra/session-tokens/jwt-session-tokens.ts"

/** `PasswordHasher` alone (bcrypt): API keys outside the server, benchmarks. */
export const PasswordHasherLive = BcryptPasswordHasher

/** `PasswordHasher` and `SessionTokens` (the server). */
export const AuthAdaptersLive = Layer.mergeAll(PasswordHasherLive, JwtSessionTokens)

/** `ApiKeyHasher` on bcrypt, for what hashes keys outside the server (the CLI, the development first start). */
export const ApiKeyHasherLive = ApiKeyHasher.layer.pipe(Layer.provide(PasswordHasherLive))
