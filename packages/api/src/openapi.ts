/**
 * The OpenAPI 3.1 document of the whole API, derived from the definition alone: what the
 * server serves at `/api/openapi.json`, available to a consumer without a server (code
 * generation, contract checks).
 */
import * as OpenApi from "effect/http-api/OpenApi"
import { QuotationApi } from "./api.ts"

let document: OpenApi.OpenAPISpec | undefined

/** Built once, on first use; treat it as read-only. */
export const openApiDocument = (): OpenApi.OpenAPISpec => (document ??= OpenApi.fromApi(QuotationApi))
