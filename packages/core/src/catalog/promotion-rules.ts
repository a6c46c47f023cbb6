/**
 * The shape rules of a promotion, checked on the complete promotion a create or an
 * update would leave (pure; the service adds the existence checks):
 *
 * - `specific` needs at least one client in `clientIds`; `general` takes none (a general
 *   promotion applies to every client, so client ids there are a mistake, not a no-op);
 * - `endsAt`, when set, is after `startsAt` (the period is [startsAt, endsAt)).
 */
import * as Result from "effect/Result"
import { ValidationError } from "../shared/errors.ts"
import type { PromotionKind } from "../pricing/pricing.ts"

export interface PromotionShape {
  readonly kind: PromotionKind
  readonly startsAt: Date
  readonly endsAt: Date | null
  readonly clientIds: ReadonlyArray<string>
}

export const checkPromotionShape = (promotion: PromotionShape): Result.Result<PromotionShape, ValidationError> => {
  if (promotion.kind === "specific" && promotion.clientIds.length === 0) {
    return Result.fail(
      new ValidationError({
        message: "A specific promotion needs clientIds: the clients it applies to",
        details: { field: "clientIds" }
      })
    )
  }
  if (promotion.kind === "general" && promotion.clientIds.length > 0) {
    return Result.fail(
      new ValidationError({
        message: "clientIds is only for specific promotions; a general one applies to every client",
        details: { field: "clientIds" }
      })
    )
  }
  if (promotion.endsAt !== null && promotion.endsAt.getTime() <= promotion.startsAt.getTime()) {
    return Result.fail(
      new ValidationError({
        message: "endsAt must be after startsAt",
        details: { field: "endsAt", startsAt: promotion.startsAt.toISOString(), endsAt: promotion.endsAt.toISOString() }
      })
    )
  }
  return Result.succeed(promotion)
}
