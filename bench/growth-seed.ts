/**
 * The production-size world of the growth bench (issue #14), added by SQL on top of the
 * test scenarios: at scale 1, 20,000 companies (one branch each), 100,000 clients with
 * phones (one in ten with a login), 1,000 products and 1,000,000 quotations of 3 items
 * spread over the last three years, in every status and both sources, over 40 advisors
 * (the scenarios' advisor among them, so its own figures grow too). Price lists and
 * promotions are left as the scenarios have them: their size does not grow with sales.
 *
 * Rows are generated with `generate_series` and deterministic arithmetic (no randomness:
 * two runs build the same world). Triggers are off while loading (`session_replication_role
 * = replica`, which also skips the foreign-key checks the arithmetic already satisfies);
 * the rollups are then rebuilt from the rows, as the migration's backfill does.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export interface GrowthSize {
  readonly companies: number
  readonly clients: number
  readonly products: number
  readonly quotations: number
  readonly advisors: number
}

export const growthSize = (scale: number): GrowthSize => ({
  companies: Math.max(10, Math.round(20_000 * scale)),
  clients: Math.max(50, Math.round(100_000 * scale)),
  products: Math.max(50, Math.round(1_000 * Math.min(1, scale * 4))),
  quotations: Math.max(100, Math.round(1_000_000 * scale)),
  advisors: Math.max(2, Math.round(40 * Math.min(1, scale * 4)))
})

/** Words in generated names: a search for one of them matches about 1/50 of the rows. */
const words = [
  "Abarrotes", "Bodega", "Central", "Despensa", "Economía", "Familiar", "Granero", "Hogar", "Ideal", "Junior",
  "Kiosko", "Legumbres", "Mercado", "Norte", "Oriente", "Popular", "Quindío", "Rápido", "Sabana", "Tolima",
  "Unión", "Valle", "Western", "Xtra", "Yarumal", "Zipa", "Aurora", "Bolívar", "Caribe", "Dorado",
  "Estrella", "Fortuna", "Galería", "Horizonte", "Imperial", "Jardín", "Llano", "Montaña", "Nacional", "Occidente",
  "Paraíso", "Real", "Sol", "Trébol", "Universal", "Victoria", "Autopista", "Bahía", "Cumbre", "Delta"
]

/** A word that appears in generated client names (in 1 of 50). */
export const clientSearchWord = "Granero"
/** In the name of one scenario client ("Ferretería El Tornillo"), in no generated one. */
export const clientLookupWord = "Tornillo"
/** Appears in generated company names. */
export const companySearchWord = "Trébol"
/** In the name of one scenario company ("Distribuidora Andina S.A.S."), in no generated one. */
export const companyLookupWord = "Andina"

/**
 * Rare words (issue #27): each in one searched column of a few generated rows (four at
 * any scale, `rareRow`), in no other column and in none of the scenarios' rows. A search
 * for one of them must find its few rows through that column's trigram index, at any size.
 */
export const rareWords = {
  clientName: "Zafiro",
  clientEmail: "turquesa",
  userName: "Quetzal",
  userEmail: "ambar",
  companyName: "Jacaranda",
  companyNit: "8605551"
} as const

/**
 * The SQL condition on `n` (1, 1 + step, 1 + 2·step, …) that picks four of `count` rows for
 * a rare word, spread over the table: those whose index is `slot` modulo count/4.
 */
const rareRow = (count: number, slot: number, step = 1) => {
  const every = Math.max(2, Math.ceil(count / 4))
  return `((n - 1) / ${step}) % ${every} = ${slot % every}`
}

