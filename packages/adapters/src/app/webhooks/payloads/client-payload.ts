/**
 * The client in the `data` of `client.*` events: its company, branch, price list and
 * phones. The SQL computes the payload itself (references, `""` for an empty label), so
 * a row, decoded in the payload's key order, is what is sent.
 */
import { Schema } from "effect"
import type { SqlClient } from "effect/sql"
import { Ref, refJson, rowsByIds } from "./payload-rows.ts"

const ClientPayload = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  nit: Schema.String,
  active: Schema.Boolean,
  company: Schema.NullOr(Ref),
  branch: Schema.NullOr(Ref),
  priceList: Schema.NullOr(Ref),
  phones: Schema.Array(Schema.Struct({ phone: Schema.String, label: Schema.String }))
})

export const clientPayloadsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(ClientPayload, (ids) =>
    sql`
      select c.id, c.name, c.email, c.nit, c.active,
             ${sql.literal(refJson("co"))} as company, ${sql.literal(refJson("b"))} as branch,
             ${sql.literal(refJson("pl"))} as price_list,
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
