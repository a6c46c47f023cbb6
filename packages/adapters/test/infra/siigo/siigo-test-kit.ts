/**
 * Shared set-up for the Siigo tests: a fake Siigo on 127.0.0.1 port 0 and the real
 * adapter (undici HTTP client) pointed at it, with settings in a Ref the test can change.
 */
import { NodeHttpClient } from "@effect/platform-node"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { type ErpSettings, ErpSettingsSource } from "@quote/core/erp/erp-settings"
import { Context, Effect, Layer, Option, Redacted, Ref, Schema, type Scope } from "effect"
import { type FakeSiigoHandle } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { type SiigoGatewayOptions, siigoGatewayLayer } from "../../../src/infra/siigo/siigo-gateway.ts"

export const testPartnerId = "QuoteServiceTest"

export const settingsFor = (fake: FakeSiigoHandle, overrides: Partial<ErpSettings> = {}): ErpSettings => ({
  partnerId: testPartnerId,
  username: fake.credentials.username,
  accessKey: Redacted.make(fake.credentials.accessKey),
  baseUrl: fake.url,
  ...overrides
})

/** Short time-outs and backoff so failing paths stay fast. */
export const fastOptions: SiigoGatewayOptions = {
  requestTimeout: "5 seconds",
  backoffBase: "10 millis",
  backoffMax: "100 millis"
}

export interface TestGateway {
  readonly erp: ErpGateway["Service"]
  readonly settings: Ref.Ref<Option.Option<ErpSettings>>
}

/** The Siigo adapter against `fake`, built in the test's scope. */
export const gatewayFor = (
  fake: FakeSiigoHandle,
  options: { readonly gateway?: SiigoGatewayOptions; readonly settings?: Option.Option<ErpSettings> } = {}
): Effect.Effect<TestGateway, never, Scope.Scope> =>
  Effect.gen(function*() {
    const settings = yield* Ref.make(options.settings ?? Option.some(settingsFor(fake)))
    const layer = siigoGatewayLayer(options.gateway ?? fastOptions).pipe(
      Layer.provide(NodeHttpClient.layerUndici),
      Layer.provide(Layer.succeed(ErpSettingsSource, ErpSettingsSource.fromRef(settings)))
    )
    const context = yield* Layer.build(layer)
    return { erp: Context.get(context, ErpGateway), settings }
  })

/** Calls the fake directly (no adapter), e.g. to check its own rules. */
export const rawCall = (
  fake: FakeSiigoHandle,
  method: string,
  path: string,
  options: { readonly token?: string; readonly partnerId?: string | null; readonly body?: unknown } = {}
): Effect.Effect<{ readonly status: number; readonly body: unknown; readonly headers: Headers }> =>
  Effect.promise(async () => {
    const headers: Record<string, string> = { Accept: "application/json" }
    if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`
    const partnerId = options.partnerId === undefined ? testPartnerId : options.partnerId
    if (partnerId !== null) headers["Partner-Id"] = partnerId
    if (options.body !== undefined) headers["Content-Type"] = "application/json"
    const response = await fetch(`${fake.url}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, headers: response.headers }
  })

/** A token straight from the fake's /auth. */
export const rawToken = (fake: FakeSiigoHandle): Effect.Effect<string> =>
  rawCall(fake, "POST", "/auth", {
    partnerId: null,
    body: { username: fake.credentials.username, access_key: fake.credentials.accessKey }
  }).pipe(Effect.map(({ body }) => Schema.decodeUnknownSync(Schema.Struct({ access_token: Schema.String }))(body).access_token))

export const authCount = (fake: FakeSiigoHandle): number =>
  fake.requestLog.filter((entry) => entry.path === "/auth").length

/** Real time, even inside `it.effect` (whose clock is a TestClock). */
export const realSleep = (ms: number): Effect.Effect<void> =>
  Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
