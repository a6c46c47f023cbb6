/**
 * The columns of the quotation list's CSV export (`GET /api/quotations/export`), with
 * Spanish headers and values as the console shows them: statuses and sources by their
 * Spanish names (the console's catalogue says the same), dates in Bogotá, totals in
 * whole pesos.
 */
import { type CsvColumn, csvDateTime } from "../shared/csv.ts"
import type { QuotationStatus } from "./quotation-status.ts"
import type { QuotationSource } from "../webhooks/event-catalog.ts"
import type { WebQuotationSummary } from "./views.ts"

export const QUOTATION_STATUS_NAMES: Readonly<Record<QuotationStatus, string>> = {
  draft: "Borrador",
  sent: "Enviada",
  pending: "Pendiente",
  approved: "Aprobada",
  rejected: "Rechazada",
  synced: "Sincronizada con el ERP",
  sent_to_erp: "Enviada al ERP"
}

export const QUOTATION_SOURCE_NAMES: Readonly<Record<QuotationSource, string>> = {
  web: "Portal web",
  chat: "Chat"
}

export const quotationCsvColumns: ReadonlyArray<CsvColumn<WebQuotationSummary>> = [
  { header: "Código", cell: (quotation) => quotation.code },
  { header: "Fecha de creación", cell: (quotation) => csvDateTime(quotation.createdAt) },
  { header: "Estado", cell: (quotation) => QUOTATION_STATUS_NAMES[quotation.status] },
  { header: "Origen", cell: (quotation) => QUOTATION_SOURCE_NAMES[quotation.source] },
  { header: "Cliente", cell: (quotation) => quotation.clientName },
  { header: "Empresa", cell: (quotation) => quotation.company?.name ?? null },
  { header: "Sucursal", cell: (quotation) => quotation.branch?.name ?? null },
  { header: "Asesor", cell: (quotation) => quotation.advisor?.name ?? null },
  { header: "Fecha de ruta", cell: (quotation) => quotation.routeDate },
  { header: "Productos", cell: (quotation) => quotation.itemCount },
  { header: "Total (COP)", cell: (quotation) => quotation.total },
  { header: "Notas", cell: (quotation) => quotation.notes }
]
