/**
 * Sending a quotation to Siigo at most once. Siigo has no idempotency key for
 * quotations and a 500 or a time-out may still have created the document, so:
 * look first; create; if the create failed in a way that may have created it, look
 * again. The caller's later retry goes through the same first look, so a quotation
 * that appeared late is found instead of duplicated.
 */
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { ErpGateway } from "./erp-gateway.ts"
import type { ErpQuotation, ErpQuotationRequest } from "./erp-quotation.ts"
import type { ErpError } from "./errors.ts"

export interface ErpQuotationLookup {
  /** Siigo's `created_start`: a moment before the first attempt to send this quotation. */
  readonly createdStart: DateTime.Utc
  /** Siigo's `name` filter (e.g. `C-1-22`), when known. */
  readonly name?: string
  /** Which found quotation is this one; default `isSameQuotation(request)`. */
  readonly matches?: (quotation: ErpQuotation) => boolean
  /** Wait before looking again after a failed create (default 1 second). */
  readonly recheckAfter?: Duration.Input
}

/** `created`: sent now; `existing`: found before sending; `recovered`: the create failed but had created it. */
export type ErpQuotationOutcome = "created" | "existing" | "recovered"

export interface ErpQuotationSent {
  readonly quotation: ErpQuotation
  readonly outcome: ErpQuotationOutcome
}

const lineKey = (code: string, quantity: number, price: number): string => `${code}\u0000${quantity}\u0000${price}`

/**
 * Default match: same customer, seller, date, document type (when Siigo echoes them),
 * observations (when sent) and the same multiset of lines (code, quantity, price).
 * Callers that put a unique marker in `observations` get an exact match.
 */
export const isSameQuotation = (request: ErpQuotationRequest) => (quotation: ErpQuotation): boolean => {
  if (quotation.customer !== null) {
    if (quotation.customer.identification !== request.customer.identification) return false
    if (quotation.customer.branchOffice !== (request.customer.branchOffice ?? 0)) return false
  }
  if (quotation.seller !== null && quotation.seller !== request.seller) return false
  if (quotation.date !== null && quotation.date.slice(0, 10) !== request.date) return false
  if (quotation.documentId !== null && quotation.documentId !== request.documentId) return false
  if (request.observations !== undefined && quotation.observations !== request.observations) return false
  const wanted = request.items.map((item) => lineKey(item.code, item.quantity, item.price)).sort()
  const found = quotation.items.map((item) => lineKey(item.code, item.quantity, item.price)).sort()
  return wanted.length === found.length && wanted.every((key, index) => key === found[index])
}

export const createQuotationOnce = Effect.fn("createQuotationOnce")(function*(
  request: ErpQuotationRequest,
  lookup: ErpQuotationLookup
): Effect.fn.Return<ErpQuotationSent, ErpError, ErpGateway> {
  const erp = yield* ErpGateway
  const matches = lookup.matches ?? isSameQuotation(request)
  const look = erp.findQuotations({
    customerIdentification: request.customer.identification,
    createdStart: lookup.createdStart,
    ...(lookup.name === undefined ? {} : { name: lookup.name })
  }).pipe(Effect.map((found) => Option.fromUndefinedOr(found.find(matches))))

  const before = yield* look
  if (Option.isSome(before)) return { quotation: before.value, outcome: "existing" }

  return yield* erp.createQuotation(request).pipe(
    Effect.map((quotation): ErpQuotationSent => ({ quotation, outcome: "created" })),
    Effect.catchTag("ErpHttpError", (error) =>
      error.mayHaveBeenProcessed
        ? Effect.sleep(lookup.recheckAfter ?? Duration.seconds(1)).pipe(
          Effect.andThen(look),
          Effect.flatMap(Option.match({
            onNone: () => Effect.fail(error),
            onSome: (quotation) => Effect.succeed<ErpQuotationSent>({ quotation, outcome: "recovered" })
          }))
        )
        : Effect.fail(error))
  )
})
