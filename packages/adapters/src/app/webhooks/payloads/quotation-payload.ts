/**
 * The quotation in the `data` of `quotation.*` events, with the comment of
 * `quotation.comment_added`. The quotation is read as the quotation reader reads a
 * `WebQuotation` (`quotation-row.ts`) but its status history, and shaped as the spec's
 * webhook shape (its own key order, `notes` `""` when empty, items without the product
 * id); the comment is the `QuotationComment` view as its JSON.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import type * as SqlClient from "effect/sql/SqlClient"
import { QuotationComment, WebQuotation } from "@quote/core/quotations/views"
import { quotationColumns, quotationErpColumn, quotationItemsColumn, quotationJoins } from "../../quotations/quotation-row.ts"
import { rowsByIds } from "./payload-rows.ts"

// The webhook shape has no status history (the events are the history).
const QuotationPayloadRow = WebQuotation.mapFields(Struct.omit(["statusHistory"]))
type QuotationPayloadRow = typeof QuotationPayloadRow.Type

export const quotationRowsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(QuotationPayloadRow, (ids) =>
    sql`
      select ${sql.literal(quotationColumns)}, ${sql.literal(quotationErpColumn)},
             ${sql.literal(quotationItemsColumn)}
        ${sql.literal(quotationJoins)}
       where q.id = any (${ids}::uuid[])`)

export const commentRowsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(QuotationComment, (ids) =>
    sql`
      select qc.id, qc.text, qc.created_at,
             case when u.id is null then null
                  else json_build_object('id', u.id, 'name', u.name, 'role', u.role) end as author
        from quotation_comments qc left join users u on u.id = qc.author_id
       where qc.id = any (${ids}::uuid[])`)

export const quotationJson = (row: QuotationPayloadRow) => ({
  id: row.id,
  code: row.code,
  status: row.status,
  source: row.source,
  total: row.total,
  notes: row.notes ?? "",
  routeDate: row.routeDate,
  clientId: row.clientId,
  clientName: row.clientName,
  company: row.company,
  branch: row.branch,
  advisor: row.advisor,
  erp: row.erp,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  items: row.items.map(({ productId: _productId, ...item }) => item)
})

/** The comment as the API writes a `QuotationComment`. */
export const commentJson = Schema.encodeSync(Schema.toCodecJson(QuotationComment))
