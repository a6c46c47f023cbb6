/**
 * A client's facts: contact, company and branch, route; for an admin (who reads the
 * client record too) also its NIT, price list, advisor and console login.
 */
import { peopleMessages } from "../../i18n/people-messages.ts"
import type { ClientHistory, ClientRecord } from "./client-queries.ts"

const text = peopleMessages.client

const orNone = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === "" ? text.none : value)

export const ClientFacts = ({ client, record }: {
  readonly client: ClientHistory["client"]
  /** The admin's client record, once read. */
  readonly record: ClientRecord | undefined
}) => (
  <section className="card" aria-labelledby="client-facts-title">
    <h2 id="client-facts-title">{text.facts}</h2>
    <dl className="facts">
      <div><dt>{text.email}</dt><dd className="break-anywhere">{orNone(client.email)}</dd></div>
      <div><dt>{text.phone}</dt><dd>{orNone(client.phone)}</dd></div>
      <div>
        <dt>{text.company}</dt>
        <dd>{client.companyName === null ? text.none : `${client.companyName}${client.companyNit === null ? "" : ` · ${peopleMessages.companies.nitOf(client.companyNit)}`}`}</dd>
      </div>
      <div><dt>{text.branch}</dt><dd>{client.branchName === null ? text.none : `${client.branchName}${client.branchCity === null || client.branchCity === "" ? "" : ` (${client.branchCity})`}`}</dd></div>
      <div><dt>{text.route}</dt><dd>{client.routeName ?? text.noRoute}</dd></div>
      {record !== undefined && (
        <>
          <div><dt>{text.nit}</dt><dd>{record.nit}</dd></div>
          <div><dt>{text.priceList}</dt><dd>{record.priceListName ?? text.generalList}</dd></div>
          <div><dt>{text.advisor}</dt><dd>{orNone(record.advisorName)}</dd></div>
          <div><dt>{text.login}</dt><dd className="break-anywhere">{record.hasLogin ? orNone(record.userEmail) : text.noLogin}</dd></div>
        </>
      )}
    </dl>
  </section>
)
