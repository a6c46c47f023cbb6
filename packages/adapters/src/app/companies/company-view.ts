/**
 * How a company is read, in the two shapes of `@quote/core/companies/views`: the spec's
 * Company resource with its branches (optional text never stored read as ""), and the
 * company's own data as stored (`CompanyProfile`). The columns are the views' fields
 * (the client names results in camelCase, nested JSON too), so a row decodes straight
 * into the view.
 */
import * as Schema from "effect/Schema"
import type * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { CompanyId } from "@quote/core/shared/ids"
import { Company, CompanyProfile } from "@quote/core/companies/views"

/** The `CompanyProfile` columns of `companies`. */
export const companyProfileColumns = "id, name, nit, email, phone, address"

/** A company's own data by id; `forShare` keeps it from being deleted until the transaction ends. */
export const companyProfileById = (sql: SqlClient.SqlClient, options: { readonly forShare: boolean }) =>
  SqlSchema.findOneOption({
    Request: CompanyId,
    Result: CompanyProfile,
    execute: (id) =>
      sql`select ${sql.literal(companyProfileColumns)} from companies where id = ${id}${
        sql.literal(options.forShare ? " for share" : "")
      }`
  })

/** Every company with its branches, both ordered by name. */
export const companiesWithBranches = `
  select co.id, co.name, co.nit, coalesce(co.email, '') as email, coalesce(co.phone, '') as phone,
         coalesce(co.address, '') as address, co.active,
         coalesce((
           select json_agg(json_build_object(
                    'id', b.id, 'name', b.name, 'address', coalesce(b.address, ''), 'city', coalesce(b.city, ''),
                    'route_id', b.route_id, 'advisor_id', b.advisor_id, 'active', b.active,
                    'latitude', b.latitude, 'longitude', b.longitude
                  ) order by b.name, b.id)
             from branches b where b.company_id = co.id
         ), '[]'::json) as branches
    from companies co
   order by co.name, co.id`

export const decodeCompany = Schema.decodeUnknownSync(Company)
