/**
 * A status change of several quotations: one `PATCH /api/quotations/:id/status` each, one
 * after the other (at most a page's 20; the service's rate and the audit trail see them as
 * the separate changes they are), every outcome kept: the quotation as the service now has
 * it, or the refusal (another admin may have decided one of them meanwhile).
 */
import type { components } from "../../api/schema"
import type { QuotationStatus } from "./quotation-list-search.ts"
import { changeQuotationStatus } from "./quotation-queries.ts"

type WebQuotation = components["schemas"]["WebQuotation"]

export interface BulkTarget {
  readonly id: string
  readonly code: string
}

export type BulkOutcome =
  | { readonly code: string; readonly ok: true; readonly quotation: WebQuotation }
  | { readonly code: string; readonly ok: false; readonly error: unknown }

export const changeStatuses = async (
  targets: ReadonlyArray<BulkTarget>,
  status: QuotationStatus,
  onProgress: (done: number) => void
): Promise<ReadonlyArray<BulkOutcome>> => {
  const outcomes: Array<BulkOutcome> = []
  for (const target of targets) {
    try {
      outcomes.push({ code: target.code, ok: true, quotation: await changeQuotationStatus(target.id, status) })
    } catch (error) {
      outcomes.push({ code: target.code, ok: false, error })
    }
    onProgress(outcomes.length)
  }
  return outcomes
}
