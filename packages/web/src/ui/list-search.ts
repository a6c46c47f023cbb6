/**
 * Reading a list's state from the URL's search (`?buscar=…&pagina=2&asesor=<id>`): each
 * value is kept only when it is usable, so a hand-edited or stale link shows the list
 * rather than an error. Page 1 and empty words are left out of the URL.
 */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Trimmed, non-empty words (at most 200 characters, the service's limit). */
export const searchWords = (value: unknown): string | undefined => {
  const trimmed = typeof value === "string" ? value.trim().slice(0, 200) : ""
  return trimmed === "" ? undefined : trimmed
}

/** A page number above 1. */
export const searchPage = (value: unknown): number | undefined => {
  const page = Number(value)
  return Number.isInteger(page) && page > 1 && page <= 1_000_000 ? page : undefined
}

/** A UUID (an advisor's id, …). */
export const searchId = (value: unknown): string | undefined =>
  typeof value === "string" && uuidPattern.test(value) ? value.toLowerCase() : undefined

/** The state of a back-office list an admin may narrow to one advisor (Clientes, Empresas). */
export interface AdvisorListSearch {
  readonly buscar?: string
  readonly pagina?: number
  /** Admins only: the advisor whose clients or companies to show. */
  readonly asesor?: string
}

export const advisorListSearch = (search: Record<string, unknown>): AdvisorListSearch => {
  const buscar = searchWords(search.buscar)
  const pagina = searchPage(search.pagina)
  const asesor = searchId(search.asesor)
  return {
    ...(buscar === undefined ? {} : { buscar }),
    ...(pagina === undefined ? {} : { pagina }),
    ...(asesor === undefined ? {} : { asesor })
  }
}
