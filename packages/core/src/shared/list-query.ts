/**
 * The query fields and answer fields of the lists a client searches and pages (the
 * advisor module's lists, the user list): free text, a page and its size, and the
 * totals of a paged answer. Declared once: they validate the query, document it in
 * OpenAPI and type it in the services.
 */
import * as Schema from "effect/Schema"

/** A paged list's default page size, its largest, and the last page asked (keeps `offset` a safe integer). */
export const defaultListPageSize = 20
export const maxListPageSize = 100
export const maxListPage = 1_000_000

/** Free text; a NUL character cannot be stored in a text column, so it could never match. */
export const SearchText = (description: string) =>
  Schema.optional(
    Schema.String.check(
      Schema.isMaxLength(200),
      Schema.makeFilter((text: string) => !text.includes("\u0000") || "must not contain NUL characters")
    ).annotate({ description })
  )

/** A positive integer of the query string (`page`, `limit`), at most `maximum`. */
export const PageQuery = (maximum: number, description: string) =>
  Schema.optional(
    Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum })).annotate({ description })
  )

/** `page` and `limit` of a list answered whole unless one of them is given. */
export const optionalPagingQuery = {
  page: PageQuery(
    maxListPage,
    "Page number (default 1). With `page` or `limit` the answer is one page with `total`, `page`, `limit` and `totalPages`; without both, every item"
  ),
  limit: PageQuery(maxListPageSize, `Page size (default ${defaultListPageSize}, max ${maxListPageSize}); see \`page\``)
}

const pagedOnly = (description: string) =>
  Schema.optionalKey(Schema.Int).annotate({ description: `${description}; present only when \`page\` or \`limit\` was asked` })

/** The totals a paged answer adds to its `items`. */
export const optionalPageTotals = {
  total: pagedOnly("How many items match"),
  page: pagedOnly("This page's number"),
  limit: pagedOnly("The page size"),
  totalPages: pagedOnly("How many pages of `limit` items")
}

/** Whether a list that answers whole unless asked was asked for a page (either field given). */
export const asksForPage = (query: { readonly page?: number | undefined; readonly limit?: number | undefined }): boolean =>
  query.page !== undefined || query.limit !== undefined

/** The page asked, with the defaults filled in, and its offset. */
export const pageWindow = (query: { readonly page?: number | undefined; readonly limit?: number | undefined }) => {
  const page = query.page ?? 1
  const limit = Math.min(query.limit ?? defaultListPageSize, maxListPageSize)
  return { page, limit, offset: (page - 1) * limit }
}

/** A page's totals from the count of every matching item. */
export const pageTotals = (total: number, page: { readonly page: number; readonly limit: number }) => ({
  total,
  page: page.page,
  limit: page.limit,
  totalPages: Math.ceil(total / page.limit)
})
