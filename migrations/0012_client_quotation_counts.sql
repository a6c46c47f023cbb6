-- 0012_client_quotation_counts: each client's number of quotations, every status, kept
-- with the quotation rollups of 0006 (issue #27, docs/performance.md "4. Endurance").
--
-- The advisor client list showed `quotationCount` by counting the client's quotations on
-- every page: linear in a client's history (a client with 42,000 quotations made each
-- page 7 ms slower, and a chain's clients reach that). `client_rollups` cannot serve: it
-- leaves rejected quotations out. Readers use `client_quotation_totals`, the folded count
-- plus the client's deltas not yet folded, so every answer is exact.
--
-- What moves a delta into the count: deleting it from `quotation_deltas`, which only
-- `fold_quotation_rollups()` does (its `delete ... returning` feeds the other rollups).
-- A statement trigger on that delete adds the deleted deltas to the counts, in the fold's
-- statement and transaction: a reader's snapshot sees each delta pending or counted,
-- never both, never neither — whatever the fold's current definition.

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

create function client_quotation_counts_folded() returns trigger
language plpgsql as $$
begin
  insert into client_quotation_counts as r (client_id, quotations)
  select client_id, sum(orders) from folded_quotation_deltas group by client_id
  on conflict (client_id) do update set quotations = r.quotations + excluded.quotations;
  return null;
end;
$$;

-- Recounts from the rows, for the backfill and the rebuild; the caller holds the fold
-- lock (7305214061), so no fold moves deltas meanwhile. One statement, so one snapshot:
-- the quotations minus the deltas still pending, which readers add back.
create function recount_client_quotations() returns void
language plpgsql as $$
begin
  delete from client_quotation_counts;
  insert into client_quotation_counts (client_id, quotations)
  select client_id, sum(n) from (
    select client_id, 1 as n from quotations
    union all
    select client_id, -orders from quotation_deltas
  ) x group by client_id;
end;
$$;

-- The backfill. The lock is held until this migration commits: other transactions'
-- folds try it and skip, so none moves deltas before the trigger below exists.
select pg_advisory_xact_lock(7305214061);
select recount_client_quotations();

create trigger client_quotation_counts_folded after delete on quotation_deltas
  referencing old table as folded_quotation_deltas
  for each statement execute function client_quotation_counts_folded();

-- 0006's rebuild, kept under another name: it empties the delta table (the trigger then
-- counts stale deltas) and refills every rollup through the fold, so the counts are
-- recounted after it, under the same lock.
alter function rebuild_quotation_rollups() rename to rebuild_quotation_rollups_0006;
create function rebuild_quotation_rollups() returns void
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(7305214061);
  perform rebuild_quotation_rollups_0006();
  perform recount_client_quotations();
end;
$$;
