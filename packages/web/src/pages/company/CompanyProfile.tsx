/** The company's own data as the service holds it (changed only by an administrator). */
import type { MyCompany } from "../order/order-queries.ts"
import { messages } from "../../i18n/messages.ts"

const text = messages.company

const orNotGiven = (value: string | null) => (value === null || value.trim() === "" ? text.notGiven : value)

export const CompanyProfile = ({ company }: { readonly company: MyCompany["company"] }) => (
  <section className="card stack" aria-labelledby="company-profile-title">
    <h2 id="company-profile-title">{text.profile}</h2>
    <dl className="facts">
      <div><dt>{text.name}</dt><dd>{company.name}</dd></div>
      <div><dt>{text.nit}</dt><dd>{company.nit}</dd></div>
      <div><dt>{text.email}</dt><dd className="break-anywhere">{orNotGiven(company.email)}</dd></div>
      <div><dt>{text.phone}</dt><dd>{orNotGiven(company.phone)}</dd></div>
      <div className="fact-wide"><dt>{text.address}</dt><dd>{orNotGiven(company.address)}</dd></div>
    </dl>
  </section>
)
