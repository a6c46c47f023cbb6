/** A company's own data and figures: NIT, contact, clients, quotations and sales (rejected quotations left out). */
import { formatDateTime, formatMoney } from "../../format.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import type { AdvisorCompany } from "./company-queries.ts"

const text = peopleMessages.companies

const orNone = (value: string | null) => (value === null || value.trim() === "" ? text.none : value)

export const CompanyFacts = ({ company, isAdmin }: { readonly company: AdvisorCompany; readonly isAdmin: boolean }) => (
  <section className="card" aria-labelledby="company-facts-title">
    <h2 id="company-facts-title">{text.facts}</h2>
    <dl className="facts">
      <div><dt>{text.nit}</dt><dd>{company.nit}</dd></div>
      <div><dt>{text.email}</dt><dd className="break-anywhere">{orNone(company.email)}</dd></div>
      <div><dt>{text.phone}</dt><dd>{orNone(company.phone)}</dd></div>
      <div><dt>{text.address}</dt><dd>{orNone(company.address)}</dd></div>
      <div><dt>{text.createdAt}</dt><dd>{formatDateTime(company.createdAt)}</dd></div>
      <div><dt>{isAdmin ? text.clients : text.myClients}</dt><dd>{company.clientCount}</dd></div>
      <div><dt>{isAdmin ? text.quotations : text.myQuotations}</dt><dd>{company.quotationCount}</dd></div>
      <div><dt>{isAdmin ? text.revenue : text.myRevenue}</dt><dd>{formatMoney(company.totalRevenue)}</dd></div>
    </dl>
  </section>
)
