/**
 * Shared set-up of the ERP integration tests (unit tests here and black-box tests in
 * `test/erp*.test.ts`): a fake Siigo, the ERP services connected to it on a test
 * database, and SQL fixtures (quotations are inserted directly, as the data model allows).
 */
import { Context, Duration, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { AppConfig, type AppSettings } from "@quote/core/shared/app-config"
import { erpConnectionLayer, ErpServices } from "../../../src/live/erp-live.ts"
import { ErpSettingsStore } from "../../../src/app/erp/erp-settings-store.ts"
import { ErpPushOptions } from "../../../src/app/erp/quotations/quotation-push.ts"
import { ErpSyncOptions, type ErpSyncSettings } from "../../../src/app/erp/product-sync.ts"
import { FakeSiigo, type FakeSiigoHandle, type FakeSiigoOptions } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import type { SiigoGatewayOptions } from "../../../src/infra/siigo/siigo-gateway.ts"

export const testPartnerId = "QuoteServiceTest"

/** Short time-outs and backoff so failing paths stay fast. */
export const fastSiigo: SiigoGatewayOptions = {
  requestTimeout: "5 seconds",
  backoffBase: "10 millis",
  backoffMax: "100 millis"
}

export const defaultSyncSettings: ErpSyncSettings = {
  timeBudget: Duration.minutes(4),
  pageSize: 100,
  staleAfter: Duration.minutes(30),
  incrementalMargin: Duration.minutes(5)
}

/** The fake Siigo a test runs against (provided next to the services). */
export class FakeErp extends Context.Service<FakeErp, FakeSiigoHandle>()("@quote/test/FakeErp") {}

export interface ConnectedErpOptions {
  readonly fake?: FakeSiigoOptions
  /** Use this running fake instead of starting one (a second "process" on the same ERP). */
  readonly reuse?: FakeSiigoHandle
  readonly siigo?: SiigoGatewayOptions
  readonly sync?: Partial<ErpSyncSettings>
}

/**
 * What turns a test-environment application into one connected to the fake: the
 * `ErpConnection` override plus fast tuning. Provide it to the server (or services)
 * layer; `FakeErp` is added to the output.
 */
export const connectedToFake = (options: ConnectedErpOptions = {}) =>
  Effect.gen(function*() {
    const fake = options.reuse ?? (yield* FakeSiigo.scoped({ products: 50, ...options.fake }))
    const overrides = Layer.mergeAll(
      erpConnectionLayer({ mode: "siigo", siigo: { ...fastSiigo, ...options.siigo } }),
      Layer.succeed(ErpSyncOptions, { ...defaultSyncSettings, ...options.sync }),
      Layer.succeed(ErpPushOptions, {
        recheckAfter: Duration.millis(50),
        claimTimeout: Duration.minutes(15),
        lookupMargin: Duration.minutes(10)
      })
    )
    return { fake, overrides }
  })

/**
 * The ERP services (no schedule) on the current database, connected to a new fake,
 * with its settings stored. Needs `SqlClient`; provides `AppConfig` (test settings).
 */
export const erpServicesOnFake = (options: ConnectedErpOptions & { readonly config?: Partial<AppSettings> } = {}) =>
  Layer.unwrap(
    Effect.gen(function*() {
      const { fake, overrides } = yield* connectedToFake(options)
      const services = ErpServices.pipe(
        Layer.provideMerge(AppConfig.layerTest(options.config)),
        Layer.provide(overrides)
      )
      const configured = Layer.effectDiscard(storeFakeSettings(fake)).pipe(Layer.provideMerge(services))
      return Layer.merge(configured, Layer.succeed(FakeErp, fake))
    })
  )

/** Saves the fake's URL and credentials as the ERP settings. */
export const storeFakeSettings = (fake: FakeSiigoHandle) =>
  Effect.gen(function*() {
    const store = yield* ErpSettingsStore
    yield* store.update(
      { partnerId: testPartnerId, username: fake.credentials.username, accessKey: fake.credentials.accessKey, baseUrl: fake.url },
      null
    )
  })

/** The settings body of `PUT /api/integrations/erp/settings` for a fake. */
export const fakeSettingsBody = (fake: FakeSiigoHandle) => ({
  partnerId: testPartnerId,
  username: fake.credentials.username,
  accessKey: fake.credentials.accessKey,
  baseUrl: fake.url
})

/** Real time, even inside `it.effect` (whose clock is a TestClock). */
export const realSleep = (ms: number): Effect.Effect<void> =>
  Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/** A unique suffix for test data (NITs, names). */
export const unique = (): string => `${Date.now() % 100_000_000}${Math.floor(Math.random() * 90 + 10)}`

// ---------------------------------------------------------------------------------------
// SQL fixtures

export interface QuotationLine {
  readonly productId: string | null
  readonly sku: string
  readonly name?: string
  readonly quantity: number
  readonly unitPrice: number
}

/**
 * A company (found by NIT or created) with a new branch whose advisor has
 * `advisorSellerId`, a client and a quotation with `lines`, inserted directly.
 */
export const insertQuotation = (options: {
  readonly nit: string
  readonly clientNit?: string
  readonly lines: ReadonlyArray<QuotationLine>
  readonly advisorSellerId?: number | null
  readonly notes?: string
}) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const suffix = unique()
    const [advisor] = yield* sql<{ readonly id: string }>`
      insert into users (name, email, password_hash, role, erp_seller_id)
      values (${`Asesor ${suffix}`}, ${`asesor-${suffix}@example.com`}, 'x', 'advisor', ${options.advisorSellerId ?? null})
      returning id`
    // NITs are unique: quotations of one NIT share its company.
    const [company] = yield* sql<{ readonly id: string }>`
      insert into companies (name, nit, email, address) values (${`Empresa ${suffix} S.A.S.`}, ${options.nit},
        ${`compras-${suffix}@example.com`}, 'Calle 1 # 2-3')
      on conflict (nit) do update set nit = excluded.nit returning id`
    const [branch] = yield* sql<{ readonly id: string }>`
      insert into branches (company_id, name, city, advisor_id) values (${company!.id}, 'Sede', 'Medellín', ${advisor!.id})
      returning id`
    const [client] = yield* sql<{ readonly id: string }>`
      insert into clients (name, nit, company_id, branch_id) values (${`Cliente ${suffix}`},
        ${options.clientNit ?? `NIT-${suffix}`}, ${company!.id}, ${branch!.id}) returning id`
    const total = options.lines.reduce((sum, line) => sum + Math.round(line.quantity * line.unitPrice), 0)
    const [quotation] = yield* sql<{ readonly id: string; readonly code: string }>`
      insert into quotations (status, source, total, notes, client_id, company_id, branch_id, advisor_id)
      values ('pending', 'web', ${total}, ${options.notes ?? null}, ${client!.id}, ${company!.id}, ${branch!.id},
        ${advisor!.id})
      returning id, code`
    for (const [position, line] of options.lines.entries()) {
      yield* sql`insert into quotation_items ${
        sql.insert({
          quotation_id: quotation!.id,
          position,
          product_id: line.productId,
          sku: line.sku,
          name: line.name ?? line.sku,
          quantity: line.quantity,
          unit_price: line.unitPrice,
          price_type: "price_list",
          subtotal: Math.round(line.quantity * line.unitPrice)
        })
      }`
    }
    return {
      quotationId: quotation!.id,
      code: quotation!.code,
      companyId: company!.id,
      clientId: client!.id,
      advisorId: advisor!.id
    }
  }).pipe(Effect.orDie)

/** Local products with an ERP id (after a sync), by SKU. */
export const syncedProducts = (limit: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<{ readonly id: string; readonly sku: string; readonly erpId: string; readonly name: string }>`
      select id, sku, erp_id, name from products where erp_id is not null and active order by sku limit ${limit}`
  }).pipe(Effect.orDie)


/**
 * `layer` connected to a new fake Siigo through the `ErpConnection` override (plus fast
 * tuning), with `FakeErp` added: e.g. `connectedTo(TestServer.layer())` for black-box tests.
 */
export const connectedTo = <A, E, R>(layer: Layer.Layer<A, E, R>, options: ConnectedErpOptions = {}) =>
  Layer.unwrap(
    Effect.map(connectedToFake(options), ({ fake, overrides }) =>
      Layer.merge(layer, Layer.succeed(FakeErp, fake)).pipe(Layer.provide(overrides)))
  )
