-- 0007_growth_counts: client counts kept by triggers (issue #14, docs/performance.md
-- "Production size").
--
-- Per advisor (the nil uuid for none): its clients (the advisor client list's total
-- without a search) and its active clients (the admin dashboard's totalActiveClients,
-- which would otherwise count 100k rows on every request).
--
-- Like the quotation rollups (0006), the triggers only append signed deltas, so two
-- transactions that create clients of one advisor never wait on a shared counter row (a
-- long import would otherwise block every other client creation until it commits). Now
-- and then a statement folds the committed deltas into `client_counts`, one transaction
-- at a time (try-advisory lock, never waiting). Readers use `client_count_totals`, the
-- folded counts plus the deltas not yet folded, so every answer is exact.

create table client_counts (
  advisor_key    uuid primary key,
  clients        bigint not null,
  active_clients bigint not null
);

create table client_count_deltas (
  advisor_key    uuid not null,
  clients        bigint not null,
  active_clients bigint not null
);

create view client_count_totals as
  select advisor_key, sum(clients)::bigint as clients, sum(active_clients)::bigint as active_clients
    from (select advisor_key, clients, active_clients from client_counts
          union all
          select advisor_key, clients, active_clients from client_count_deltas) c
   group by advisor_key;

create function fold_client_counts() returns void
language sql as $$
  with folded as (delete from client_count_deltas returning advisor_key, clients, active_clients)
  insert into client_counts as r (advisor_key, clients, active_clients)
  select advisor_key, sum(clients), sum(active_clients) from folded group by advisor_key
  on conflict (advisor_key) do update
    set clients = r.clients + excluded.clients, active_clients = r.active_clients + excluded.active_clients;
$$;

create function client_counts_maybe_fold() returns void
language plpgsql as $$
begin
  if random() < 0.05
     and current_setting('transaction_isolation') = 'read committed'
     and pg_try_advisory_xact_lock(7305214062) then
    perform fold_client_counts();
  end if;
end;
$$;

-- One function per event: a transition table exists only for its own event.
create function client_counts_inserted() returns trigger
language plpgsql as $$
begin
  insert into client_count_deltas (advisor_key, clients, active_clients)
  select rollup_advisor_key(n.advisor_id), count(*), count(*) filter (where n.active)
    from client_counts_new n group by 1;
  perform client_counts_maybe_fold();
  return null;
end;
$$;

create function client_counts_changed() returns trigger
language plpgsql as $$
begin
  insert into client_count_deltas (advisor_key, clients, active_clients)
  select k, sum(n), sum(a) from (
    select rollup_advisor_key(o.advisor_id) as k, -1 as n, case when o.active then -1 else 0 end as a
      from client_counts_old o join client_counts_new n on n.id = o.id
     where (o.advisor_id, o.active) is distinct from (n.advisor_id, n.active)
    union all
    select rollup_advisor_key(n.advisor_id), 1, case when n.active then 1 else 0 end
      from client_counts_old o join client_counts_new n on n.id = o.id
     where (o.advisor_id, o.active) is distinct from (n.advisor_id, n.active)
  ) x group by k;
  perform client_counts_maybe_fold();
  return null;
end;
$$;

create function client_counts_deleted() returns trigger
language plpgsql as $$
begin
  insert into client_count_deltas (advisor_key, clients, active_clients)
  select rollup_advisor_key(o.advisor_id), -count(*), -count(*) filter (where o.active)
    from client_counts_old o group by 1;
  perform client_counts_maybe_fold();
  return null;
end;
$$;

create trigger client_counts_inserted after insert on clients
  referencing new table as client_counts_new
  for each statement execute function client_counts_inserted();
create trigger client_counts_updated after update on clients
  referencing old table as client_counts_old new table as client_counts_new
  for each statement execute function client_counts_changed();
create trigger client_counts_deleted after delete on clients
  referencing old table as client_counts_old
  for each statement execute function client_counts_deleted();

-- Recounts from the rows (the backfill; also after a bulk load with triggers off).
-- Waits for any fold in progress.
create function rebuild_client_counts() returns void
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(7305214062);
  delete from client_count_deltas;
  delete from client_counts;
  insert into client_counts (advisor_key, clients, active_clients)
  select rollup_advisor_key(advisor_id), count(*), count(*) filter (where active) from clients group by 1;
end;
$$;

select rebuild_client_counts();
