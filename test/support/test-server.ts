/**
 * Black-box test harness: the real HTTP server, started in this process on a free port
 * over a fresh migrated database (PGlite by default, PostgreSQL when TEST_DATABASE_URL
 * is set), spoken to over real HTTP with `fetch`.
 *
 * ```ts
 * layer(TestServer.layer())("users", (it) => {
 *   it.effect("admin lists users", () => Effect.gen(function*() {
 *     const server = yield* TestServer
 *     const admin = yield* server.login(testUsers.admin)
 *     const res = yield* server.request("GET", "/api/users", { token: admin })
 *     assert.strictEqual(res.status, 200)
 *   }))
 * })
 * ```
 *
 * One server (and one database) per `layer(...)` block: share it across the block's
 * tests and make each test's data unique (random names, NITs, e-mails) instead of
 * relying on an empty database.
 *
 * Every answer `request` and `api` receive is checked against the OpenAPI document the
 * server serves (`contract-validation.ts` has the rules): an answer it does not describe
 * fails the test with the operation, the status and what differs.
 */
import { assert } from "@effect/vitest"
import { Clock, Context, Effect, Layer, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { FetchHttpClient, HttpClient, HttpClientRequest, type HttpClientResponse, HttpServer } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { QuotationApi } from "@quote/api/api"
import { type CodedErrorClass, errorEnvelope } from "@quote/api/error-envelope"
import { AppConfig, type AppSettings } from "@quote/core/shared/app-config"
import { adminEmail, advisorEmail, clientUserEmail } from "@quote/adapters/dev/seed/scenario-data"
import { seedScenarios, type SeedScenariosSummary } from "@quote/adapters/dev/seed/scenarios"
import { TestDatabase } from "@quote/adapters/dev/test-database/test-database"
import { DatabaseNotifications } from "@quote/adapters/infra/database/notifications"
import { NOTIFICATION_POLL_MILLIS } from "@quote/adapters/infra/database/postgres"
import { serveOn } from "@quote/http/server"
import { checkAnswer, servedContract, validatingClient } from "./contract-validation.ts"

/** Logins of the seeded scenarios (the harness seeds with these passwords). */
export const testUsers = {
  admin: { email: adminEmail, password: "admin-password" },
  advisor: { email: advisorEmail, password: "user-password" },
  client: { email: clientUserEmail, password: "user-password" }
} as const

export interface TestResponse {
  readonly status: number
  readonly headers: Headers
  /** The parsed JSON body, or `undefined` when the body is empty or not JSON. */
  readonly body: unknown
  readonly text: string
}

/** The typed client of the whole contract (`@quote/api`), as an integrator derives it. */
export type ApiClient = HttpApiClient.ForApi<typeof QuotationApi>

export interface RequestOptions {
  /** Sent as JSON unless `rawBody` is given. */
  readonly body?: unknown
  readonly rawBody?: string
  /** A session token or an API key, sent as `Authorization: Bearer …`. */
  readonly token?: string
  readonly headers?: Record<string, string>
}

/**
 * The real clock, moved so that "now" is whatever a test sets. Time keeps flowing and
 * background work (dispatchers, timers) keeps real time, unlike a `TestClock` jump,
 * which would replay every periodic wake-up in between.
 */
export const movableClock = (startAt?: string) => {
  const live = Clock.Clock.defaultValue()
  let offsetMillis = startAt === undefined ? 0 : Date.parse(startAt) - live.currentTimeMillisUnsafe()
  const millis = () => live.currentTimeMillisUnsafe() + offsetMillis
  const nanos = () => live.currentTimeNanosUnsafe() + BigInt(offsetMillis) * 1_000_000n
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe: millis,
    currentTimeMillis: Effect.sync(millis),
    currentTimeNanosUnsafe: nanos,
    currentTimeNanos: Effect.sync(nanos),
    monotonicTimeNanosUnsafe: () => live.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: live.monotonicTimeNanos,
    sleep: (duration) => live.sleep(duration)
  }
  return {
    clock,
    layer: Layer.succeed(Clock.Clock, clock),
    /** Moves "now" to `iso`; log in after it, since session tokens carry the time. */
    setNow: (iso: string) =>
      Effect.sync(() => {
        offsetMillis = Date.parse(iso) - live.currentTimeMillisUnsafe()
      })
  }
}

