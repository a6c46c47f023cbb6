/**
 * The port to the ERP (Siigo). Implemented by `@quote/adapters/siigo/siigo-gateway`;
 * `ErpGateway.notConnected` stands in where the spec says the ERP is not connected
 * (the test environment).
 *
 * Every call reads the settings through `ErpSettingsSource` (missing → ErpNotConfigured)
 * and authenticates as needed. Reads that may miss answer `Option`.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import type { ErpCustomer, ErpCustomerInput, ErpCustomerQuery, ErpCustomerUpdate } from "./erp-customer.ts"
import type { ErpPage, ErpProductCursor, ErpProductPage } from "./erp-page.ts"
import type { ErpProduct } from "./erp-product.ts"
import type {
  ErpQuotation,
  ErpQuotationDocumentType,
  ErpQuotationQuery,
  ErpQuotationRequest
} from "./erp-quotation.ts"
import type { ErpSeller } from "./erp-seller.ts"
import { type ErpError, ErpNotConnected } from "./errors.ts"

/** A fresh token's lifetime. */
export interface ErpSession {
  readonly tokenExpiresAt: DateTime.Utc
}

/** `POST /api/integrations/erp/test-connection` material. */
export interface ErpConnectionCheck {
  readonly partnerId: string
  readonly username: string
  readonly tokenExpiresAt: DateTime.Utc
  /** Products in a first page of 10 (proves the data API answers with this Partner-Id). */
  readonly productCountSample: number
  /** Siigo's `total_results` for products. */
  readonly productTotal: number
}

export class ErpGateway extends Context.Service<ErpGateway, {
  /** Fetches a new token now (whatever is cached) and caches it. */
  readonly authenticate: Effect.Effect<ErpSession, ErpError>
  /** Authenticates afresh and reads one product page. */
  readonly testConnection: Effect.Effect<ErpConnectionCheck, ErpError>

  /** One page of products; `next` comes from Siigo's `_links.next`. */
  readonly listProducts: (cursor: ErpProductCursor) => Effect.Effect<ErpProductPage, ErpError>
  /** Pages from `from` until Siigo has no `_links.next`; stop anywhere and resume from a page's `next`. */
  readonly productPages: (from: ErpProductCursor) => Stream.Stream<ErpProductPage, ErpError>
  readonly getProduct: (id: string) => Effect.Effect<Option.Option<ErpProduct>, ErpError>
  readonly findProductByCode: (code: string) => Effect.Effect<Option.Option<ErpProduct>, ErpError>
  /** Any number of ids (asked 20 at a time, Siigo's `ids` limit). */
  readonly productsByIds: (ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ErpProduct>, ErpError>

  readonly listCustomers: (query: ErpCustomerQuery) => Effect.Effect<ErpPage<ErpCustomer>, ErpError>
  readonly getCustomer: (id: string) => Effect.Effect<Option.Option<ErpCustomer>, ErpError>
  /** The customer with this tax id at `branchOffice` (default 0). */
  readonly findCustomerByIdentification: (
    identification: string,
    branchOffice?: number
  ) => Effect.Effect<Option.Option<ErpCustomer>, ErpError>
  /** Fails with ErpHttpError `already_exists` when the identification and branch office exist. */
  readonly createCustomer: (input: ErpCustomerInput) => Effect.Effect<ErpCustomer, ErpError>
  /**
   * Siigo's PUT replaces the whole record: the adapter reads the current record,
   * applies `changes` and sends the full record, so unchanged fields survive.
   */
  readonly updateCustomer: (id: string, changes: ErpCustomerUpdate) => Effect.Effect<ErpCustomer, ErpError>

  /** All ERP users (`/v1/users`), the possible quotation sellers. */
  readonly listSellers: Effect.Effect<ReadonlyArray<ErpSeller>, ErpError>
  /** `GET /v1/document-types?type=C`. */
  readonly quotationDocumentTypes: Effect.Effect<ReadonlyArray<ErpQuotationDocumentType>, ErpError>
  /**
   * Sends the quotation once, never retried on 5xx or time-out (it may have been
   * created): use `createQuotationOnce` to look before re-sending.
   */
  readonly createQuotation: (request: ErpQuotationRequest) => Effect.Effect<ErpQuotation, ErpError>
  readonly getQuotation: (id: string) => Effect.Effect<Option.Option<ErpQuotation>, ErpError>
  /** Every quotation matching the filters (all pages). */
  readonly findQuotations: (query: ErpQuotationQuery) => Effect.Effect<ReadonlyArray<ErpQuotation>, ErpError>
}>()("@quote/core/ErpGateway") {
  /** The test environment: every call fails with `ErpNotConnected` (503 `ERP_NOT_CONNECTED`). */
  static readonly notConnected: Layer.Layer<ErpGateway> = Layer.sync(ErpGateway, () => {
    const fail = Effect.fail(new ErpNotConnected({ message: "The ERP is not connected in this environment" }))
    return ErpGateway.of({
      authenticate: fail,
      testConnection: fail,
      listProducts: () => fail,
      productPages: () => Stream.fromEffect(fail),
      getProduct: () => fail,
      findProductByCode: () => fail,
      productsByIds: () => fail,
      listCustomers: () => fail,
      getCustomer: () => fail,
      findCustomerByIdentification: () => fail,
      createCustomer: () => fail,
      updateCustomer: () => fail,
      listSellers: fail,
      quotationDocumentTypes: fail,
      createQuotation: () => fail,
      getQuotation: () => fail,
      findQuotations: () => fail
    })
  })
}
