/**
 * A quotation as `WebQuotation` and a comment as `QuotationComment`
 * (`@quote/core/quotations/views`) in SQL, read alike by the quotation services and the
 * webhook payloads. A quotation: its columns, the names of its client, company, branch
 * and advisor, its ERP link, and its items in order (the list adds an item count). The columns are the views' fields (the client names results in camelCase),
 * so a row decodes straight into the view. A deleted company, branch, advisor or author
 * reads as `null`; an item whose product was deleted keeps its snapshot, with a null
 * `productId`.
 */

/** `{id, name}` of a left-joined party, `null` when there is none. */
const party = (alias: string) =>
  `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.name) end`

/** The view's fields but `items`, over `quotationJoins`. */
export const quotationColumns = `q.id, q.code, q.status, q.source, q.total, q.notes, q.route_date,
  q.client_id, c.name as client_name, ${party("co")} as company, ${party("b")} as branch, ${party("a")} as advisor,
  q.created_at, q.updated_at`

/** `erp` in SQL: the ERP's document id and link, both null until a successful send. */
export const quotationErpColumn = `json_build_object('quotationId', q.erp_quotation_id, 'url', q.erp_url) as erp`

/** `items` in SQL: the quotation's items as JSON, in their order (keys already the view's). */
export const quotationItemsColumn = `coalesce((
    select json_agg(json_build_object(
             'productId', i.product_id, 'sku', i.sku, 'name', i.name, 'quantity', i.quantity,
             'unitPrice', i.unit_price, 'priceType', i.price_type, 'subtotal', i.subtotal
           ) order by i.position, i.created_at, i.id)
      from quotation_items i where i.quotation_id = q.id
  ), '[]'::json) as items`

/**
 * `statusHistory` in SQL: the quotation's entries of `quotation_status_history`, oldest
 * first, each with its user as `{id, name}` (null when there is none). JSON, so
 * `changedAt` is an ISO string here: decode the column with the view's JSON codec.
 */
export const quotationStatusHistoryColumn = `coalesce((
    select json_agg(json_build_object(
             'status', h.status, 'previousStatus', h.previous_status, 'changedAt', h.changed_at,
             'changedBy', ${party("u")}
           ) order by h.changed_at, h.id)
      from quotation_status_history h left join users u on u.id = h.changed_by
     where h.quotation_id = q.id
  ), '[]'::json) as status_history`

/** The quotation `q` and its parties: client `c`, company `co`, branch `b`, advisor `a`. */
export const quotationJoins = `from quotations q
  join clients c on c.id = q.client_id
  left join companies co on co.id = q.company_id
  left join branches b on b.id = q.branch_id
  left join users a on a.id = q.advisor_id`

/** A comment `m` with its author, as `QuotationComment` (`where` and `order by` are the caller's). */
export const quotationCommentSelect = `select m.id, m.text, m.created_at,
         case when u.id is null then null
              else json_build_object('id', u.id, 'name', u.name, 'role', u.role) end as author
    from quotation_comments m left join users u on u.id = m.author_id`
