/** A product sync run's result in a word (its colour repeats it). */
import { erpMessages } from "../../i18n/erp-messages.ts"
import type { ErpSyncRun } from "./erp-queries.ts"

const badge: Readonly<Record<ErpSyncRun["status"], string>> = {
  running: "badge badge-sent",
  success: "badge badge-approved",
  partial: "badge badge-pending",
  error: "badge badge-rejected"
}

export const RunStatusBadge = ({ status }: { readonly status: ErpSyncRun["status"] }) => (
  <span className={badge[status]}>{erpMessages.runStatus[status]}</span>
)
