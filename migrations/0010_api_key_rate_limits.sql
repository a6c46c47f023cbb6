-- 0010_api_key_rate_limits: per-key rate limits (issue #26, docs/api-keys.md "Rate limits").
-- Every key may make a number of requests per minute: its own `rate_limit_per_minute`, or
-- the deployment's default (`API_KEY_RATE_LIMIT_PER_MINUTE`) when null. Every instance that
-- shares the database counts against the same limit: the requests each one let through are
-- added to `api_key_rate_windows` in batches, one row per key and minute.

alter table api_keys add column rate_limit_per_minute integer
  constraint api_keys_rate_limit_per_minute_check check (rate_limit_per_minute between 1 and 1000000);

-- Unlogged: a counter of the current minute is worth no WAL, and after a crash an empty
-- table only forgives one minute's count. No foreign key, so counting takes no lock on the key's row.
create unlogged table api_key_rate_windows (
  key_id   uuid not null,
  -- Minutes since the epoch (UTC): the fixed window the count belongs to.
  window_minute bigint not null,
  requests integer not null,
  primary key (key_id, window_minute)
);

-- JIT off for every session of this database, so a transaction pooler (which refuses `jit`
-- as a startup parameter, docs/operations.md) gets it too; only the database's owner may,
-- and where it is not, the statement is skipped (the operator's setting stands).
do $$
begin
  execute format('alter database %I set jit = off', current_database());
exception when insufficient_privilege then
  raise notice 'jit is left as configured: only the owner of the database may set it';
end
$$;
