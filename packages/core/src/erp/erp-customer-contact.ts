/**
 * The name and contact details a local company takes from an ERP customer (the ERP
 * customer list and the import). Siigo keeps a company's name in `name` (one part) and
 * may leave it empty; e-mails and phones live on the customer or on its contacts.
 */
import type { ErpCustomer } from "./erp-customer.ts"

/** The customer's legal name: the name parts, else the commercial name, else its tax id. */
export const legalName = (customer: ErpCustomer): string =>
  customer.name.join(" ").trim() || customer.commercialName?.trim() || customer.identification

/** The first non-blank e-mail among the customer's contacts. */
export const firstEmail = (customer: ErpCustomer): string | null =>
  customer.contacts.find((contact) => contact.email !== null && contact.email.trim() !== "")?.email ?? null

/** The customer's first phone number, else its first contact's that has one. */
export const firstPhone = (customer: ErpCustomer): string | null =>
  customer.phones[0]?.number ?? customer.contacts.find((contact) => contact.phone !== null)?.phone?.number ?? null