/**
 * A weekday mid-morning in Bogotá: every seeded route behaves as documented (always
 * open: open; almost closed: closed; promotions active), far from the 23:59 and
 * Saturday-midnight edges a real-clock test could hit.
 */
export const ordinaryBusinessHour = "2026-11-18T10:00:00-05:00"

export interface TestServerOptions {
  /** Load CONTRACT.md's test scenarios into the database first (default true). */
  readonly seed?: boolean
  /**
   * Run the server on the real clock moved to this instant (use with
   * `layer(…, {excludeTestServices: true})`); without it the server runs on whatever
   * clock the test provides.
   */
  readonly startAt?: string
  /** Settings overriding `AppConfig.layerTest`'s. */
  readonly config?: Partial<AppSettings>
  /**
   * Wake the server's background work by polling instead of `LISTEN`, as it runs behind a
   * transaction pooler without `DATABASE_DIRECT_URL` (docs/operations.md).
   */
  readonly pollNotifications?: boolean
}

export class TestServer extends Context.Service<TestServer, {
  readonly url: string
  readonly seed: SeedScenariosSummary | undefined
  readonly request: (method: string, path: string, options?: RequestOptions) => Effect.Effect<TestResponse>
  /**
   * The typed `HttpApiClient` of `QuotationApi` against this server, sending `token` (a
   * session token or an API key) as `Authorization: Bearer …`. Tests of behaviour call
   * through it: requests are encoded and answers decoded by the contract's own schemas,
   * and a declared error comes back as its class (`Effect.flip` to assert on it). Tests of
   * the wire (status lines, headers, malformed input) keep `request`.
   */
  readonly api: (token?: string) => Effect.Effect<ApiClient>
  /** Logs in and returns the access token; fails the test on a non-200. */
  readonly login: (credentials: { readonly email: string; readonly password: string }) => Effect.Effect<string>
}>()("@quote/test/TestServer") {
  static readonly layer = (options: TestServerOptions = {}) =>
    Layer.effect(
      TestServer,
      Effect.gen(function*() {
        const server = yield* HttpServer.HttpServer
        const address = server.address
        if (address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected a TCP server"))
        const url = `http://127.0.0.1:${address.port}`
        const contract = yield* Effect.promise(() => servedContract(url))
        const seed = options.seed === false
          ? undefined
          : yield* seedScenarios({ adminPassword: testUsers.admin.password, userPassword: testUsers.client.password })

        const request = (method: string, path: string, requestOptions: RequestOptions = {}) =>
          Effect.promise(async (): Promise<TestResponse> => {
            const headers: Record<string, string> = { ...requestOptions.headers }
            if (requestOptions.token !== undefined) headers.authorization = `Bearer ${requestOptions.token}`
            let body: string | undefined = requestOptions.rawBody
            if (body === undefined && requestOptions.body !== undefined) {
              body = JSON.stringify(requestOptions.body)
              headers["content-type"] ??= "application/json"
            }
            const response = await fetch(`${url}${path}`, {
              method,
              headers,
              redirect: "manual",
              ...(body === undefined ? {} : { body })
            })
            const text = await response.text()
            let parsed: unknown = undefined
            try {
              parsed = text === "" ? undefined : JSON.parse(text)
            } catch {
              parsed = undefined
            }
            return { status: response.status, headers: response.headers, body: parsed, text }
          }).pipe(Effect.tap((response) =>
            checkAnswer(contract, {
              method,
              url: path,
              status: response.status,
              contentType: response.headers.get("content-type"),
              text: response.text
            })
          ))

        const login = (credentials: { readonly email: string; readonly password: string }) =>
          Effect.flatMap(request("POST", "/api/auth/login", { body: credentials }), (response) => {
            const body = response.body
            return response.status === 200 && typeof body === "object" && body !== null && "accessToken" in body &&
                typeof body.accessToken === "string"
              ? Effect.succeed(body.accessToken)
              : Effect.die(new Error(`login of ${credentials.email} failed: ${response.status} ${response.text}`))
          })

        const api = (token?: string) =>
          HttpApiClient.make(QuotationApi, {
            baseUrl: url,
            transformClient: (client) =>
              validatingClient(contract)(
                token === undefined ? client : HttpClient.mapRequest(client, HttpClientRequest.bearerToken(token))
              )
          }).pipe(Effect.provide(FetchHttpClient.layer))

        return TestServer.of({ url, seed, request, api, login })
      })
    ).pipe(
      Layer.provideMerge(serveOn(0)),
      Layer.provideMerge(
        options.pollNotifications === true ? DatabaseNotifications.layerPolling(NOTIFICATION_POLL_MILLIS) : Layer.empty
      ),
      Layer.provideMerge(AppConfig.layerTest(options.config)),
      Layer.provideMerge(TestDatabase.layer),
      options.startAt === undefined ? (layer) => layer : Layer.provide(movableClock(options.startAt).layer)
    )
}

/** Asserts an error answer: its status and its envelope's `error.code` (the body in the message). */
export const expectError = (response: TestResponse, status: number, code: string): void => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code, response.text)
}

