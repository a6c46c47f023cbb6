/**
 * Puts the request id on the request's server span, so that a trace, the request's log
 * lines (`requestId`), its `x-request-id` header and an error body's `requestId` all
 * carry the same value.
 *
 * The span exists only when traces are exported (`docs/operations.md`): without
 * `OTEL_EXPORTER_OTLP_ENDPOINT` this is one context lookup per request and nothing else.
 */
import { Context, Effect, Tracer } from "effect"

export const REQUEST_ID_ATTRIBUTE = "http.request.id"

export const labelServerSpan = (requestId: string): Effect.Effect<void> =>
  Effect.withFiber((fiber) => {
    const span = Context.getOrUndefined(fiber.context, Tracer.ParentSpan)
    if (span !== undefined && span._tag === "Span" && span.sampled) span.attribute(REQUEST_ID_ATTRIBUTE, requestId)
    return Effect.void
  })
