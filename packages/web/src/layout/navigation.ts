/** The "Principal" navigation of each role: a client's portal, an advisor's pages, and an admin's (the advisor's and the back office's). */
import { messages } from "../i18n/messages.ts"
import type { Role } from "../session/session.tsx"

export type NavigationPath =
  | "/pedido"
  | "/cotizaciones"
  | "/empresa"
  | "/clientes"
  | "/empresas"
  | "/estadisticas"
  | "/usuarios"
  | "/rutas"
  | "/catalogo"
  | "/llaves"
  | "/webhooks"
  | "/erp"
  | "/auditoria"

export interface NavigationLink {
  readonly to: NavigationPath
  readonly label: string
}

const text = messages.nav

const clientLinks: ReadonlyArray<NavigationLink> = [
  { to: "/pedido", label: text.order },
  { to: "/cotizaciones", label: text.myQuotations },
  { to: "/empresa", label: text.myCompany }
]

const advisorLinks: ReadonlyArray<NavigationLink> = [
  { to: "/cotizaciones", label: text.quotations },
  { to: "/clientes", label: text.clients },
  { to: "/empresas", label: text.companies },
  { to: "/estadisticas", label: text.stats }
]

const adminOnlyLinks: ReadonlyArray<NavigationLink> = [
  { to: "/usuarios", label: text.users },
  { to: "/rutas", label: text.routes },
  { to: "/catalogo", label: text.catalog },
  { to: "/llaves", label: text.apiKeys },
  { to: "/webhooks", label: text.webhooks },
  { to: "/erp", label: text.erp },
  { to: "/auditoria", label: text.audit }
]

export const navigationFor = (role: Role): ReadonlyArray<NavigationLink> =>
  role === "client" ? clientLinks : role === "advisor" ? advisorLinks : [...advisorLinks, ...adminOnlyLinks]
