-- 0006_growth: reads that stay flat at production size (issue #14, docs/performance.md
-- "Production size").
--
-- 1. Trigram indexes for the "contains" searches (pg_trgm ships with PostgreSQL's contrib
--    and with PGlite, which loads it in pglite-client.ts), and name orders as indexes.
-- 2. Rollups of the quotation figures the statistics, the list counts and the advisor
--    company view need, kept by triggers in the transaction of every change (so a direct
--    SQL change keeps them right, like the webhook events). The client counts are in
--    0007_growth_counts.sql.
--
-- How the rollups stay right under concurrency: the triggers never update a shared row.
-- They only APPEND signed contributions (+1 row for a new state, -1 row for an old one) to
-- quotation_deltas / quotation_item_deltas, so concurrent creates never wait for each
-- other. Folding moves deltas into the rollup tables in one statement (delete ... returning
-- feeding the upserts): a reader's snapshot sees each delta either still in the delta table
-- or already in a rollup, never both, never neither. Readers always add the pending deltas
-- to the rollups. One transaction folds at a time (try-advisory lock, held to its commit;
-- others skip, nobody waits), about one in twenty changing statements, and only under READ
-- COMMITTED (a repeatable-read snapshot could miss an earlier fold).
--
-- Grains: 'all' (period 0001-01-01) and 'month' (period = first day of the Bogotá month).
-- A range that starts or ends inside a month reads those partial months from the base rows.

create extension if not exists pg_trgm;

create index clients_name_order_idx on clients (lower(name), name, id);
create index clients_advisor_name_order_idx on clients (advisor_id, lower(name), name, id);
create index clients_name_trgm_idx on clients using gin (name gin_trgm_ops);
create index clients_email_trgm_idx on clients using gin (email gin_trgm_ops);
create index users_name_trgm_idx on users using gin (name gin_trgm_ops);
create index users_email_trgm_idx on users using gin (email gin_trgm_ops);
create index companies_name_order_idx on companies (lower(name), name, id);
create index companies_name_trgm_idx on companies using gin (name gin_trgm_ops);
create index companies_nit_trgm_idx on companies using gin (nit gin_trgm_ops);
-- Newest-first pages with the code as tie-break, per scope and per status.
create index quotations_created_code_idx on quotations (created_at, code);
create index quotations_advisor_created_code_idx on quotations (advisor_id, created_at, code);
create index quotations_status_created_code_idx on quotations (status, created_at, code);

-- The Bogotá calendar day of an instant, whatever the session's TimeZone.
create function bogota_day(at timestamptz) returns date
language sql immutable as $$ select (at at time zone 'America/Bogota')::date $$;

-- Rollup keys cannot be null: no advisor is the nil uuid; 'everyone' (product figures of
-- all advisors together) is the max uuid.
create function rollup_advisor_key(advisor_id uuid) returns uuid
language sql immutable as $$ select coalesce(advisor_id, '00000000-0000-0000-0000-000000000000'::uuid) $$;

create table quotation_deltas (
  day        date not null,
  advisor_key uuid not null,
  status     text not null,
  source     text not null,
  in_erp     boolean not null,
  client_id  uuid not null,
  company_id uuid,
  orders     integer not null,   -- +1 / -1
  revenue    bigint not null     -- +total / -total (rejected included; status is kept)
);

create table quotation_item_deltas (
  day         date not null,
  advisor_key uuid not null,
  product_key uuid not null,     -- product_id, nil once the product was deleted
  sku         text not null,     -- '' for a live product (grouped by id), else the snapshot
  name        text not null,
  lines       integer not null,
  qty         numeric not null,
  revenue     bigint not null
);

-- Per advisor and for everyone (the max uuid), like product_rollups: the admin's
-- figures read a few dozen rows per month instead of one set per advisor.
create table quotation_rollups (
  grain       text not null,
  period      date not null,
  advisor_key uuid not null,
  status      text not null,
  source      text not null,
  in_erp      boolean not null,
  orders      bigint not null,
  revenue     bigint not null,
  primary key (grain, period, advisor_key, status, source, in_erp)
);

