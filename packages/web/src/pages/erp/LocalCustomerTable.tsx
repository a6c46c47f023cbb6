/** The service's companies with their ERP state (one card each on a phone), each with "Exportar al ERP". */
import { Button } from "react-aria-components"
import { formatDateTime } from "../../format.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"
import type { ErpLocalCustomer } from "./erp-queries.ts"

const text = erpMessages.local

const syncBadge: Readonly<Record<ErpLocalCustomer["erpSyncStatus"], string>> = {
  local: "badge badge-draft",
  pending: "badge badge-pending",
  synced: "badge badge-approved",
  error: "badge badge-rejected"
}

export const LocalCustomerTable = ({ companies, onExport }: {
  readonly companies: ReadonlyArray<ErpLocalCustomer>
  readonly onExport: (company: ErpLocalCustomer) => void
}) => (
  <StackingTable columns={[text.name, text.nit, text.state, text.erpId, text.origin, text.lastSync]} actionsLabel={erpMessages.actions}>
      {companies.map((company) => (
        <tr key={company.id}>
          <th scope="row" className="card-title break-anywhere">{company.name}</th>
          <td data-label={text.nit}>{company.nit}</td>
          <td data-label={text.state}>
            <span className="cell-stack">
              <span className={syncBadge[company.erpSyncStatus]}>{erpMessages.syncStatus[company.erpSyncStatus]}</span>
              {company.erpLastError !== null && <span className="small field-error">{text.lastError(company.erpLastError)}</span>}
            </span>
          </td>
          <td data-label={text.erpId}>{company.erpCustomerId ?? erpMessages.customers.none}</td>
          <td data-label={text.origin}>{text.origins[company.erpOrigin]}</td>
          <td data-label={text.lastSync}>{company.erpLastSyncAt === null ? text.never : formatDateTime(company.erpLastSyncAt)}</td>
          <td className="actions-cell">
            <div className="row-actions">
              <Button className="button secondary small" aria-label={text.exportLabel(company.name)} onPress={() => onExport(company)}>
                {text.export}
              </Button>
            </div>
          </td>
        </tr>
      ))}
  </StackingTable>
)
