/**
 * The ERP customer list query as Siigo will really answer it (`GET /customers`):
 * Siigo raises smaller page sizes to 10, so the service asks for (and reports) at least
 * 10; it matches the identification on its digits only (`900.100.007-2` → `900100007`),
 * so a NIT is cleaned first (one that is not a valid NIT is passed as typed).
 */
import type { ErpCustomerQuery } from "./erp-customer.ts"
import { cleanNit } from "./nit.ts"

/** Siigo raises smaller page sizes to 10. */
export const siigoMinPageSize = 10

export const erpCustomerSearch = (query: ErpCustomerQuery): ErpCustomerQuery => {
  const nit = query.identification === undefined ? undefined : cleanNit(query.identification)
  return {
    ...query,
    ...(nit?._tag === "Valid" ? { identification: nit.identification } : {}),
    pageSize: Math.max(query.pageSize, siigoMinPageSize)
  }
}
