-- 0012_client_quotation_counts: each client's number of quotations, every status, kept by
-- the quotation rollups of 0006 (issue #27, docs/performance.md "4. Endurance").
--
-- The advisor client list showed `quotationCount` by counting the client's quotations on
-- every page: linear in a client's history (a client with 42,000 quotations made each
-- page 7 ms slower, and a chain's clients reach that). `client_rollups` cannot serve: it
-- leaves rejected quotations out. The new table is folded from `quotation_deltas` with
-- the other rollups; readers use `client_quotation_totals`, the folded count plus the
-- client's deltas not yet folded, so every answer is exact.

create table client_quotation_counts (
  client_id  uuid primary key,
  quotations bigint not null
);

create view client_quotation_totals as
  select client_id, sum(quotations)::bigint as quotations
    from (select client_id, quotations from client_quotation_counts
          union all
          select client_id, orders from quotation_deltas) c
   group by client_id;

-- The backfill. Holding the fold lock until this migration commits keeps every other
-- transaction's fold (the old function, which does not know this table) from moving
-- deltas meanwhile: they try the lock and skip. One statement, so one snapshot: the
-- count of the quotations minus the deltas still pending, which readers add back.
select pg_advisory_xact_lock(7305214061);
insert into client_quotation_counts (client_id, quotations)
select client_id, sum(n) from (
  select client_id, 1 as n from quotations
  union all
  select client_id, -orders from quotation_deltas
) x group by client_id;

-- 0006's fold with the `counts` step added (a function is replaced whole: its other
-- steps are 0006's, unchanged).
create or replace function fold_quotation_rollups() returns void
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
  ),
  counts as (
    insert into client_quotation_counts as r (client_id, quotations)
    select client_id, sum(orders) from moved group by client_id
    on conflict (client_id) do update set quotations = r.quotations + excluded.quotations
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

-- 0006's rebuild, kept under another name, which empties every other rollup and refills
-- them all through the fold above; the new table is emptied first, under the same lock.
alter function rebuild_quotation_rollups() rename to rebuild_quotation_rollups_0006;
create function rebuild_quotation_rollups() returns void
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(7305214061);
  delete from client_quotation_counts;
  perform rebuild_quotation_rollups_0006();
end;
$$;
