/**
 * A local quotation turned into Siigo's quotation request (spec "Quotations to the
 * ERP"). The local code goes first in `observations`: it makes the request recognizable,
 * so `createQuotationOnce` finds an already created copy instead of creating another.
 */
import type { NonEmptyReadonlyArray } from "effect/Array"
import { bogota } from "../calendar/bogota-time.ts"
import { formatEpochDay } from "../calendar/civil-date.ts"
import type { ErpQuotationRequest } from "./erp-quotation.ts"

export interface ErpQuotationDraftLine {
  /** The product's code in the ERP (its SKU). */
  readonly code: string
  readonly description: string
  readonly quantity: number
  /** Unit price in COP, as quoted to the client. */
  readonly price: number
  /** The product's tax ids in the ERP (Siigo does not add taxes by itself). */
  readonly taxIds: ReadonlyArray<number>
}

export interface ErpQuotationDraft {
  /** The local code, e.g. `COT-000123`. */
  readonly code: string
  readonly notes: string | null
  /** ERP quotation document type id. */
  readonly documentId: number
  readonly customerIdentification: string
  readonly seller: number
  /** When the quotation is sent (epoch ms): its ERP date is that day in Bogota. */
  readonly sentAtMs: number
  readonly lines: NonEmptyReadonlyArray<ErpQuotationDraftLine>
}

/** `Cotización COT-000123` plus the notes: the marker that identifies the ERP copy. */
export const erpQuotationObservations = (code: string, notes: string | null): string => {
  const marker = `Cotización ${code}`
  const text = notes?.trim() ?? ""
  return text === "" ? marker : `${marker}. ${text}`
}

/** The Bogota calendar date of an instant, `YYYY-MM-DD`. */
export const bogotaDate = (instantMs: number): string => formatEpochDay(bogota.wallTime(instantMs).epochDay)

export const toErpQuotationRequest = (draft: ErpQuotationDraft): ErpQuotationRequest => {
  const [first, ...rest] = draft.lines.map((line) => ({
    code: line.code,
    description: line.description,
    quantity: line.quantity,
    price: line.price,
    ...(line.taxIds.length === 0 ? {} : { taxes: [...line.taxIds] })
  }))
  return {
    documentId: draft.documentId,
    date: bogotaDate(draft.sentAtMs),
    customer: { identification: draft.customerIdentification, branchOffice: 0 },
    seller: draft.seller,
    observations: erpQuotationObservations(draft.code, draft.notes),
    items: [first, ...rest]
  }
}
