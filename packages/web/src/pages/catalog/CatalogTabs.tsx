/** The heading every Catálogo screen starts with, and its sections: products, price lists, promotions. */
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { SectionNav } from "../../ui/SectionNav.tsx"

const text = catalogMessages

const sections = [
  { to: "/catalogo", label: text.tabs.products },
  { to: "/catalogo/listas", label: text.tabs.priceLists },
  { to: "/catalogo/promociones", label: text.tabs.promotions }
] as const

export const CatalogHeader = () => (
  <>
    <h1>{text.title}</h1>
    <SectionNav label={text.sections} sections={sections} />
  </>
)
