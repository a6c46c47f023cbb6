/**
 * The quotation list's state in the URL, so a list can be shared:
 * `/cotizaciones?estado=pending&origen=chat&cliente=<id>&desde=2026-11-01&hasta=2026-11-30&asesor=<id>&pagina=2`.
 * A client's list uses `estado` and `pagina` only; the others are an advisor's and an
 * admin's (`asesor` an admin's). Anything malformed is dropped rather than sent.
 */
export const quotationStatuses = ["draft", "sent", "pending", "approved", "rejected", "synced", "sent_to_erp"] as const
export type QuotationStatus = (typeof quotationStatuses)[number]

export const quotationSources = ["web", "chat"] as const
export type QuotationSource = (typeof quotationSources)[number]

import { searchId, searchPage } from "../../ui/list-search.ts"

export interface QuotationListSearch {
  readonly estado?: QuotationStatus
  readonly origen?: QuotationSource
  /** A client's id. */
  readonly cliente?: string
  /** `YYYY-MM-DD`, created on or after (Bogotá). */
  readonly desde?: string
  /** `YYYY-MM-DD`, created on or before (Bogotá). */
  readonly hasta?: string
  /** An advisor's user id (admins). */
  readonly asesor?: string
  readonly pagina?: number
}

/** The list's filters as `GET /api/quotations` names them. */
export interface QuotationFilters {
  readonly status?: QuotationStatus
  readonly source?: QuotationSource
  readonly clientId?: string
  readonly dateFrom?: string
  readonly dateTo?: string
  readonly advisorId?: string
}

export const isQuotationStatus = (value: unknown): value is QuotationStatus =>
  quotationStatuses.some((status) => status === value)

export const isQuotationSource = (value: unknown): value is QuotationSource =>
  quotationSources.some((source) => source === value)

/** A real calendar day written `YYYY-MM-DD` (what `<input type="date">` gives). */
export const isCivilDate = (value: unknown): value is string => {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value)
}

export const quotationListSearch = (search: Record<string, unknown>): QuotationListSearch => {
  const cliente = searchId(search.cliente)
  const asesor = searchId(search.asesor)
  const pagina = searchPage(search.pagina)
  return {
    ...(isQuotationStatus(search.estado) ? { estado: search.estado } : {}),
    ...(isQuotationSource(search.origen) ? { origen: search.origen } : {}),
    ...(cliente === undefined ? {} : { cliente }),
    ...(isCivilDate(search.desde) ? { desde: search.desde } : {}),
    ...(isCivilDate(search.hasta) ? { hasta: search.hasta } : {}),
    ...(asesor === undefined ? {} : { asesor }),
    ...(pagina === undefined ? {} : { pagina })
  }
}

/** The filters of the URL's search (the page aside). */
export const filtersOf = (search: QuotationListSearch): QuotationFilters => ({
  ...(search.estado === undefined ? {} : { status: search.estado }),
  ...(search.origen === undefined ? {} : { source: search.origen }),
  ...(search.cliente === undefined ? {} : { clientId: search.cliente }),
  ...(search.desde === undefined ? {} : { dateFrom: search.desde }),
  ...(search.hasta === undefined ? {} : { dateTo: search.hasta }),
  ...(search.asesor === undefined ? {} : { advisorId: search.asesor })
})

/** Whether any filter is set. */
export const isFiltered = (search: QuotationListSearch): boolean => Object.keys(filtersOf(search)).length > 0
