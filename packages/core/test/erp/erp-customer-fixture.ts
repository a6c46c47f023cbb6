/** An ERP customer as Siigo returns it, with only what a test sets differing. */
import type { ErpCustomer } from "../../src/erp/erp-customer.ts"

export const erpCustomer = (overrides: Partial<ErpCustomer> = {}): ErpCustomer => ({
  id: "c7b1a0d2-0000-4000-8000-000000000001",
  type: "Customer",
  personType: "Company",
  idType: { code: "31", name: "NIT" },
  identification: "900100007",
  checkDigit: "2",
  name: ["Distribuciones Andinas SAS"],
  commercialName: null,
  branchOffice: 0,
  active: true,
  vatResponsible: false,
  fiscalResponsibilities: [{ code: "R-99-PN", name: null }],
  address: null,
  phones: [],
  contacts: [],
  comments: null,
  relatedUsers: { sellerId: null, collectorId: null },
  createdAt: null,
  updatedAt: null,
  ...overrides
})
