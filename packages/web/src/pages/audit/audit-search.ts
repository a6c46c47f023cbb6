/**
 * The audit trail's state in the URL (`/auditoria?tipo=route&registro=<id>&desde=2026-11-01`):
 * the filters and the page's cursor (`antes`, the service's `nextCursor`: the entries
 * older than the last one of the previous page).
 */
import { searchId, searchWords } from "../../ui/list-search.ts"

export interface AuditSearch {
  /** `action`, e.g. `route.updated`. */
  readonly accion?: string
  /** `entityType`, e.g. `route`. */
  readonly tipo?: string
  /** `entityId`. */
  readonly registro?: string
  /** `actorId`: a user's or an API key's id. */
  readonly autor?: string
  /** First day (Bogotá), `YYYY-MM-DD`. */
  readonly desde?: string
  /** Last day included (Bogotá), `YYYY-MM-DD`. */
  readonly hasta?: string
  /** The cursor of an older page. */
  readonly antes?: string
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/
const day = (value: unknown): string | undefined =>
  typeof value === "string" && dayPattern.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined

export const auditSearch = (search: Record<string, unknown>): AuditSearch => {
  const values = {
    accion: searchWords(search.accion),
    tipo: searchWords(search.tipo),
    registro: searchWords(search.registro),
    autor: searchId(search.autor),
    desde: day(search.desde),
    hasta: day(search.hasta),
    antes: searchWords(search.antes)
  }
  const kept: { -readonly [Key in keyof AuditSearch]?: string } = {}
  for (const key of Object.keys(values) as Array<keyof typeof values>) {
    const value = values[key]
    if (value !== undefined) kept[key] = value
  }
  return kept
}

/** Whether any filter (not the page) is set. */
export const isFiltered = (search: AuditSearch): boolean =>
  [search.accion, search.tipo, search.registro, search.autor, search.desde, search.hasta].some((value) => value !== undefined)

const DAY_MS = 86_400_000

/** The query's instants: from the first day's Bogotá midnight to the midnight after the last day. */
export const auditRange = (search: AuditSearch): { readonly from?: string; readonly to?: string } => ({
  ...(search.desde === undefined ? {} : { from: `${search.desde}T00:00:00-05:00` }),
  ...(search.hasta === undefined
    ? {}
    : { to: `${new Date(Date.parse(`${search.hasta}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)}T00:00:00-05:00` })
})
