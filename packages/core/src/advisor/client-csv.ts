/**
 * The columns of the advisor-clients list's CSV export (`GET /api/advisor/clients/export`),
 * with Spanish headers: who the client is, how to reach it, where it is served (company,
 * branch, route, advisor's price list) and its quotations.
 */
import { type CsvColumn, csvDateTime, csvYesNo } from "../shared/csv.ts"
import type { AdvisorClient } from "./views.ts"

export const advisorClientCsvColumns: ReadonlyArray<CsvColumn<AdvisorClient>> = [
  { header: "Cliente", cell: (client) => client.name },
  { header: "NIT", cell: (client) => client.nit },
  { header: "Correo electrónico", cell: (client) => client.email },
  { header: "Teléfono", cell: (client) => client.phone },
  { header: "Activo", cell: (client) => csvYesNo(client.active) },
  { header: "Empresa", cell: (client) => client.companyName },
  { header: "NIT de la empresa", cell: (client) => client.companyNit },
  { header: "Sucursal", cell: (client) => client.branchName },
  { header: "Ciudad", cell: (client) => client.branchCity },
  { header: "Ruta", cell: (client) => client.routeName },
  { header: "Lista de precios", cell: (client) => client.priceListName ?? "Lista general" },
  { header: "Usuario", cell: (client) => client.userEmail },
  { header: "Cotizaciones", cell: (client) => client.quotationCount },
  { header: "Última cotización", cell: (client) => (client.lastQuotationAt === null ? null : csvDateTime(client.lastQuotationAt)) },
  { header: "Registrado", cell: (client) => csvDateTime(client.createdAt) }
]
