/**
 * `npm run fake-erp`: a fake Siigo for local development. Environment:
 * FAKE_ERP_PORT (default 4010), FAKE_ERP_HOST (127.0.0.1), FAKE_ERP_PRODUCTS (2,000),
 * FAKE_ERP_RATE_LIMIT (requests per minute, none by default), FAKE_ERP_DELAY_MS (0),
 * FAKE_ERP_TOKEN_LIFETIME (seconds, 86,400), FAKE_ERP_USERNAME / FAKE_ERP_ACCESS_KEY
 * (the credentials it accepts); the variance of its answers: FAKE_ERP_MAX_PAGE_SIZE (25,
 * so every list spans pages whatever the client asks), FAKE_ERP_LOOKUPS (`array` as
 * documented, or `list`), FAKE_ERP_DISCOUNTS (`mixed`, `number`, `object`,
 * `value-object`), FAKE_ERP_UNKNOWN_FIELDS (true).
 */
import { NodeRuntime } from "@effect/platform-node"
import * as Config from "effect/Config"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { defaultFakeCredentials, FakeSiigo } from "./fake-siigo.ts"

const settings = Config.all({
  port: Config.Port("FAKE_ERP_PORT").pipe(Config.withDefault(4010)),
  host: Config.String("FAKE_ERP_HOST").pipe(Config.withDefault("127.0.0.1")),
  products: Config.Int("FAKE_ERP_PRODUCTS").pipe(Config.withDefault(2_000)),
  rateLimit: Config.option(Config.Int("FAKE_ERP_RATE_LIMIT")),
  delayMs: Config.Int("FAKE_ERP_DELAY_MS").pipe(Config.withDefault(0)),
  tokenLifetimeSeconds: Config.Int("FAKE_ERP_TOKEN_LIFETIME").pipe(Config.withDefault(86_400)),
  username: Config.String("FAKE_ERP_USERNAME").pipe(Config.withDefault(defaultFakeCredentials.username)),
  accessKey: Config.String("FAKE_ERP_ACCESS_KEY").pipe(Config.withDefault(defaultFakeCredentials.accessKey)),
  maxPageSize: Config.Int("FAKE_ERP_MAX_PAGE_SIZE").pipe(Config.withDefault(25)),
  lookups: Config.Literals(["array", "list"], "FAKE_ERP_LOOKUPS").pipe(Config.withDefault("array" as const)),
  discountShape: Config.Literals(["mixed", "number", "object", "value-object"], "FAKE_ERP_DISCOUNTS").pipe(
    Config.withDefault("mixed" as const)
  ),
  unknownFields: Config.Boolean("FAKE_ERP_UNKNOWN_FIELDS").pipe(Config.withDefault(true))
})

const program = Effect.gen(function*() {
  const config = yield* settings
  const fake = yield* FakeSiigo.scoped({
    port: config.port,
    host: config.host,
    products: config.products,
    delayMs: config.delayMs,
    tokenLifetimeSeconds: config.tokenLifetimeSeconds,
    credentials: { username: config.username, accessKey: config.accessKey },
    variance: {
      maxPageSize: config.maxPageSize,
      lookups: config.lookups,
      discountShape: config.discountShape,
      unknownFields: config.unknownFields
    },
    ...Option.match(config.rateLimit, {
      onNone: () => ({}),
      onSome: (requests) => ({ rateLimit: { requests } })
    })
  })
  yield* Console.log(
    [
      `Fake Siigo listening on ${fake.url}`,
      `  ${fake.state.products.length} products, ${fake.state.customers.length} customers, ` +
      `${fake.state.users.length} users, quotation document type ${fake.state.documentTypes[0]?.id}`,
      `  pages of at most ${fake.state.variance.maxPageSize}, lookups as ${fake.state.variance.lookups === "list" ? "paginated lists" : "plain arrays"}, ` +
      `discounts ${fake.state.variance.discountShape}, unknown fields ${fake.state.variance.unknownFields ? "on" : "off"}`,
      `  username:   ${fake.credentials.username}`,
      `  access key: ${fake.credentials.accessKey}  (fake credentials, accepted only by this server)`,
      `  Partner-Id: 3–100 letters or digits, e.g. QuoteService`,
      `  Stop with Ctrl-C.`
    ].join("\n")
  )
  return yield* Effect.never
}).pipe(Effect.scoped)

NodeRuntime.runMain(program)
