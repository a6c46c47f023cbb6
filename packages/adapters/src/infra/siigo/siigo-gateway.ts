/**
 * `ErpGateway` over Siigo's REST API (https://api.siigo.com). Transport rules
 * (token cache, Partner-Id, time-outs, retries) live in `siigo-http.ts`; this file maps
 * each port method to Siigo's endpoints; every list goes through `siigo-pagination.ts`
 * (all pages, `_links.next`); decoding follows `siigo-wire.ts`. See docs/erp.md.
 */
import { erpCustomerToInput } from "@quote/core/erp/erp-customer"
import type { ErpCustomer, ErpCustomerQuery } from "@quote/core/erp/erp-customer"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import type { ErpInvalidRecord, ErpPage, ErpProductCursor, ErpProductPage } from "@quote/core/erp/erp-page"
import { erpMaxPageSize } from "@quote/core/erp/erp-page"
import type { ErpProduct } from "@quote/core/erp/erp-product"
import type { ErpSettingsSource } from "@quote/core/erp/erp-settings"
import { type ErpError, ErpHttpError } from "@quote/core/erp/errors"
import * as Arr from "effect/Array"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import type * as HttpClient from "effect/http/HttpClient"
import { makeSiigoHttp, type SiigoCall, type SiigoHttpOptions } from "./siigo-http.ts"
import { makeSiigoPagination } from "./siigo-pagination.ts"
import {
  customerBody,
  quotationBody,
  toErpCustomer,
  toErpDocumentType,
  toErpProduct,
  toErpQuotation,
  toErpSeller
} from "./siigo-mapping.ts"
import { WireCustomer, WireDocumentType, WireProduct, WireQuotation, WireUser } from "./siigo-wire.ts"

export interface SiigoGatewayOptions extends SiigoHttpOptions {}

/** Siigo's date-time filter format `yyyy-MM-ddTHH:mm:ssZ` (UTC, whole seconds, floored). */
export const siigoDateTime = (value: DateTime.Utc): string => DateTime.formatIso(value).replace(/\.\d+Z$/, "Z")

/** Siigo's `ids` filter takes at most 20 ids. */
const idsPerRequest = 20

const matchesName = (customer: ErpCustomer, needle: string): boolean => {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase()
  const wanted = fold(needle.trim())
  return [...customer.name, customer.commercialName ?? ""].some((part) => fold(part).includes(wanted))
}

