/** The list's "Estado" filter: every status by its Spanish name, or all of them (a native select: a phone's own picker). */
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { isQuotationStatus, type QuotationStatus, quotationStatuses } from "./quotation-list-search.ts"
import { statusLabel } from "./QuotationStatusBadge.tsx"

/** The "every status" choice (no status looks like it). */
const allStatuses = "todos"

const options = [
  { id: allStatuses, label: quotationMessages.quotations.allStatuses },
  ...quotationStatuses.map((status) => ({ id: status, label: statusLabel(status) }))
]

export const QuotationStatusFilter = ({ value, onChange }: {
  readonly value: QuotationStatus | undefined
  readonly onChange: (status: QuotationStatus | undefined) => void
}) => (
  <NativeSelect
    className="filter"
    label={quotationMessages.quotations.statusFilter}
    options={options}
    value={value ?? allStatuses}
    onChange={(id) => onChange(isQuotationStatus(id) ? id : undefined)}
  />
)