export const seedGrowth = (size: GrowthSize) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`set local session_replication_role = replica`
      // md5 made into a well-formed (version 4) UUID: the API checks the form.
      yield* sql`
        create function pg_temp.growth_id(seed text) returns uuid language sql immutable as $$
          select (substr(md5(seed), 1, 12) || '4' || substr(md5(seed), 14, 3) || '8' || substr(md5(seed), 18))::uuid
        $$`
      const wordArray = sql`${words}::text[]`
      const rare = (count: number, slot: number, step?: number) => sql.literal(rareRow(count, slot, step))
      const userCount = Math.ceil(size.clients / 10)
      // Advisors: the scenarios' advisor is advisor 0.
      yield* sql`
        insert into users (id, name, email, password_hash, role)
        select pg_temp.growth_id('growth-advisor-' || n), 'Asesor ' || n, 'asesor' || n || '@growth.example', u.password_hash, 'advisor'
          from generate_series(1, ${size.advisors - 1}) n,
               (select password_hash from users where email = 'asesor@example.com') u`
      yield* sql`
        create temporary table growth_advisors on commit drop as
        select row_number() over (order by id) - 1 as n, id from users
         where role = 'advisor' and (email = 'asesor@example.com' or email like '%@growth.example')`
      yield* sql`
        create temporary table growth_routes on commit drop as
        select row_number() over (order by name) - 1 as n, id from routes`
      yield* sql`
        insert into companies (id, name, nit, email, phone, address)
        select pg_temp.growth_id('growth-company-' || n),
               case when ${rare(size.companies, 0)} then ${`Distribuidora ${rareWords.companyName} `}::text || n
                    else 'Distribuidora ' || (${wordArray})[1 + n % 50] || ' ' || n end,
               case when ${rare(size.companies, 1)} then ${rareWords.companyNit}::text || n else 'G-NIT-' || n end,
               'empresa' || n || '@growth.example', '601' || lpad(n::text, 7, '0'), 'Calle ' || n
          from generate_series(1, ${size.companies}) n`
      yield* sql`
        insert into branches (id, company_id, name, city, route_id, advisor_id)
        select pg_temp.growth_id('growth-branch-' || g.i), pg_temp.growth_id('growth-company-' || g.i), 'Sede ' || g.i, 'Bogotá',
               r.id, a.id
          from generate_series(1, ${size.companies}) as g(i)
          join growth_routes r on r.n = g.i % (select count(*) from growth_routes)
          join growth_advisors a on a.n = g.i % ${size.advisors}`
      yield* sql`
        insert into users (id, name, email, password_hash, role, company_id, branch_id)
        select pg_temp.growth_id('growth-user-' || n),
               case when ${rare(userCount, 0, 10)} then ${`Usuario ${rareWords.userName} `}::text || n
                    else 'Usuario ' || (${wordArray})[1 + (n * 7) % 50] || ' ' || n end,
               case when ${rare(userCount, 1, 10)} then ${`usuario.${rareWords.userEmail}`}::text || n || '@growth.example'
                    else 'usuario' || n || '@growth.example' end,
               u.password_hash, 'client',
               pg_temp.growth_id('growth-company-' || (1 + n % ${size.companies})),
               pg_temp.growth_id('growth-branch-' || (1 + n % ${size.companies}))
          from generate_series(1, ${size.clients}, 10) n,
               (select password_hash from users where email = 'asesor@example.com') u`
      yield* sql`
        insert into clients (id, name, nit, email, user_id, company_id, branch_id, route_id, advisor_id, created_at)
        select pg_temp.growth_id('growth-client-' || n),
               case when ${rare(size.clients, 0)} then ${`Tienda ${rareWords.clientName} `}::text || n
                    else 'Tienda ' || (${wordArray})[1 + n % 50] || ' ' || n end,
               'G-CLI-' || n,
               case when ${rare(size.clients, 1)} then ${`tienda.${rareWords.clientEmail}`}::text || n || '@growth.example'
                    else 'tienda' || n || '@growth.example' end,
               case when n % 10 = 1 then pg_temp.growth_id('growth-user-' || n) end,
               b.company_id, b.id, b.route_id, b.advisor_id, now() - (n % 1000) * interval '1 day'
          from generate_series(1, ${size.clients}) n
          join branches b on b.id = pg_temp.growth_id('growth-branch-' || (1 + n % ${size.companies}))`
      yield* sql`
        insert into client_phones (client_id, phone, label, is_messaging)
        select pg_temp.growth_id('growth-client-' || n), '+57310' || lpad(n::text, 7, '0'), 'Celular', true
          from generate_series(1, ${size.clients}) n
        union all
        select pg_temp.growth_id('growth-client-' || n), '+57601' || lpad(n::text, 7, '0'), 'Fijo', false
          from generate_series(1, ${size.clients}, 3) n`
      yield* sql`
        insert into products (id, sku, name, erp_id, stock)
        select pg_temp.growth_id('growth-product-' || n), 'G-SKU-' || n, 'Producto ' || n, 'G-ERP-' || n, 100
          from generate_series(1, ${size.products}) n`
      // Quotation n: client c = 1 + (n * 7919) % clients; item k: product 1 + (n * 7 + k * 13) % products,
      // quantity 1 + (n + k) % 5, unit price 1000 + product * 10.
      const statuses = sql`array['pending','pending','approved','approved','rejected','synced','sent_to_erp','draft','sent']`
      const product = (k: number) => sql.literal(`(1 + (n * 7 + ${k} * 13) % ${size.products})`)
      const line = (k: number) => sql`(1 + (n + ${k}) % 5) * (1000 + ${product(k)} * 10)`
      yield* sql`
        insert into quotations (id, code, status, source, total, client_id, company_id, branch_id, advisor_id, route_id,
                                route_date, erp_quotation_id, created_at, updated_at)
        select pg_temp.growth_id('growth-quotation-' || n), 'COT-' || (1000000 + n),
               (${statuses})[1 + (n * 31) % 9], case when n % 3 = 0 then 'web' else 'chat' end,
               ${line(0)} + ${line(1)} + ${line(2)},
               c.id, c.company_id, c.branch_id, c.advisor_id, c.route_id,
               (now() - (n % 1096) * interval '1 day')::date,
               case when n % 40 = 0 then 'ERP-' || n end,
               now() - (n::float8 / ${size.quotations}) * interval '1095 days',
               now() - (n::float8 / ${size.quotations}) * interval '1095 days'
          from generate_series(1::bigint, ${size.quotations}) n
          join clients c on c.id = pg_temp.growth_id('growth-client-' || (1 + (n * 7919) % ${size.clients}))`
      for (const k of [0, 1, 2]) {
        yield* sql`
          insert into quotation_items (quotation_id, position, product_id, sku, name, quantity, unit_price, price_type, subtotal)
          select pg_temp.growth_id('growth-quotation-' || n), ${k}, pg_temp.growth_id('growth-product-' || ${product(k)}),
                 'G-SKU-' || ${product(k)}, 'Producto ' || ${product(k)}, 1 + (n + ${k}) % 5,
                 1000 + ${product(k)} * 10, 'price_list', ${line(k)}
            from generate_series(1, ${size.quotations}) n`
      }
      yield* sql`select setval('quotation_code_seq', ${1_000_000 + size.quotations + 1})`
      yield* sql`select rebuild_quotation_rollups()`
      yield* sql`select rebuild_client_counts()`
    }))
    yield* sql`vacuum analyze`
  })
