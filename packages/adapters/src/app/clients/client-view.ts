/**
 * The spec's Client resource, read in one statement: the client with its login user,
 * company, branch, price list, the route and advisor of its branch, and its phones.
 * Names of a missing company, branch, route or advisor read as "" (the spec types them
 * string); the ids of a detached client (its company was deleted) are null.
 */
import { Schema } from "effect"

export interface ClientPhoneView {
  readonly id: string
  readonly phone: string
  readonly label: string
  readonly isMessaging: boolean
}

export interface ClientView {
  readonly id: string
  readonly name: string
  readonly nit: string
  readonly email: string | null
  readonly active: boolean
  readonly createdAt: string
  readonly userId: string | null
  readonly userEmail: string | null
  readonly hasLogin: boolean
  readonly companyId: string | null
  readonly companyName: string
  readonly branchId: string | null
  readonly branchName: string
  readonly priceListId: string | null
  readonly priceListName: string | null
  readonly routeName: string
  readonly advisorName: string
  readonly phones: ReadonlyArray<ClientPhoneView>
}

export const ClientPhoneRow = Schema.Struct({
  id: Schema.String,
  phone: Schema.String,
  label: Schema.NullOr(Schema.String),
  is_messaging: Schema.Boolean
})
export type ClientPhoneRow = typeof ClientPhoneRow.Type

export const ClientRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  created_at: Schema.Date,
  user_id: Schema.NullOr(Schema.String),
  user_email: Schema.NullOr(Schema.String),
  company_id: Schema.NullOr(Schema.String),
  company_name: Schema.NullOr(Schema.String),
  branch_id: Schema.NullOr(Schema.String),
  branch_name: Schema.NullOr(Schema.String),
  price_list_id: Schema.NullOr(Schema.String),
  price_list_name: Schema.NullOr(Schema.String),
  route_name: Schema.NullOr(Schema.String),
  advisor_name: Schema.NullOr(Schema.String),
  // json_agg output: the phone rows with their column names.
  phones: Schema.Array(ClientPhoneRow)
})
export type ClientRow = typeof ClientRow.Type

/** The select list and joins of a client read (`where`/`order by` are the caller's). */
export const clientSelect = `
  select c.id, c.name, c.nit, c.email, c.active, c.created_at,
         u.id as user_id, u.email as user_email,
         c.company_id, co.name as company_name,
         c.branch_id, b.name as branch_name,
         c.price_list_id, pl.name as price_list_name,
         r.name as route_name, a.name as advisor_name,
         coalesce((
           select json_agg(json_build_object('id', p.id, 'phone', p.phone, 'label', p.label,
                                             'is_messaging', p.is_messaging)
                           order by p.created_at, p.phone)
             from client_phones p where p.client_id = c.id
         ), '[]'::json) as phones
    from clients c
    left join users u on u.id = c.user_id
    left join companies co on co.id = c.company_id
    left join branches b on b.id = c.branch_id
    left join price_lists pl on pl.id = c.price_list_id
    left join routes r on r.id = b.route_id
    left join users a on a.id = b.advisor_id`

export const toClientPhoneView = (row: ClientPhoneRow): ClientPhoneView => ({
  id: row.id,
  phone: row.phone,
  label: row.label ?? "",
  isMessaging: row.is_messaging
})

export const toClientView = (row: ClientRow): ClientView => ({
  id: row.id,
  name: row.name,
  nit: row.nit,
  email: row.email,
  active: row.active,
  createdAt: row.created_at.toISOString(),
  userId: row.user_id,
  userEmail: row.user_email,
  hasLogin: row.user_id !== null,
  companyId: row.company_id,
  companyName: row.company_name ?? "",
  branchId: row.branch_id,
  branchName: row.branch_name ?? "",
  priceListId: row.price_list_id,
  priceListName: row.price_list_name,
  routeName: row.route_name ?? "",
  advisorName: row.advisor_name ?? "",
  phones: row.phones.map(toClientPhoneView)
})
