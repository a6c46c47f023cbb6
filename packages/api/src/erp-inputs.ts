/** Inputs shared by the ERP endpoints: bounded list sizes with their defaults. */
import * as Schema from "effect/Schema"

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
