/** The "Principal" navigation of each role (part 2 of the console adds the back office's pages). */
import { messages } from "../i18n/messages.ts"
import type { Role } from "../session/session.tsx"

export interface NavigationLink {
  readonly to: "/pedido" | "/cotizaciones" | "/empresa"
  readonly label: string
}

export const navigationFor = (role: Role): ReadonlyArray<NavigationLink> =>
  role === "client"
    ? [
      { to: "/pedido", label: messages.nav.order },
      { to: "/cotizaciones", label: messages.nav.myQuotations },
      { to: "/empresa", label: messages.nav.myCompany }
    ]
    : [{ to: "/cotizaciones", label: messages.nav.quotations }]
