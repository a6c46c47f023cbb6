/**
 * The history of customer imports and exports (`erp_customer_operations`): each attempt
 * is recorded by the import or the export, and read back newest first (the last 50).
 */
import type * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { CustomerOperation } from "@quote/core/erp/erp-customer-operation"
import { CompanyId, type UserId } from "@quote/core/shared/ids"

export interface CustomerOperationRecord {
  readonly companyId: CompanyId
  readonly erpCustomerId: string | null
  readonly operation: CustomerOperation["operation"]
  readonly status: "success" | "error"
  readonly errorMessage: string | null
  readonly durationMs: number
  readonly triggeredBy: UserId | null
}

export const recordCustomerOperation = (sql: SqlClient.SqlClient, operation: CustomerOperationRecord) =>
  sql`insert into erp_customer_operations ${
    sql.insert({
      company_id: operation.companyId,
      erp_customer_id: operation.erpCustomerId,
      operation: operation.operation,
      status: operation.status,
      error_message: operation.errorMessage,
      duration_ms: Math.round(operation.durationMs),
      triggered_by: operation.triggeredBy
    })
  }`

/**
 * A company's operations, newest first, with the name of who triggered each. The spec
 * shows them in snake_case, the stored names: read without the camelCase transform.
 */
export const customerOperationsOf = (sql: SqlClient.SqlClient) => {
  const storedNames = sql.withoutTransforms()
  return SqlSchema.findAll({
    Request: CompanyId,
    Result: CustomerOperation,
    execute: (companyId) =>
      storedNames`select o.id, o.erp_customer_id, o.operation, o.status, o.error_message, o.duration_ms,
                         o.created_at, o.updated_at, u.name as triggered_by_name
                    from erp_customer_operations o left join users u on u.id = o.triggered_by
                   where o.company_id = ${companyId}
                   order by o.created_at desc, o.id desc limit 50`
  })
}
