/**
 * A 200 success body encoded with the endpoint's own schema straight to a JSON response.
 *
 * HttpApi encodes a handler's plain value through a generic response codec (a union of
 * every success schema of the endpoint, transformed into an `HttpServerResponse`), which
 * costs several times the encoding itself. The hot integration endpoints return the
 * response built here instead: the same schema, the same bytes and content type, and
 * still the declaration in `@quote/api` for OpenAPI. A value the schema rejects is a defect,
 * as it is in HttpApi's own encoder.
 *
 * With `sameValueSameBody`, the encoding of a value is remembered for as long as the
 * value lives: for services that hand out one immutable object many times (the
 * integration cutoff status).
 */
import * as Schema from "effect/Schema"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

export const jsonResponder = <S extends Schema.Top & { readonly EncodingServices: never }>(
  schema: S,
  options?: { readonly sameValueSameBody?: boolean }
) => {
  const encode = Schema.encodeSync(Schema.toCodecJson(schema))
  const bodies = options?.sameValueSameBody === true ? new WeakMap<object, string>() : undefined
  const bodyOf = (value: S["Type"]): string => {
    if (bodies === undefined || typeof value !== "object" || value === null) return JSON.stringify(encode(value))
    let body = bodies.get(value)
    if (body === undefined) {
      body = JSON.stringify(encode(value))
      bodies.set(value, body)
    }
    return body
  }
  return (value: S["Type"]): HttpServerResponse.HttpServerResponse =>
    HttpServerResponse.text(bodyOf(value), { contentType: "application/json" })
}
