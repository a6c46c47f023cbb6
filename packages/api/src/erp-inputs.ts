/** Inputs shared by the ERP endpoints: non-blank text and bounded list sizes with their defaults. */
import { Schema } from "effect"

export const NonBlank = Schema.Trim.check(Schema.isNonEmpty({ message: "must not be blank" }), Schema.isMaxLength(500))

/** An optional `limit`-like query parameter of 1 to `max`, documented with its default. */
export const limitQuery = (max: number, fallback: number) =>
  Schema.optional(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: max })).annotate({
      description: `Default ${fallback}, at most ${max}`
    })
  )

export const erpLimits = {
  logs: { fallback: 50, max: 200 },
  customersPage: { fallback: 25, max: 100 },
  localCustomers: { fallback: 100, max: 500 }
} as const