/** A word no other test uses (10 random hex digits), for names, tax ids and e-mails. */
export const uniqueTag = (): string => randomUUID().replaceAll("-", "").slice(0, 10)

/** An e-mail address no other test uses: `<label>-<8 random hex>@example.com`. */
export const uniqueEmail = (label: string): string => `${label}-${randomUUID().slice(0, 8)}@example.com`

/** The webhook events recorded for one entity, oldest first (type and changed fields). */
export const entityEvents = Effect.fn(function*(entityId: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  return yield* sql<{ type: string; changes: ReadonlyArray<string> }>`
    select type, changes from webhook_events where entity_id = ${entityId} order by seq`.pipe(Effect.orDie)
})

/** The `error.code` of an envelope body, for assertions. */
export const errorCode = (response: TestResponse): string | undefined => {
  const body = response.body
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined
  const error = body.error
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined
}

/**
 * The error an error answer carries, decoded from its envelope by the contract's schema
 * of `errorClass`: the body must be that class's envelope (its `error.code`, and
 * `details` with no field the class does not declare). For tests of the wire that also
 * read the envelope's `message` or `details`; the status stays theirs to assert.
 */
export const errorOf = <C extends CodedErrorClass>(response: TestResponse, errorClass: C): C["Type"] =>
  Schema.decodeUnknownSync(Schema.toCodecJson(errorEnvelope(errorClass)))(response.body, { onExcessProperty: "error" })

/**
 * The body of a `request` answer decoded by `schema` (a contract schema, or a struct of
 * the fields the test reads), for the requests the typed client cannot make (fields the
 * contract does not declare, malformed input) whose answer the test still reads.
 */
export const bodyOf = <T, E>(response: TestResponse, schema: Schema.Codec<T, E>): T =>
  Schema.decodeUnknownSync(Schema.toCodecJson(schema))(response.body)

const WireObject = Schema.Record(Schema.String, Schema.Unknown)

const isTestResponse = (response: TestResponse | HttpClientResponse.HttpClientResponse): response is TestResponse =>
  typeof response.text === "string"

const wireBody = (response: TestResponse | HttpClientResponse.HttpClientResponse): Effect.Effect<unknown> =>
  isTestResponse(response) ? Effect.succeed(response.body) : Effect.orDie(response.json)

/**
 * An answer's JSON object exactly as the wire has it (nothing stripped or decoded), for
 * the assertions about its fields that a decoded value cannot make (which keys there
 * are, that a secret is absent). Takes a `request` answer, or the response of a typed
 * call made with `responseMode: "decoded-and-response"`.
 */
export const wireObject = (response: TestResponse | HttpClientResponse.HttpClientResponse) =>
  Effect.flatMap(wireBody(response), (body) => Effect.orDie(Schema.decodeUnknownEffect(WireObject)(body)))

/** The `items` (or another array field) of an answer exactly as the wire has them (see `wireObject`). */
export const wireItems = (response: TestResponse | HttpClientResponse.HttpClientResponse, field = "items") =>
  Effect.flatMap(wireBody(response), (body) =>
    Effect.orDie(
      Effect.map(
        Schema.decodeUnknownEffect(Schema.Struct({ [field]: Schema.Array(WireObject) }))(body),
        (list): ReadonlyArray<Readonly<Record<string, unknown>>> => list[field] ?? []
      )
    ))

export { SqlClient }
