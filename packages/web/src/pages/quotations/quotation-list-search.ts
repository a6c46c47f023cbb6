/** The quotation list's state in the URL (`/cotizaciones?estado=pending&pagina=2`), so a list can be shared. */
export const quotationStatuses = ["draft", "sent", "pending", "approved", "rejected", "synced", "sent_to_erp"] as const
export type QuotationStatus = (typeof quotationStatuses)[number]

export interface QuotationListSearch {
  readonly estado?: QuotationStatus
  readonly pagina?: number
}

export const isQuotationStatus = (value: unknown): value is QuotationStatus =>
  quotationStatuses.some((status) => status === value)

export const quotationListSearch = (search: Record<string, unknown>): QuotationListSearch => {
  const page = Number(search.pagina)
  return {
    ...(isQuotationStatus(search.estado) ? { estado: search.estado } : {}),
    ...(Number.isInteger(page) && page > 1 ? { pagina: page } : {})
  }
}
