/**
 * Partial updates (`PUT` with "any subset" of fields), shared by routes, clients,
 * companies and branches: a body that sets nothing is `400 EMPTY_PATCH`, and for the
 * resources where "null does not erase" (companies, branches) a null is the same as an
 * absent field.
 */
import { Effect } from "effect"
import { EmptyPatch } from "@quote/core/route-errors"

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

/**
 * The columns of an INSERT or UPDATE, from a patch and a field → column map: only the
 * fields the patch sets, converted by `encode` (default: text trimmed).
 */
export const patchColumns = <A extends object>(
  patch: A,
  columns: { readonly [K in keyof A]?: string },
  encode: (field: keyof A, value: unknown) => unknown = (_field, value) => trimmed(value)
): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const field of Object.keys(columns) as Array<keyof A>) {
    const value = patch[field]
    const column = columns[field]
    if (value !== undefined && column !== undefined) out[column] = encode(field, value)
  }
  return out
}
