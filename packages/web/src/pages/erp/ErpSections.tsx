/**
 * The ERP screens' heading and their own navigation ("Secciones del ERP"): connection and
 * sync, the ERP's customers, the local ones, the quotations sent. Each section is a page of
 * its own (`/erp`, `/erp/clientes`, …) with its state in the URL.
 */
import type { ReactNode } from "react"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { type Section, SectionNav } from "../../ui/SectionNav.tsx"

const text = erpMessages.sections

const sections: ReadonlyArray<Section> = [
  { to: "/erp", label: text.sync },
  { to: "/erp/clientes", label: text.customers },
  { to: "/erp/clientes-locales", label: text.localCustomers },
  { to: "/erp/cotizaciones", label: text.quotes }
]

export const ErpSections = ({ title, intro, children }: {
  /** The section's own heading (the page's h1). */
  readonly title: string
  readonly intro: string
  readonly children: ReactNode
}) => (
  <section className="stack">
    <header className="page-header">
      <h1>{title}</h1>
    </header>
    <SectionNav label={text.label} sections={sections} />
    <p className="muted">{intro}</p>
    {children}
  </section>
)
