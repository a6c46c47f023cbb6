/**
 * Partial updates (`PUT` with "any subset" of fields), shared by routes, clients,
 * companies and branches: a body that sets nothing is `400 EMPTY_PATCH`, and for the
 * resources where "null does not erase" (companies, branches) a null is the same as an
 * absent field. Text is stored without surrounding blanks.
 */
import * as Effect from "effect/Effect"
import { EmptyPatch } from "./errors.ts"

/** A patch without its `null` fields: null keeps the stored value. */
export type WithoutNulls<A> = { readonly [K in keyof A]?: Exclude<A[K], null> }

export const withoutNulls = <A extends object>(patch: A): WithoutNulls<A> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null)) as WithoutNulls<A>

/** Fails with `EmptyPatch` when no field of the patch is set. */
export const ensureNotEmpty = (patch: object): Effect.Effect<void, EmptyPatch> =>
  Object.values(patch).some((value) => value !== undefined)
    ? Effect.void
    : Effect.fail(new EmptyPatch({ message: "The update sets no field; send at least one field to change" }))

/** Text is stored without surrounding blanks (names, tax ids, addresses). */
export const trimmed = (value: unknown): unknown => typeof value === "string" ? value.trim() : value
