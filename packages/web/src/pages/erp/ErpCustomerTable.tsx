/** The ERP's customers (one card each on a phone): name, NIT, contact, state, and "Importar" or "Actualizar". */
import { Button } from "react-aria-components"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"
import type { ErpCustomer } from "./erp-queries.ts"

const text = erpMessages.customers

const contactOf = (customer: ErpCustomer) =>
  [customer.email, customer.phone].filter((part): part is string => part !== null && part !== "").join(" · ") || text.none

export const ErpCustomerTable = ({ customers, importing, onImport }: {
  readonly customers: ReadonlyArray<ErpCustomer>
  /** The ERP id being imported now, if any. */
  readonly importing: string | undefined
  readonly onImport: (customer: ErpCustomer) => void
}) => (
  <StackingTable columns={[text.name, text.nit, text.contact, text.city, text.state, text.local]} actionsLabel={erpMessages.actions}>
      {customers.map((customer) => (
        <tr key={customer.erpId}>
          <th scope="row" className="card-title break-anywhere">{customer.name}</th>
          <td data-label={text.nit}>{customer.identification}</td>
          <td data-label={text.contact} className="break-anywhere">{contactOf(customer)}</td>
          <td data-label={text.city}>{customer.city ?? text.none}</td>
          <td data-label={text.state}>{customer.active ? text.active : text.inactive}</td>
          <td data-label={text.local}>
            {customer.alreadyImported ? text.importedAs(customer.localCompanyName ?? customer.name) : text.notImported}
          </td>
          <td className="actions-cell">
            <div className="row-actions">
              <Button
                className={customer.alreadyImported ? "button secondary small" : "button primary small"}
                aria-label={customer.alreadyImported ? text.updateLabel(customer.name) : text.importLabel(customer.name)}
                isDisabled={importing !== undefined}
                onPress={() => onImport(customer)}
              >
                {importing === customer.erpId ? text.importing : customer.alreadyImported ? text.update : text.import}
              </Button>
            </div>
          </td>
        </tr>
      ))}
  </StackingTable>
)
