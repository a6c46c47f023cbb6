/**
 * The client in the `data` of `client.*` events: its company, branch, price list and
 * phones. The SQL computes the payload itself (references, `""` for an empty label), so
 * a row, decoded in the payload's key order, is what is sent.
 */
import type * as SqlClient from "effect/sql/SqlClient"
import { WebhookClient } from "@quote/core/webhooks/webhook-payloads"
import { refJson, rowsByIds } from "./payload-rows.ts"

export const clientPayloadsByIds = (sql: SqlClient.SqlClient) =>
  rowsByIds(WebhookClient, (ids) =>
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
