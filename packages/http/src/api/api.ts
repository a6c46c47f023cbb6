/**
 * The whole HTTP API as one `HttpApi` value, kept apart from its handlers so clients
 * (the chatbot) can derive a typed client from it without pulling in server code.
 */
import { HttpApi, OpenApi } from "effect/http-api"
import { AuthApi } from "./auth.ts"
import { SystemApi } from "./system.ts"

export class QuotationApi extends HttpApi.make("quotation-service")
  .add(SystemApi)
  .add(AuthApi)
  // Report every problem of a request at once, not just the first.
  .annotate(HttpApi.ParseOptions, { errors: "all" })
  .annotate(HttpApi.HeadersParseOptions, {})
  .annotateMerge(OpenApi.annotations({
    title: "Quotation Ordering Service",
    version: "1.0.0",
    description: "B2B quotation ordering: route cutoff windows, server-side pricing, the chatbot integration API, signed webhooks and ERP (Siigo) synchronization. Every error has the body `{error: {code, message, details?}}`."
  }))
{}
