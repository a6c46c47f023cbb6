/**
 * The status changes an administrator may make (`PATCH /api/quotations/:id/status`): the
 * same table as core's `ADMIN_TRANSITIONS` (packages/core/src/quotations/quotation-status.ts),
 * written out because the console imports nothing of core but `@quote/core/preview` (a
 * test holds the two equal: test/console-status-transitions.test.ts). The service still
 * decides: a refused change comes back as `INVALID_STATUS_TRANSITION`.
 */
import type { QuotationStatus } from "./quotation-list-search.ts"

export const adminTransitions: ReadonlyArray<readonly [QuotationStatus, QuotationStatus]> = [
  ["pending", "approved"],
  ["pending", "rejected"]
]

/** The statuses a quotation in `status` can be moved to, in the table's order. */
export const transitionsFrom = (status: QuotationStatus): ReadonlyArray<QuotationStatus> =>
  adminTransitions.filter(([from]) => from === status).map(([, to]) => to)

