/**
 * The one routine that reads Siigo lists, for every list the adapter reads (products,
 * customers, users, document types, quotations). Each page goes through `http.send`, so
 * it gets the same token, retry and 429 handling as every other call.
 *
 * - A list wrapper `{pagination, results, _links}` continues at `_links.next.href`: its
 *   `page` and `page_size` are requested again on the configured `baseUrl` with our own
 *   filters. A wrapper without `_links` continues while `pagination` says more remain.
 * - A plain array (documented for lookups such as document types) is the whole list.
 * - A next page that does not move forward, or more than `maxListPages` pages, fails
 *   with `ErpHttpError` (reason `decode`) instead of looping or truncating silently.
 */
import { type ErpError, ErpHttpError } from "@quote/core/erp/errors"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { SiigoCall, SiigoHttp } from "./siigo-http.ts"
import { WireList } from "./siigo-wire.ts"

/** Where a page starts. */
export interface SiigoPagePosition {
  readonly page: number
  readonly pageSize: number
}

export interface SiigoListPage {
  readonly position: SiigoPagePosition
  readonly results: ReadonlyArray<unknown>
  /** `pagination.total_results`, else the number of results. */
  readonly total: number
  /** Null on the last page. */
  readonly next: SiigoPagePosition | null
}

/** Bound of a collected list: 1,000 pages (100,000 records at Siigo's page cap of 100). */
export const maxListPages = 1_000

const SiigoListBody = Schema.Union([Schema.Array(Schema.Unknown), WireList])

const positiveInt = (value: string | null | undefined): number | undefined => {
  const number = Number(value)
  return value !== null && value !== undefined && Number.isInteger(number) && number >= 1 ? number : undefined
}

/** The position a list page points to next, or null on the last page. */
export const nextPosition = (list: WireList, current: SiigoPagePosition): SiigoPagePosition | null => {
  const links = list._links
  if (links !== null && links !== undefined) {
    const href = links.next?.href
    if (href === null || href === undefined || href.trim() === "") return null
    const params = URL.parse(href, "https://api.siigo.com")?.searchParams
    return {
      page: positiveInt(params?.get("page")) ?? current.page + 1,
      pageSize: positiveInt(params?.get("page_size")) ?? current.pageSize
    }
  }
  // No links at all: trust the counts, if Siigo gave them.
  const pagination = list.pagination
  const total = pagination?.total_results
  if (total === null || total === undefined) return null
  const page = pagination?.page ?? current.page
  const pageSize = pagination?.page_size ?? current.pageSize
  return page * pageSize < total ? { page: page + 1, pageSize } : null
}

const listError = (call: SiigoCall, message: string, attempts = 1): ErpHttpError =>
  new ErpHttpError({
    message,
    details: {
      reason: "decode",
      operation: `${call.method} ${call.path}`,
      status: null,
      errors: [],
      codes: [],
      timeoutMs: null,
      attempts
    }
  })

export const makeSiigoPagination = (http: SiigoHttp) => {
  /** One page of `path` with `filters`, at `position`. */
  const fetchPage = (
    path: string,
    filters: Readonly<Record<string, string>>,
    position: SiigoPagePosition
  ): Effect.Effect<SiigoListPage, ErpError> => {
    const call: SiigoCall = {
      method: "GET",
      path,
      urlParams: { ...filters, page: String(position.page), page_size: String(position.pageSize) }
    }
    return http.send(call).pipe(
      Effect.flatMap(http.decode(SiigoListBody, call)),
      Effect.flatMap((body) => {
        if (!("results" in body)) {
          return Effect.succeed<SiigoListPage>({ position, results: body, total: body.length, next: null })
        }
        const next = nextPosition(body, position)
        if (next !== null && next.page <= position.page) {
          return Effect.fail(
            listError(call, `Siigo's next page of ${path} (${next.page}) does not follow page ${position.page}`)
          )
        }
        return Effect.succeed<SiigoListPage>({
          position,
          results: body.results,
          total: body.pagination?.total_results ?? body.results.length,
          next
        })
      })
    )
  }

  /**
   * Every record of the list, decoded with `schema` (strict: a record that does not
   * decode fails the call) and mapped with `map(wire, raw)`.
   */
  const collect = <S extends Schema.Decoder<unknown>, A>(
    path: string,
    filters: Readonly<Record<string, string>>,
    pageSize: number,
    schema: S,
    map: (wire: S["Type"], raw: unknown) => A
  ): Effect.Effect<ReadonlyArray<A>, ErpError> =>
    Effect.gen(function*() {
      const call: SiigoCall = { method: "GET", path }
      const items: Array<A> = []
      let position: SiigoPagePosition | null = { page: 1, pageSize }
      let count = 0
      while (position !== null) {
        if (++count > maxListPages) {
          return yield* listError(call, `Siigo's list ${path} goes on past ${maxListPages} pages`)
        }
        const page: SiigoListPage = yield* fetchPage(path, filters, position)
        const decoded = yield* http.decode(Schema.Array(schema), call)(page.results)
        decoded.forEach((wire, index) => items.push(map(wire, page.results[index])))
        position = page.next
      }
      return items
    })

  return { fetchPage, collect }
}
