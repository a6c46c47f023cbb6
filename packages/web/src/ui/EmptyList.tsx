/**
 * An empty page of a searchable list, said for what made it empty: a page past the end
 * ("Ir a la primera página"), a search or filter that matches nothing ("Ver todos"), or a
 * list with nothing in it yet.
 */
import { Link } from "@tanstack/react-router"

export interface EmptyListTexts {
  /** Nothing at all yet. */
  readonly empty: string
  /** The search or filter matches nothing. */
  readonly emptyFiltered: string
  /** The link that clears the search and filters. */
  readonly showAll: string
  readonly emptyPage: string
  readonly firstPage: string
}

export const EmptyList = ({ texts, page, isFiltered }: {
  readonly texts: EmptyListTexts
  readonly page: number
  readonly isFiltered: boolean
}) => {
  if (page > 1) {
    return (
      <div className="empty-state">
        <p>{texts.emptyPage}</p>
        <Link to="." search={({ pagina: _, ...rest }: Record<string, unknown>) => rest}>{texts.firstPage}</Link>
      </div>
    )
  }
  if (isFiltered) {
    return (
      <div className="empty-state">
        <p className="empty-title">{texts.emptyFiltered}</p>
        <Link to="." search={{}}>{texts.showAll}</Link>
      </div>
    )
  }
  return <div className="empty-state"><p className="empty-title">{texts.empty}</p></div>
}
