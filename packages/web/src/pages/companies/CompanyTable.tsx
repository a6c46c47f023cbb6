/**
 * One page of companies as a table (a card per company on a phone): NIT, branches (an
 * advisor's own, by name), clients, quotations and sales.
 */
import { Link } from "@tanstack/react-router"
import { formatMoney } from "../../format.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import type { AdvisorCompany } from "./company-queries.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"

const text = peopleMessages.companies

export const CompanyTable = ({ companies, isAdmin }: { readonly companies: ReadonlyArray<AdvisorCompany>; readonly isAdmin: boolean }) => (
  <StackingTable columns={[text.company, text.nit, isAdmin ? text.branches : text.myBranches, ...(isAdmin ? [text.clients, text.quotations, text.revenue] : [text.myClients, text.myQuotations, text.myRevenue]).map((label) => ({ label, numeric: true }))]}>
    {companies.map((company) => {
      const active = company.myBranches.filter((branch) => branch.active)
      return (
        <tr key={company.id}>
          <th scope="row" className="card-title break-anywhere">
            <Link to="/empresas/$companyId" params={{ companyId: company.id }}>{company.name}</Link>
            {!company.active && <> <span className="tag tag-off">{text.inactive}</span></>}
          </th>
          <td data-label={text.nit}>{company.nit}</td>
          <td data-label={isAdmin ? text.branches : text.myBranches} className="break-anywhere">
            {isAdmin ? text.branchCount(active.length) : active.map((branch) => branch.name).join(", ") || text.none}
          </td>
          <td data-label={isAdmin ? text.clients : text.myClients} className="number">{company.clientCount}</td>
          <td data-label={isAdmin ? text.quotations : text.myQuotations} className="number">{company.quotationCount}</td>
          <td data-label={isAdmin ? text.revenue : text.myRevenue} className="number">{formatMoney(company.totalRevenue)}</td>
        </tr>
      )
    })}
  </StackingTable>
)
