/**
 * Puts the request id on the request's server span, so that a trace, the request's log
 * lines (`requestId`), its `x-request-id` header and an error body's `requestId` all
 * carry the same value.
 *
 * The span exists only when traces are exported (`docs/operations.md`): without
 * `OTEL_EXPORTER_OTLP_ENDPOINT` this is one context lookup per request and nothing else.
 */
import * as Context from "effect/Context"
import * as Tracer from "effect/Tracer"

export const REQUEST_ID_ATTRIBUTE = "http.request.id"

/** Called with the request fiber's context (synchronously: no effect step per request). */
export const labelServerSpan = (context: Context.Context<never>, requestId: string): void => {
  const span = Context.getOrUndefined(context, Tracer.ParentSpan)
  if (span !== undefined && span._tag === "Span" && span.sampled) span.attribute(REQUEST_ID_ATTRIBUTE, requestId)
}
