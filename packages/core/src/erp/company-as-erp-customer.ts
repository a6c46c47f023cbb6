/**
 * A local company as a Siigo customer (the export, spec "ERP integration → Customers"):
 * a company (`personType` Company) with its NIT as document type 31, fiscal
 * responsibility `R-99-PN` ("no responsibility", Siigo's default for customers), its
 * own address else its main branch's (Siigo requires one), the branch's city as DANE
 * codes, and one contact named after the company (Siigo refuses documents for customers
 * without a contact; its first name holds at most 50 characters).
 */
import * as Option from "effect/Option"
import { erpCityCode } from "./erp-city-codes.ts"
import type { ErpCustomerInput, ErpCustomerUpdate } from "./erp-customer.ts"
import { erpPhone } from "./erp-phone.ts"
import { nitIdType } from "./nit.ts"

/** What the export reads of a company and of its main branch. */
export interface ExportedCompany {
  readonly name: string
  readonly email: string | null
  readonly phone: string | null
  readonly address: string | null
  readonly branchAddress: string | null
  readonly branchCity: string | null
}

const FISCAL_RESPONSIBILITY_NONE = "R-99-PN"
const NO_ADDRESS = "Sin dirección"
const CONTACT_NAME_MAX = 50

/** The customer record a create sends; `identification` is the cleaned NIT. */
export const erpCustomerInputOf = (company: ExportedCompany, identification: string): ErpCustomerInput => {
  const phone = erpPhone(company.phone)
  return {
    type: "Customer",
    personType: "Company",
    idType: nitIdType,
    identification,
    name: [company.name],
    commercialName: company.name,
    fiscalResponsibilities: [FISCAL_RESPONSIBILITY_NONE],
    address: {
      address: company.address?.trim() || company.branchAddress?.trim() || NO_ADDRESS,
      city: erpCityCode(company.branchCity)
    },
    phones: Option.toArray(phone),
    contacts: [{
      firstName: company.name.slice(0, CONTACT_NAME_MAX),
      ...(company.email === null ? {} : { email: company.email }),
      ...(Option.isSome(phone) ? { phone: phone.value } : {})
    }]
  }
}

/** The fields an update of an existing ERP customer changes: the rest stays as in Siigo. */
export const erpCustomerUpdateOf = (input: ErpCustomerInput): ErpCustomerUpdate => ({
  name: input.name,
  ...(input.commercialName === undefined ? {} : { commercialName: input.commercialName }),
  identification: input.identification,
  address: input.address,
  ...(input.phones !== undefined && input.phones.length > 0 ? { phones: input.phones } : {})
})
