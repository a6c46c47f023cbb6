/**
 * One attempt to import or export a customer (`erp_customer_operations`, spec
 * `GET /customers/:companyId/history`), in the spec's snake_case. Shared by the service
 * that reads the history and the API that documents it.
 */
import * as Schema from "effect/Schema"

export const CustomerOperation = Schema.Struct({
  id: Schema.String,
  erp_customer_id: Schema.NullOr(Schema.String),
  operation: Schema.Literals(["import", "create", "update"]),
  status: Schema.Literals(["pending", "success", "error"]),
  error_message: Schema.NullOr(Schema.String),
  duration_ms: Schema.NullOr(Schema.Finite),
  created_at: Schema.Date,
  updated_at: Schema.Date,
  triggered_by_name: Schema.NullOr(Schema.String)
})
export type CustomerOperation = typeof CustomerOperation.Type
