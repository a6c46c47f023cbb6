/**
 * The statistics' state in the URL (`/estadisticas?desde=2025-01-01&hasta=2025-06-30&asesor=<id>`),
 * so a view of the figures can be shared: the creation dates counted (inclusive Bogotá
 * days) and, for an admin, the advisor whose figures are shown.
 */
export interface StatsSearch {
  /** First day counted, `YYYY-MM-DD`. */
  readonly desde?: string
  /** Last day counted, `YYYY-MM-DD`. */
  readonly hasta?: string
  /** An advisor's user id (admins only; an advisor always sees its own). */
  readonly asesor?: string
}

const civilDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A real calendar day written `YYYY-MM-DD` (not 2025-02-30). */
export const isCivilDate = (value: unknown): value is string => {
  if (typeof value !== "string") return false
  const parts = civilDatePattern.exec(value)
  if (parts === null) return false
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export const isUuid = (value: unknown): value is string => typeof value === "string" && uuidPattern.test(value)

export const statsSearch = (search: Record<string, unknown>): StatsSearch => ({
  ...(isCivilDate(search.desde) ? { desde: search.desde } : {}),
  ...(isCivilDate(search.hasta) ? { hasta: search.hasta } : {}),
  ...(isUuid(search.asesor) ? { asesor: search.asesor } : {})
})

/** "Desde" after "Hasta": nothing to ask the service. */
export const isInvertedRange = (search: StatsSearch): boolean =>
  search.desde !== undefined && search.hasta !== undefined && search.desde > search.hasta
