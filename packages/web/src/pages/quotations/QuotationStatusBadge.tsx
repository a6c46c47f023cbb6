/** A quotation's status as a coloured label; the colour repeats what the word says. */
import { messages } from "../../i18n/messages.ts"
import type { QuotationStatus } from "./quotation-list-search.ts"

export const statusLabel = (status: QuotationStatus): string => messages.quotationStatus[status]

export const QuotationStatusBadge = ({ status }: { readonly status: QuotationStatus }) => (
  <span className={`badge badge-${status}`}>{statusLabel(status)}</span>
)
