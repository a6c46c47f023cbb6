/**
 * "Anterior" / "Página X de Y" / "Siguiente" under a paged list. The page lives in the
 * URL's `pagina` (page 1 leaves it out), so each page is a link that can be shared; at
 * either end the link is disabled rather than removed, so nothing moves.
 */
import { Link } from "@tanstack/react-router"
import { messages } from "../i18n/messages.ts"

const pageSearch = (page: number) => (previous: Record<string, unknown>) => {
  const { pagina: _, ...rest } = previous
  return page > 1 ? { ...rest, pagina: page } : rest
}

export const Pager = ({ page, totalPages }: { readonly page: number; readonly totalPages: number }) => {
  if (totalPages <= 1 && page <= 1) return null
  const previous = page - 1
  const next = page + 1
  return (
    <nav aria-label={messages.pager.label} className="pager">
      <Link to="." search={pageSearch(previous)} disabled={previous < 1} className="button secondary">
        {messages.pager.previous}
      </Link>
      <span className="pager-position">{messages.pager.pageOf(page, Math.max(totalPages, 1))}</span>
      <Link to="." search={pageSearch(next)} disabled={next > totalPages} className="button secondary">
        {messages.pager.next}
      </Link>
    </nav>
  )
}