export const makeSiigoGateway = (options: SiigoGatewayOptions = {}) =>
  Effect.gen(function*() {
    const http = yield* makeSiigoHttp(options)
    const lists = makeSiigoPagination(http)

    const get = (path: string, urlParams: Readonly<Record<string, string>> = {}): SiigoCall => ({
      method: "GET",
      path,
      urlParams
    })

    /** Decodes each list item on its own: one odd record does not sink the page. */
    const decodeEach = <S extends Schema.Decoder<unknown>, A>(
      schema: S,
      map: (wire: S["Type"], raw: unknown) => A,
      results: ReadonlyArray<unknown>
    ) => {
      const decode = Schema.decodeUnknownResult(schema)
      const items: Array<A> = []
      const invalid: Array<ErpInvalidRecord> = []
      for (const raw of results) {
        const result = decode(raw)
        if (Result.isSuccess(result)) {
          items.push(map(result.success, raw))
        } else {
          const partial = Schema.decodeUnknownOption(Schema.Struct({
            id: Schema.optional(Schema.String),
            code: Schema.optional(Schema.String)
          }))(raw)
          invalid.push({
            id: Option.getOrUndefined(partial)?.id ?? null,
            code: Option.getOrUndefined(partial)?.code ?? null,
            message: result.failure.message
          })
        }
      }
      return { items, invalid }
    }

    /** Every record of a list, all pages (strict: a single odd record fails the call). */
    const allPages = <S extends Schema.Decoder<unknown>, A>(
      path: string,
      filters: Readonly<Record<string, string>>,
      schema: S,
      map: (wire: S["Type"], raw: unknown) => A
    ) => lists.collect(path, filters, erpMaxPageSize, schema, map)

    const product = (wire: typeof WireProduct.Type): ErpProduct => toErpProduct(wire)
    const customer = (wire: typeof WireCustomer.Type): ErpCustomer => toErpCustomer(wire)

    const authenticate = http.authenticate.pipe(
      Effect.map((token) => ({ tokenExpiresAt: DateTime.makeUnsafe(token.expiresAtMillis) })),
      Effect.withSpan("ErpGateway.authenticate")
    )

    const listProducts = Effect.fn("ErpGateway.listProducts")(function*(cursor: ErpProductCursor) {
      const filters = cursor.updatedSince === null ? {} : { updated_start: siigoDateTime(cursor.updatedSince) }
      const list = yield* lists.fetchPage("/v1/products", filters, cursor)
      const { invalid, items } = decodeEach(WireProduct, product, list.results)
      const page: ErpProductPage = {
        items,
        invalid,
        cursor,
        total: list.total,
        next: list.next === null ? null : { ...list.next, updatedSince: cursor.updatedSince }
      }
      return page
    })

    const productPages = (from: ErpProductCursor): Stream.Stream<ErpProductPage, ErpError> =>
      Stream.paginate(from, (cursor) =>
        listProducts(cursor).pipe(
          Effect.map((page) => [[page], Option.fromNullishOr(page.next)] as const)
        ))

    const getProduct = Effect.fn("ErpGateway.getProduct")(function*(id: string) {
      const call = get(`/v1/products/${encodeURIComponent(id)}`)
      const body = yield* http.sendOptional(call)
      if (Option.isNone(body)) return Option.none<ErpProduct>()
      return Option.some(product(yield* http.decode(WireProduct, call)(body.value)))
    })

    const findProductByCode = Effect.fn("ErpGateway.findProductByCode")(function*(code: string) {
      const found = yield* allPages("/v1/products", { code }, WireProduct, product)
      return Option.fromUndefinedOr(found.find((item) => item.code === code))
    })

    const productsByIds = Effect.fn("ErpGateway.productsByIds")(function*(ids: ReadonlyArray<string>) {
      const unique = Arr.dedupe(ids)
      const chunks = Arr.chunksOf(unique, idsPerRequest)
      const found = yield* Effect.forEach(chunks, (chunk) =>
        allPages("/v1/products", { ids: chunk.join(",") }, WireProduct, product))
      return found.flat()
    })

    const listCustomers = Effect.fn("ErpGateway.listCustomers")(function*(query: ErpCustomerQuery) {
      const pageSize = Math.min(Math.max(query.pageSize, 1), erpMaxPageSize)
      const filters = query.identification === undefined ? {} : { identification: query.identification }
      if (query.name === undefined || query.name.trim() === "") {
        const list = yield* lists.fetchPage("/v1/customers", filters, { page: query.page, pageSize })
        const items = yield* http.decode(Schema.Array(WireCustomer), get("/v1/customers"))(list.results)
        const page: ErpPage<ErpCustomer> = {
          items: items.map(customer),
          page: query.page,
          pageSize,
          total: list.total,
          hasNext: list.next !== null
        }
        return page
      }
      // Siigo has no name filter: read all customers and page the matches here.
      const name = query.name
      const matching = (yield* allPages("/v1/customers", filters, WireCustomer, customer))
        .filter((item) => matchesName(item, name))
      const start = (query.page - 1) * pageSize
      const page: ErpPage<ErpCustomer> = {
        items: matching.slice(start, start + pageSize),
        page: query.page,
        pageSize,
        total: matching.length,
        hasNext: start + pageSize < matching.length
      }
      return page
    })

    const getCustomer = Effect.fn("ErpGateway.getCustomer")(function*(id: string) {
      const call = get(`/v1/customers/${encodeURIComponent(id)}`)
      const body = yield* http.sendOptional(call)
      if (Option.isNone(body)) return Option.none<ErpCustomer>()
      return Option.some(customer(yield* http.decode(WireCustomer, call)(body.value)))
    })

    const findCustomerByIdentification = Effect.fn("ErpGateway.findCustomerByIdentification")(
      function*(identification: string, branchOffice?: number) {
        const branch = branchOffice ?? 0
        const found = yield* allPages(
          "/v1/customers",
          { identification, branch_office: String(branch) },
          WireCustomer,
          customer
        )
        return Option.fromUndefinedOr(
          found.find((item) => item.identification === identification && item.branchOffice === branch)
        )
      }
    )

    const createCustomer = Effect.fn("ErpGateway.createCustomer")(function*(
      input: Parameters<ErpGateway["Service"]["createCustomer"]>[0]
    ) {
      const call: SiigoCall = { method: "POST", path: "/v1/customers", body: customerBody(input) }
      return customer(yield* http.send(call).pipe(Effect.flatMap(http.decode(WireCustomer, call))))
    })

    const updateCustomer = Effect.fn("ErpGateway.updateCustomer")(function*(
      id: string,
      changes: Parameters<ErpGateway["Service"]["updateCustomer"]>[1]
    ) {
      const path = `/v1/customers/${encodeURIComponent(id)}`
      const current = yield* getCustomer(id)
      if (Option.isNone(current)) {
        return yield* new ErpHttpError({
          message: `Siigo has no customer ${id}`,
          details: {
            reason: "status",
            operation: `GET ${path}`,
            status: 404,
            errors: [],
            codes: [],
            timeoutMs: null,
            attempts: 1
          }
        })
      }
      // PUT replaces the whole record: send every field, changed or not.
      const call: SiigoCall = {
        method: "PUT",
        path,
        body: customerBody({ ...erpCustomerToInput(current.value), ...changes })
      }
      return customer(yield* http.send(call).pipe(Effect.flatMap(http.decode(WireCustomer, call))))
    })

    // Users come in the list wrapper (observed), document types as a plain array
    // (documented): `allPages` reads both, following every page of a wrapper.
    const listSellers = allPages("/v1/users", {}, WireUser, toErpSeller).pipe(
      Effect.withSpan("ErpGateway.listSellers")
    )

    const quotationDocumentTypes = allPages("/v1/document-types", { type: "C" }, WireDocumentType, toErpDocumentType)
      .pipe(Effect.withSpan("ErpGateway.quotationDocumentTypes"))

    const createQuotation = Effect.fn("ErpGateway.createQuotation")(function*(
      request: Parameters<ErpGateway["Service"]["createQuotation"]>[0]
    ) {
      const call: SiigoCall = { method: "POST", path: "/v1/quotations", body: quotationBody(request) }
      const body = yield* http.send(call)
      return toErpQuotation(yield* http.decode(WireQuotation, call)(body), body)
    })

    const getQuotation = Effect.fn("ErpGateway.getQuotation")(function*(id: string) {
      const call = get(`/v1/quotations/${encodeURIComponent(id)}`)
      const body = yield* http.sendOptional(call)
      if (Option.isNone(body)) return Option.none()
      return Option.some(toErpQuotation(yield* http.decode(WireQuotation, call)(body.value), body.value))
    })

    const findQuotations = Effect.fn("ErpGateway.findQuotations")(function*(
      query: Parameters<ErpGateway["Service"]["findQuotations"]>[0]
    ) {
      return yield* allPages(
        "/v1/quotations",
        {
          customer_identification: query.customerIdentification,
          created_start: siigoDateTime(query.createdStart),
          ...(query.name === undefined ? {} : { name: query.name })
        },
        WireQuotation,
        toErpQuotation
      )
    })

    const testConnection = Effect.gen(function*() {
      const session = yield* authenticate
      const sample = yield* listProducts({ page: 1, pageSize: 10, updatedSince: null })
      const config = yield* http.settings
      return {
        partnerId: config.partnerId,
        username: config.username,
        tokenExpiresAt: session.tokenExpiresAt,
        productCountSample: sample.items.length + sample.invalid.length,
        productTotal: sample.total
      }
    }).pipe(Effect.withSpan("ErpGateway.testConnection"))

    return ErpGateway.of({
      authenticate,
      testConnection,
      listProducts,
      productPages,
      getProduct,
      findProductByCode,
      productsByIds,
      listCustomers,
      getCustomer,
      findCustomerByIdentification,
      createCustomer,
      updateCustomer,
      listSellers,
      quotationDocumentTypes,
      createQuotation,
      getQuotation,
      findQuotations
    })
  })

/** `ErpGateway` backed by Siigo; needs an `HttpClient` and the `ErpSettingsSource`. */
export const siigoGatewayLayer = (
  options: SiigoGatewayOptions = {}
): Layer.Layer<ErpGateway, never, HttpClient.HttpClient | ErpSettingsSource> =>
  Layer.effect(ErpGateway, makeSiigoGateway(options))
