/**
 * Files where one entity spans several rows (a company, one row per branch; a price
 * list, one row per item): the rows are grouped by the entity's key, and the entity's
 * own columns must agree between its rows (a blank cell on a later row repeats nothing
 * and is ignored; a different value is a problem on that row).
 */
import type { RowProblem } from "./field-reader.ts"
import { sameValue } from "./field-changes.ts"

/** Merges `next` into `head`: fields `head` lacks are taken, differing ones reported. */
export const mergeHead = <Head extends Record<string, unknown>>(
  head: Head,
  next: Head,
  firstLine: number
): { head: Head; problems: Array<RowProblem> } => {
  const merged: Record<string, unknown> = { ...head }
  const problems: Array<RowProblem> = []
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === null) continue
    if (merged[key] === undefined || merged[key] === null) merged[key] = value
    else if (!sameValue(merged[key], value)) {
      problems.push({
        code: "VALIDATION_ERROR",
        message: `${key} "${String(value)}" differs from "${String(merged[key])}" on line ${firstLine} for the same entity`
      })
    }
  }
  return { head: merged as Head, problems }
}
