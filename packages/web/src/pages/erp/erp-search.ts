/**
 * The ERP screens' state in the URL, so that a view can be shared:
 * `/erp?registros=50` (how many sync runs are listed), `/erp/clientes?buscar=&nit=&pagina=`
 * (the ERP's customers, paged by the ERP), `/erp/clientes-locales?estado=error&limite=200`
 * and `/erp/cotizaciones?estado=synced&pagina=2&cotizacion=<id>`.
 */
const positiveInteger = (value: unknown): number | undefined => {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : undefined
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 100) : undefined

const oneOf = <Value extends string>(values: ReadonlyArray<Value>, value: unknown): Value | undefined =>
  values.find((candidate) => candidate === value)

/** A page beyond the first, or how many rows beyond the default: absent otherwise. */
const above = (value: number | undefined, floor: number, ceiling: number): number | undefined =>
  value !== undefined && value > floor ? Math.min(value, ceiling) : undefined

/** A page number beyond the first (page 1 is left out of the URL). */
const laterPage = (value: unknown): number | undefined => above(positiveInteger(value), 1, Number.MAX_SAFE_INTEGER)

export const defaultLogLimit = 20
export const maxLogLimit = 200

export interface ErpSyncSearch {
  readonly registros?: number
}

export const erpSyncSearch = (search: Record<string, unknown>): ErpSyncSearch => {
  const registros = above(positiveInteger(search.registros), defaultLogLimit, maxLogLimit)
  return registros === undefined ? {} : { registros }
}

export interface ErpCustomersSearch {
  readonly buscar?: string
  readonly nit?: string
  readonly pagina?: number
}

export const erpCustomersSearch = (search: Record<string, unknown>): ErpCustomersSearch => {
  const buscar = text(search.buscar)
  const nit = text(search.nit)
  const pagina = laterPage(search.pagina)
  return { ...(buscar === undefined ? {} : { buscar }), ...(nit === undefined ? {} : { nit }), ...(pagina === undefined ? {} : { pagina }) }
}

export const localSyncStatuses = ["local", "pending", "synced", "error"] as const
export type LocalSyncStatus = (typeof localSyncStatuses)[number]
export const defaultLocalLimit = 100
export const maxLocalLimit = 500

export interface ErpLocalCustomersSearch {
  readonly estado?: LocalSyncStatus
  readonly limite?: number
}

export const erpLocalCustomersSearch = (search: Record<string, unknown>): ErpLocalCustomersSearch => {
  const estado = oneOf(localSyncStatuses, search.estado)
  const limite = above(positiveInteger(search.limite), defaultLocalLimit, maxLocalLimit)
  return { ...(estado === undefined ? {} : { estado }), ...(limite === undefined ? {} : { limite }) }
}

/** The quotations an admin may send, or has sent, to the ERP. */
export const pushedStatuses = ["approved", "synced"] as const
export type PushedStatus = (typeof pushedStatuses)[number]

export interface ErpQuotesSearch {
  readonly estado?: PushedStatus
  readonly pagina?: number
  readonly cotizacion?: string
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const erpQuotesSearch = (search: Record<string, unknown>): ErpQuotesSearch => {
  const estado = oneOf(pushedStatuses, search.estado)
  const pagina = laterPage(search.pagina)
  const cotizacion = typeof search.cotizacion === "string" && uuid.test(search.cotizacion) ? search.cotizacion : undefined
  return { ...(estado === undefined ? {} : { estado }), ...(pagina === undefined ? {} : { pagina }), ...(cotizacion === undefined ? {} : { cotizacion }) }
}
