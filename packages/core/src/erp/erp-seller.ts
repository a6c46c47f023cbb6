/** An ERP user (Siigo `GET /v1/users`): its numeric `id` is the quotation's `seller`. */
import * as Schema from "effect/Schema"

export const ErpSeller = Schema.Struct({
  id: Schema.Int,
  username: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  identification: Schema.NullOr(Schema.String)
})
export type ErpSeller = typeof ErpSeller.Type
