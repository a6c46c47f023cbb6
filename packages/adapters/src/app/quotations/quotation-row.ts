/**
 * A quotation as stored, with the names of its client, company, branch and advisor and
 * its items in order: the one row shape (and the SQL that reads it) that the quotation
 * reader and the webhook payloads both decode. Each adds its own columns (the reader an
 * item count, the payloads the ERP link). A deleted company, branch or advisor reads as
 * null ids and names; an item whose product was deleted keeps its snapshot, with a null
 * `productId`.
 */
import { Schema } from "effect"
import { QuotationStatus } from "@quote/core/quotation-status"

export const QuotationItemRow = Schema.Struct({
  productId: Schema.NullOr(Schema.String),
  sku: Schema.String,
  name: Schema.String,
  quantity: Schema.Number,
  unitPrice: Schema.Number,
  priceType: Schema.Literals(["promotion", "price_list"]),
  subtotal: Schema.Number
})

/** The quotation's own columns and its parties' ids and names. */
export const quotationHeaderFields = {
  id: Schema.String,
  code: Schema.String,
  status: QuotationStatus,
  source: Schema.Literals(["web", "chat"]),
  total: Schema.Number,
  notes: Schema.NullOr(Schema.String),
  route_date: Schema.NullOr(Schema.String),
  client_id: Schema.String,
  client_name: Schema.String,
  company_id: Schema.NullOr(Schema.String),
  company_name: Schema.NullOr(Schema.String),
  branch_id: Schema.NullOr(Schema.String),
  branch_name: Schema.NullOr(Schema.String),
  advisor_id: Schema.NullOr(Schema.String),
  advisor_name: Schema.NullOr(Schema.String),
  created_at: Schema.Date,
  updated_at: Schema.Date
}

export const QuotationRow = Schema.Struct({ ...quotationHeaderFields, items: Schema.Array(QuotationItemRow) })
export type QuotationRow = typeof QuotationRow.Type

/** `quotationHeaderFields` in SQL, over `quotationJoins`. */
export const quotationHeaderColumns = `q.id, q.code, q.status, q.source, q.total, q.notes, q.route_date,
  q.client_id, c.name as client_name, co.id as company_id, co.name as company_name,
  b.id as branch_id, b.name as branch_name, a.id as advisor_id, a.name as advisor_name,
  q.created_at, q.updated_at`

/** `items` in SQL: the quotation's items as JSON, in their order. */
export const quotationItemsColumn = `coalesce((
    select json_agg(json_build_object(
             'productId', i.product_id, 'sku', i.sku, 'name', i.name, 'quantity', i.quantity,
             'unitPrice', i.unit_price, 'priceType', i.price_type, 'subtotal', i.subtotal
           ) order by i.position, i.created_at, i.id)
      from quotation_items i where i.quotation_id = q.id
  ), '[]'::json) as items`

/** The quotation `q` and its parties: client `c`, company `co`, branch `b`, advisor `a`. */
export const quotationJoins = `from quotations q
  join clients c on c.id = q.client_id
  left join companies co on co.id = q.company_id
  left join branches b on b.id = q.branch_id
  left join users a on a.id = q.advisor_id`
