/** The list's "Estado" filter: every status by its Spanish name, or all of them. */
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components"
import { messages } from "../../i18n/messages.ts"
import { isQuotationStatus, type QuotationStatus, quotationStatuses } from "./quotation-list-search.ts"
import { statusLabel } from "./QuotationStatusBadge.tsx"

const allStatuses = "all"

export const QuotationStatusFilter = ({ value, onChange }: {
  readonly value: QuotationStatus | undefined
  readonly onChange: (status: QuotationStatus | undefined) => void
}) => (
  <Select
    className="react-aria-Select filter"
    value={value ?? allStatuses}
    onChange={(key) => onChange(isQuotationStatus(key) ? key : undefined)}
  >
    <Label>{messages.quotations.statusFilter}</Label>
    <Button className="select-button">
      <SelectValue />
      <span aria-hidden="true" className="select-arrow">▾</span>
    </Button>
    <Popover>
      <ListBox>
        <ListBoxItem id={allStatuses}>{messages.quotations.allStatuses}</ListBoxItem>
        {quotationStatuses.map((status) => <ListBoxItem key={status} id={status}>{statusLabel(status)}</ListBoxItem>)}
      </ListBox>
    </Popover>
  </Select>
)
