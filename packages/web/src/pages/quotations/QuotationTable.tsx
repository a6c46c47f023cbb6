/**
 * One page of quotations as a table; on a phone each row stacks into a card whose cells
 * carry their column's name (`data-label`, styles.css "Stacking tables"). An admin's list
 * adds a checkbox to each quotation that can be decided (pending) — `SelectAllRows`,
 * shown above the table, checks all of them on the page — and names the advisor.
 */
import { Link } from "@tanstack/react-router"
import type { components } from "../../api/schema"
import { formatCivilDate, formatDateTime, formatMoney } from "../../format.ts"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"
import { QuotationStatusBadge } from "./QuotationStatusBadge.tsx"

export type QuotationSummary = components["schemas"]["WebQuotationSummary"]

const text = quotationMessages.quotations
const selectionText = quotationMessages.selection

/** Checkboxes on the rows that `canSelect`; `selected` holds their ids. */
export interface RowSelection {
  readonly canSelect: (quotation: QuotationSummary) => boolean
  readonly selected: ReadonlySet<string>
  readonly onChange: (quotations: ReadonlyArray<QuotationSummary>, selected: boolean) => void
}

/** "Seleccionar todas las pendientes de esta página": checks (or clears) every row that can be chosen. */
export const SelectAllRows = ({ quotations, selection }: {
  readonly quotations: ReadonlyArray<QuotationSummary>
  readonly selection: RowSelection
}) => {
  const selectable = quotations.filter(selection.canSelect)
  const all = selectable.length > 0 && selectable.every((quotation) => selection.selected.has(quotation.id))
  return (
    <label className="select-all">
      <input
        type="checkbox"
        className="select-check"
        checked={all}
        disabled={selectable.length === 0}
        onChange={(event) => selection.onChange(selectable, event.target.checked)}
      />
      <span>{selectionText.allPending}</span>
    </label>
  )
}

export const QuotationTable = ({ quotations, selection, showAdvisor = false }: {
  readonly quotations: ReadonlyArray<QuotationSummary>
  readonly selection?: RowSelection | undefined
  readonly showAdvisor?: boolean
}) => (
  <StackingTable
    className="quotation-table"
    columns={[
      ...(selection === undefined ? [] : [selectionText.column]),
      text.code,
      text.date,
      text.status,
      text.routeDate,
      text.client,
      text.branch,
      ...(showAdvisor ? [text.advisor] : []),
      { label: text.items, numeric: true },
      { label: text.total, numeric: true }
    ]}
  >
    {quotations.map((quotation) => (
      <tr key={quotation.id}>
        {selection !== undefined && (
          <td className="select-cell" data-label={selectionText.column}>
            {selection.canSelect(quotation) && (
              <input
                type="checkbox"
                className="select-check"
                aria-label={selectionText.one(quotation.code)}
                checked={selection.selected.has(quotation.id)}
                onChange={(event) => selection.onChange([quotation], event.target.checked)}
              />
            )}
          </td>
        )}
        <th scope="row" className="card-title">
          <Link to="/cotizaciones/$quotationId" params={{ quotationId: quotation.id }}>{quotation.code}</Link>
        </th>
        <td data-label={text.date}>{formatDateTime(quotation.createdAt)}</td>
        <td data-label={text.status}><QuotationStatusBadge status={quotation.status} /></td>
        <td data-label={text.routeDate}>
          {quotation.routeDate === null ? text.noRouteDate : formatCivilDate(quotation.routeDate, "short")}
        </td>
        <td data-label={text.client} className="break-anywhere">{quotation.clientName}</td>
        <td data-label={text.branch} className="break-anywhere">{quotation.branch?.name ?? text.noBranch}</td>
        {showAdvisor && <td data-label={text.advisor} className="break-anywhere">{quotation.advisor?.name ?? text.noAdvisor}</td>}
        <td data-label={text.items} className="number">{text.itemCount(quotation.itemCount)}</td>
        <td data-label={text.total} className="number total">{formatMoney(quotation.total)}</td>
      </tr>
    ))}
  </StackingTable>
)
