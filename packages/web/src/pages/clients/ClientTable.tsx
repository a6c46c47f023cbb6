/**
 * One page of clients as a table (a card per client on a phone): who, where (company,
 * branch, route), how many quotations and the last one's date.
 */
import { Link } from "@tanstack/react-router"
import { formatDateTime } from "../../format.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import type { AdvisorClient } from "./client-queries.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"

const text = peopleMessages.clients

const orDash = (value: string | null) => (value === null || value.trim() === "" ? text.none : value)

export const ClientTable = ({ clients }: { readonly clients: ReadonlyArray<AdvisorClient> }) => (
  <StackingTable columns={[text.client, text.email, text.company, text.branch, text.route, { label: text.quotationCount, numeric: true }, text.lastQuotation]}>
    {clients.map((client) => (
      <tr key={client.id}>
        <th scope="row" className="card-title break-anywhere">
          <Link to="/clientes/$clientId" params={{ clientId: client.id }}>{client.name}</Link>
          {!client.active && <> <span className="tag tag-off">{text.inactive}</span></>}
        </th>
        <td data-label={text.email} className="break-anywhere">{orDash(client.email ?? client.userEmail)}</td>
        <td data-label={text.company} className="break-anywhere">{orDash(client.companyName)}</td>
        <td data-label={text.branch} className="break-anywhere">{orDash(client.branchName)}</td>
        <td data-label={text.route} className="break-anywhere">{client.routeName ?? text.noRoute}</td>
        <td data-label={text.quotationCount} className="number">{client.quotationCount}</td>
        <td data-label={text.lastQuotation}>
          {client.lastQuotationAt === null ? text.noQuotations : formatDateTime(client.lastQuotationAt)}
        </td>
      </tr>
    ))}
  </StackingTable>
)
