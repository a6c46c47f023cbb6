/** The client in the `data` of `client.*` events: its company, branch, price list and phones. */
import { Schema } from "effect"
import type { SqlClient } from "effect/sql"
import { ref, rowsByIds } from "./payload-rows.ts"

const ClientRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  nit: Schema.String,
  active: Schema.Boolean,
  company_id: Schema.NullOr(Schema.String),
  company_name: Schema.NullOr(Schema.String),
  branch_id: Schema.NullOr(Schema.String),
  branch_name: Schema.NullOr(Schema.String),
  price_list_id: Schema.NullOr(Schema.String),
  price_list_name: Schema.NullOr(Schema.String),
  phones: Schema.Array(Schema.Struct({ phone: Schema.String, label: Schema.String }))
})
type ClientRow = typeof ClientRow.Type

export const clientRowsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(ClientRow, (ids) =>
    sql`
      select c.id, c.name, c.email, c.nit, c.active, co.id as company_id, co.name as company_name,
             b.id as branch_id, b.name as branch_name, pl.id as price_list_id, pl.name as price_list_name,
             coalesce((
               select json_agg(json_build_object('phone', p.phone, 'label', coalesce(p.label, ''))
                               order by p.created_at, p.phone)
                 from client_phones p where p.client_id = c.id
             ), '[]'::json) as phones
        from clients c
        left join companies co on co.id = c.company_id
        left join branches b on b.id = c.branch_id
        left join price_lists pl on pl.id = c.price_list_id
       where c.id = any (${ids}::uuid[])`)

export const clientJson = (row: ClientRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  nit: row.nit,
  active: row.active,
  company: ref(row.company_id, row.company_name),
  branch: ref(row.branch_id, row.branch_name),
  priceList: ref(row.price_list_id, row.price_list_name),
  phones: row.phones
})
