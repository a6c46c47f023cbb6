/**
 * The columns of an INSERT or UPDATE from a partial update (`@quote/core/shared/patch`): only
 * the fields the patch sets, under their column names, converted by `encode` (default:
 * text trimmed, as the domain stores it).
 */
import { trimmed } from "@quote/core/shared/patch"

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
