/**
 * The spec's Client resource (`Client` in `@quote/core/clients/views`), read in one
 * statement: the client with its login user, company, branch, price list, the route and
 * advisor of its branch, and its phones. The columns are the view's fields (the client
 * names results in camelCase), so a row decodes straight into a `Client`.
 */
import * as Schema from "effect/Schema"
import { Client } from "@quote/core/clients/views"

/** Phones as `json_agg` builds them: the `ClientPhone` fields. */
export const clientPhoneJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'phone', ${alias}.phone, 'label', coalesce(${alias}.label, ''),
                     'is_messaging', ${alias}.is_messaging)`

/** The select list and joins of a client read (`where`/`order by` are the caller's). */
export const clientSelect = `
  select c.id, c.name, c.nit, c.email, c.active, c.created_at,
         u.id as user_id, u.email as user_email, c.user_id is not null as has_login,
         c.company_id, coalesce(co.name, '') as company_name,
         c.branch_id, coalesce(b.name, '') as branch_name,
         c.price_list_id, pl.name as price_list_name,
         coalesce(r.name, '') as route_name, coalesce(a.name, '') as advisor_name,
         coalesce((
           select json_agg(${clientPhoneJson("p")} order by p.created_at, p.phone)
             from client_phones p where p.client_id = c.id
         ), '[]'::json) as phones
    from clients c
    left join users u on u.id = c.user_id
    left join companies co on co.id = c.company_id
    left join branches b on b.id = c.branch_id
    left join price_lists pl on pl.id = c.price_list_id
    left join routes r on r.id = b.route_id
    left join users a on a.id = b.advisor_id`

export const decodeClient = Schema.decodeUnknownSync(Client)
