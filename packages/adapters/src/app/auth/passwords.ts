/**
 * Password hashing with bcrypt's asynchronous API, which runs on libuv's thread pool so
 * a login never blocks the event loop.
 */
import bcrypt from "bcrypt"
import { Effect } from "effect"

export const passwordHashCost = 10

export const hashPassword = (password: string) => Effect.promise(() => bcrypt.hash(password, passwordHashCost))

export const passwordMatches = (password: string, hash: string) => Effect.promise(() => bcrypt.compare(password, hash))

/** Compared against when the e-mail is unknown, so both paths cost one bcrypt compare. */
export const decoyPasswordHash = bcrypt.hashSync("decoy-password-never-matches", passwordHashCost)
