/**
 * The quotation in the `data` of `quotation.*` events, with the comment of
 * `quotation.comment_added`: the row the quotation reader decodes too
 * (`quotation-row.ts`) plus its ERP link, shaped as the spec's payload (`notes` is `""`
 * when empty; items without the product id).
 */
import { Schema } from "effect"
import type { SqlClient } from "effect/sql"
import {
  quotationHeaderColumns,
  quotationItemsColumn,
  quotationJoins,
  QuotationRow
} from "../../quotations/quotation-row.ts"
import { ref, rowsByIds } from "./payload-rows.ts"

const QuotationPayloadRow = Schema.Struct({
  ...QuotationRow.fields,
  erp_quotation_id: Schema.NullOr(Schema.String),
  erp_url: Schema.NullOr(Schema.String)
})
type QuotationPayloadRow = typeof QuotationPayloadRow.Type

const CommentRow = Schema.Struct({
  id: Schema.String,
  text: Schema.String,
  created_at: Schema.Date,
  author_id: Schema.NullOr(Schema.String),
  author_name: Schema.NullOr(Schema.String),
  author_role: Schema.NullOr(Schema.String)
})
type CommentRow = typeof CommentRow.Type

export const quotationRowsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(QuotationPayloadRow, (ids) =>
    sql`
      select ${sql.literal(quotationHeaderColumns)}, q.erp_quotation_id, q.erp_url, ${sql.literal(quotationItemsColumn)}
        ${sql.literal(quotationJoins)}
       where q.id = any (${ids}::uuid[])`)

export const commentRowsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(CommentRow, (ids) =>
    sql`
      select qc.id, qc.text, qc.created_at, u.id as author_id, u.name as author_name, u.role as author_role
        from quotation_comments qc left join users u on u.id = qc.author_id
       where qc.id = any (${ids}::uuid[])`)

export const quotationJson = (row: QuotationPayloadRow) => ({
  id: row.id,
  code: row.code,
  status: row.status,
  source: row.source,
  total: row.total,
  notes: row.notes ?? "",
  routeDate: row.route_date,
  clientId: row.client_id,
  clientName: row.client_name,
  company: ref(row.company_id, row.company_name),
  branch: ref(row.branch_id, row.branch_name),
  advisor: ref(row.advisor_id, row.advisor_name),
  erp: { quotationId: row.erp_quotation_id, url: row.erp_url },
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  items: row.items.map(({ productId: _productId, ...item }) => item)
})

export const commentJson = (row: CommentRow) => ({
  id: row.id,
  text: row.text,
  createdAt: row.created_at.toISOString(),
  author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? "", role: row.author_role ?? "" }
})