-- Items of quotations that are not rejected, per advisor and for everyone.
create table product_rollups (
  grain       text not null,
  period      date not null,
  advisor_key uuid not null,
  product_key uuid not null,
  sku         text not null,
  name        text not null,
  lines       bigint not null,
  qty         numeric not null,
  revenue     bigint not null,
  primary key (grain, period, advisor_key, product_key, sku, name)
);
-- topProducts over one rollup piece reads its best rows first (sales-statistics.ts).
create index product_rollups_rank_idx on product_rollups (grain, period, advisor_key, revenue desc);

-- Quotations that are not rejected, per client (topClients is global).
create table client_rollups (
  grain     text not null,
  period    date not null,
  client_id uuid not null,
  orders    bigint not null,
  revenue   bigint not null,
  primary key (grain, period, client_id)
);
create index client_rollups_rank_idx on client_rollups (grain, period, revenue desc, orders desc);

-- Every quotation of a company per advisor; revenue without the rejected ones.
create table company_rollups (
  company_id  uuid not null,
  advisor_key uuid not null,
  orders      bigint not null,
  revenue     bigint not null,
  primary key (company_id, advisor_key)
);

create function fold_quotation_rollups() returns void
language plpgsql as $$
begin
  with moved as (delete from quotation_deltas returning *),
  expanded as (
    select g.grain,
           case when g.grain = 'all' then date '0001-01-01' else date_trunc('month', m.day)::date end as period,
           m.*
      from moved m cross join (values ('all'), ('month')) as g(grain)
  ),
  headers as (
    insert into quotation_rollups as r (grain, period, advisor_key, status, source, in_erp, orders, revenue)
    select e.grain, e.period, k.advisor_key, e.status, e.source, e.in_erp, sum(e.orders), sum(e.revenue)
      from expanded e
     cross join lateral (values (e.advisor_key), ('ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)) as k(advisor_key)
     group by 1, 2, 3, 4, 5, 6
    on conflict (grain, period, advisor_key, status, source, in_erp)
      do update set orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue
  ),
  clients as (
    insert into client_rollups as r (grain, period, client_id, orders, revenue)
    select grain, period, client_id, sum(orders), sum(revenue)
      from expanded where status <> 'rejected' group by grain, period, client_id
    on conflict (grain, period, client_id)
      do update set orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue
  )
  insert into company_rollups as r (company_id, advisor_key, orders, revenue)
  select company_id, advisor_key, sum(orders), sum(case when status <> 'rejected' then revenue else 0 end)
    from moved where company_id is not null group by company_id, advisor_key
  on conflict (company_id, advisor_key)
    do update set orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue;

  with moved as (delete from quotation_item_deltas returning *)
  insert into product_rollups as r (grain, period, advisor_key, product_key, sku, name, lines, qty, revenue)
  select g.grain,
         case when g.grain = 'all' then date '0001-01-01' else date_trunc('month', m.day)::date end,
         k.advisor_key, m.product_key, m.sku, m.name, sum(m.lines), sum(m.qty), sum(m.revenue)
    from moved m
   cross join (values ('all'), ('month')) as g(grain)
   cross join lateral (values (m.advisor_key), ('ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)) as k(advisor_key)
   group by 1, 2, 3, 4, 5, 6
  on conflict (grain, period, advisor_key, product_key, sku, name)
    do update set lines = r.lines + excluded.lines, qty = r.qty + excluded.qty, revenue = r.revenue + excluded.revenue;
end;
$$;

-- Folds now and then, never waiting: see the header.
create function quotation_rollups_maybe_fold() returns void
language plpgsql as $$
begin
  if random() < 0.05
     and current_setting('transaction_isolation') = 'read committed'
     and pg_try_advisory_xact_lock(7305214061) then
    perform fold_quotation_rollups();
  end if;
end;
$$;

-- Recomputes every rollup from the base rows (the backfill; also after a bulk load with
-- triggers off). Waits for any fold in progress.
create function rebuild_quotation_rollups() returns void
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(7305214061);
  delete from quotation_deltas;
  delete from quotation_item_deltas;
  delete from quotation_rollups;
  delete from product_rollups;
  delete from client_rollups;
  delete from company_rollups;
  insert into quotation_deltas
  select bogota_day(q.created_at), rollup_advisor_key(q.advisor_id), q.status, q.source,
         q.status in ('synced', 'sent_to_erp') or q.erp_quotation_id is not null,
         q.client_id, q.company_id, 1, q.total
    from quotations q;
  insert into quotation_item_deltas
  select bogota_day(q.created_at), rollup_advisor_key(q.advisor_id),
         coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'::uuid),
         case when i.product_id is null then i.sku else '' end,
         case when i.product_id is null then i.name else '' end,
         1, i.quantity, i.subtotal
    from quotation_items i join quotations q on q.id = i.quotation_id
   where q.status <> 'rejected';
  perform fold_quotation_rollups();
end;
$$;

-- A quotation's contribution (sign +1 or -1) as delta rows.
create function quotations_rollup_inserted() returns trigger
language plpgsql as $$
begin
  insert into quotation_deltas
  select bogota_day(n.created_at), rollup_advisor_key(n.advisor_id), n.status, n.source,
         n.status in ('synced', 'sent_to_erp') or n.erp_quotation_id is not null,
         n.client_id, n.company_id, 1, n.total
    from rollup_new_quotations n;
  perform quotation_rollups_maybe_fold();
  return null;
end;
$$;
create trigger quotations_rollup_inserted after insert on quotations
  referencing new table as rollup_new_quotations
  for each statement execute function quotations_rollup_inserted();

create function quotations_rollup_updated() returns trigger
language plpgsql as $$
begin
  with changed as (
    select o.created_at as o_created_at, o.advisor_id as o_advisor_id, o.status as o_status, o.source as o_source,
           o.erp_quotation_id as o_erp, o.client_id as o_client_id, o.company_id as o_company_id, o.total as o_total,
           n.*
      from rollup_old_quotations o join rollup_new_quotations n on n.id = o.id
     where (o.created_at, o.advisor_id, o.status, o.source, o.erp_quotation_id is null, o.client_id, o.company_id, o.total)
           is distinct from
           (n.created_at, n.advisor_id, n.status, n.source, n.erp_quotation_id is null, n.client_id, n.company_id, n.total)
  )
  insert into quotation_deltas
  select bogota_day(o_created_at), rollup_advisor_key(o_advisor_id), o_status, o_source,
         o_status in ('synced', 'sent_to_erp') or o_erp is not null, o_client_id, o_company_id, -1, -o_total
    from changed
  union all
  select bogota_day(created_at), rollup_advisor_key(advisor_id), status, source,
         status in ('synced', 'sent_to_erp') or erp_quotation_id is not null, client_id, company_id, 1, total
    from changed;

  -- Its items move when the quotation's day, advisor or rejection changes.
  with moved as (
    select o.created_at as o_created_at, o.advisor_id as o_advisor_id, o.status as o_status,
           n.created_at, n.advisor_id, n.status, n.id
      from rollup_old_quotations o join rollup_new_quotations n on n.id = o.id
     where (bogota_day(o.created_at), o.advisor_id, o.status = 'rejected')
           is distinct from (bogota_day(n.created_at), n.advisor_id, n.status = 'rejected')
  )
  insert into quotation_item_deltas
  select bogota_day(m.o_created_at), rollup_advisor_key(m.o_advisor_id),
         coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'::uuid),
         case when i.product_id is null then i.sku else '' end,
         case when i.product_id is null then i.name else '' end,
         -1, -i.quantity, -i.subtotal
    from moved m join quotation_items i on i.quotation_id = m.id
   where m.o_status <> 'rejected'
  union all
  select bogota_day(m.created_at), rollup_advisor_key(m.advisor_id),
         coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'::uuid),
         case when i.product_id is null then i.sku else '' end,
         case when i.product_id is null then i.name else '' end,
         1, i.quantity, i.subtotal
    from moved m join quotation_items i on i.quotation_id = m.id
   where m.status <> 'rejected';
  perform quotation_rollups_maybe_fold();
  return null;
end;
$$;
create trigger quotations_rollup_updated after update on quotations
  referencing old table as rollup_old_quotations new table as rollup_new_quotations
  for each statement execute function quotations_rollup_updated();

create function quotations_rollup_deleted() returns trigger
language plpgsql as $$
begin
  insert into quotation_deltas
  select bogota_day(o.created_at), rollup_advisor_key(o.advisor_id), o.status, o.source,
         o.status in ('synced', 'sent_to_erp') or o.erp_quotation_id is not null,
         o.client_id, o.company_id, -1, -o.total
    from rollup_old_quotations o;
  perform quotation_rollups_maybe_fold();
  return null;
end;
$$;
create trigger quotations_rollup_deleted after delete on quotations
  referencing old table as rollup_old_quotations
  for each statement execute function quotations_rollup_deleted();

-- Before the row goes (and its items with it, by the cascade that then finds no
-- quotation), its items leave the product figures.
create function quotations_rollup_items_deleted() returns trigger
language plpgsql as $$
begin
  if old.status <> 'rejected' then
    insert into quotation_item_deltas
    select bogota_day(old.created_at), rollup_advisor_key(old.advisor_id),
           coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'::uuid),
           case when i.product_id is null then i.sku else '' end,
           case when i.product_id is null then i.name else '' end,
           -1, -i.quantity, -i.subtotal
      from quotation_items i where i.quotation_id = old.id;
  end if;
  return old;
end;
$$;
create trigger quotations_rollup_items_deleted before delete on quotations
  for each row execute function quotations_rollup_items_deleted();

-- Item changes, under the quotation as it is now (a deleted quotation's items were
-- handled above). An update counts as the old line leaving and the new one arriving.
create function quotation_items_rollup_inserted() returns trigger
language plpgsql as $$
begin
  insert into quotation_item_deltas
  select bogota_day(q.created_at), rollup_advisor_key(q.advisor_id),
         coalesce(n.product_id, '00000000-0000-0000-0000-000000000000'::uuid),
         case when n.product_id is null then n.sku else '' end,
         case when n.product_id is null then n.name else '' end,
         1, n.quantity, n.subtotal
    from rollup_new_items n join quotations q on q.id = n.quotation_id
   where q.status <> 'rejected';
  perform quotation_rollups_maybe_fold();
  return null;
end;
$$;
create trigger quotation_items_rollup_inserted after insert on quotation_items
  referencing new table as rollup_new_items
  for each statement execute function quotation_items_rollup_inserted();

create function quotation_items_rollup_deleted() returns trigger
language plpgsql as $$
begin
  insert into quotation_item_deltas
  select bogota_day(q.created_at), rollup_advisor_key(q.advisor_id),
         coalesce(o.product_id, '00000000-0000-0000-0000-000000000000'::uuid),
         case when o.product_id is null then o.sku else '' end,
         case when o.product_id is null then o.name else '' end,
         -1, -o.quantity, -o.subtotal
    from rollup_old_items o join quotations q on q.id = o.quotation_id
   where q.status <> 'rejected';
  perform quotation_rollups_maybe_fold();
  return null;
end;
$$;
create trigger quotation_items_rollup_deleted after delete on quotation_items
  referencing old table as rollup_old_items
  for each statement execute function quotation_items_rollup_deleted();

create function quotation_items_rollup_updated() returns trigger
language plpgsql as $$
begin
  with changed as (
    select o.quotation_id as o_quotation_id, o.product_id as o_product_id, o.sku as o_sku, o.name as o_name,
           o.quantity as o_quantity, o.subtotal as o_subtotal, n.*
      from rollup_old_items o join rollup_new_items n on n.id = o.id
     where (n.quotation_id, n.product_id, n.sku, n.name, n.quantity, n.subtotal)
           is distinct from (o.quotation_id, o.product_id, o.sku, o.name, o.quantity, o.subtotal)
  )
  insert into quotation_item_deltas
  select bogota_day(q.created_at), rollup_advisor_key(q.advisor_id),
         coalesce(c.o_product_id, '00000000-0000-0000-0000-000000000000'::uuid),
         case when c.o_product_id is null then c.o_sku else '' end,
         case when c.o_product_id is null then c.o_name else '' end,
         -1, -c.o_quantity, -c.o_subtotal
    from changed c join quotations q on q.id = c.o_quotation_id
   where q.status <> 'rejected'
  union all
  select bogota_day(q.created_at), rollup_advisor_key(q.advisor_id),
         coalesce(c.product_id, '00000000-0000-0000-0000-000000000000'::uuid),
         case when c.product_id is null then c.sku else '' end,
         case when c.product_id is null then c.name else '' end,
         1, c.quantity, c.subtotal
    from changed c join quotations q on q.id = c.quotation_id
   where q.status <> 'rejected';
  perform quotation_rollups_maybe_fold();
  return null;
end;
$$;
create trigger quotation_items_rollup_updated after update on quotation_items
  referencing old table as rollup_old_items new table as rollup_new_items
  for each statement execute function quotation_items_rollup_updated();

select rebuild_quotation_rollups();
