-- 0005_webhook_recovery: receivers that say stop, recovery and the event feed (issue #16,
-- docs/webhooks.md).
--
-- An endpoint the service switched off by itself keeps why and when: `gone` (it answered
-- 410) or `failing` (every attempt failed for WEBHOOK_DISABLE_AFTER_DAYS days in a row,
-- counted from `failing_since`, the first failure after its last success). Both are set
-- with active = false and cleared whenever it becomes active again, by whoever does it
-- (PATCH active: true or a direct UPDATE), through the trigger below.
alter table webhook_endpoints
  add column disabled_reason text,
  add column disabled_at timestamptz,
  add column failing_since timestamptz,
  add constraint webhook_endpoints_disabled_reason_check
    check (disabled_reason is null or disabled_reason in ('gone', 'failing')),
  add constraint webhook_endpoints_disabled_at_check
    check ((disabled_reason is null) = (disabled_at is null) and (disabled_reason is null or not active));

create function webhook_endpoints_clear_disabled() returns trigger
language plpgsql as $$
begin
  if new.active then
    new.disabled_reason := null;
    new.disabled_at := null;
    -- A fresh start: the failure streak counts again from the next failure.
    if not old.active then
      new.failing_since := null;
    end if;
  end if;
  return new;
end;
$$;
create trigger webhook_endpoints_clear_disabled before update of active on webhook_endpoints
  for each row execute function webhook_endpoints_clear_disabled();

-- The event feed reads events in (transaction_id, seq) order, only those of transactions
-- that ended before the oldest one still running (pg_snapshot_xmin): transaction_id is
-- the top-level pg_current_xact_id() recorded with every event (0001).
create index webhook_events_feed_idx on webhook_events (transaction_id, seq) where type <> 'ping';

-- Keys may read the feed.
alter table api_keys drop constraint api_keys_scopes_check;
alter table api_keys add constraint api_keys_scopes_check check (
  cardinality(scopes) >= 1
  and scopes <@ array['catalog:read', 'clients:read', 'prices:read', 'cutoff:read', 'quotations:write', 'events:read']
);
