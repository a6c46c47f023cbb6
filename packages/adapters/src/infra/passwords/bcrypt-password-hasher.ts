/**
 * `PasswordHasher` with bcrypt's asynchronous API, which runs on libuv's thread pool so
 * a login never blocks the event loop. The functions are exported too, for the tools
 * that write users directly (the CLI's `users create`, test fixtures, benchmarks).
 */
import bcrypt from "bcrypt"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PasswordHasher } from "@quote/core/auth/password-hasher"

export const passwordHashCost = 10

export const hashPassword = (password: string) => Effect.promise(() => bcrypt.hash(password, passwordHashCost))

export const passwordMatches = (password: string, hash: string) => Effect.promise(() => bcrypt.compare(password, hash))

export const BcryptPasswordHasher = Layer.sync(PasswordHasher, () =>
  PasswordHasher.of({
    hash: hashPassword,
    matches: passwordMatches,
    decoyHash: bcrypt.hashSync("decoy-password-never-matches", passwordHashCost)
  }))
