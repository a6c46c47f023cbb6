/**
 * A screen's own navigation between its sections (ERP: connection, customers, …): a named
 * `navigation` landmark of links, the current one marked `aria-current="page"` whatever
 * its search (its filters).
 */
import { Link, type LinkProps } from "@tanstack/react-router"

export interface Section {
  readonly to: NonNullable<LinkProps["to"]>
  readonly label: string
}

export const SectionNav = ({ label, sections }: { readonly label: string; readonly sections: ReadonlyArray<Section> }) => (
  <nav aria-label={label} className="sub-nav">
    <ul>
      {sections.map((section) => (
        <li key={section.to}>
          <Link to={section.to} activeOptions={{ exact: true, includeSearch: false }} activeProps={{ "aria-current": "page", className: "active" }}>
            {section.label}
          </Link>
        </li>
      ))}
    </ul>
  </nav>
)
