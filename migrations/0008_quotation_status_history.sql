-- 0008_quotation_status_history: every status a quotation has had, when and by whom
-- (issue #23, docs/quotations.md "Status history"; the `statusHistory` of a quotation).
--
-- Recorded by triggers, like the webhook events (0002) and the audit trail (0004): a
-- creation and every status change record their entry however they are made (the
-- service, the ERP push, a direct UPDATE in psql), and a rolled-back change records
-- nothing. The creation entry's user is the quotation's `created_by` (web creates run
-- as one statement, without the audit settings); a change's user is the transaction's
-- audit actor (`audit.actor_type` = 'user', written by AuditedSqlClient) when it is a
-- user that exists, else null (an API key, the service, a database session).

create table quotation_status_history (
  id              bigint generated always as identity primary key,
  quotation_id    uuid not null references quotations (id) on delete cascade,
  status          text not null,
  previous_status text,   -- null: the creation entry
  changed_at      timestamptz not null default now(),
  changed_by      uuid references users (id) on delete set null
);
-- One quotation's history, oldest first (ties, as in one transaction, by insertion).
create index quotation_status_history_quotation_idx on quotation_status_history (quotation_id, changed_at, id);

-- One plain insert per created quotation (no lookup when created_by is set, as for
-- every web create); a change also looks its user up, so a stale or foreign audit id
-- records null instead of failing the change.
create function quotations_record_status_history() returns trigger
language plpgsql as $$
declare
  v_actor uuid;
begin
  if tg_op = 'INSERT' and new.created_by is not null then
    v_actor := new.created_by;
  elsif current_setting('audit.actor_type', true) = 'user' then
    select u.id into v_actor from users u
     where u.id = nullif(current_setting('audit.actor_id', true), '')::uuid;
  end if;
  insert into quotation_status_history (quotation_id, status, previous_status, changed_at, changed_by)
  values (
    new.id,
    new.status,
    case when tg_op = 'UPDATE' then old.status end,
    case when tg_op = 'INSERT' then new.created_at else now() end,
    v_actor
  );
  return null;
end;
$$;
create trigger quotations_record_status_history_created after insert on quotations
  for each row execute function quotations_record_status_history();
create trigger quotations_record_status_history_changed after update of status on quotations
  for each row when (old.status is distinct from new.status)
  execute function quotations_record_status_history();

-- Existing quotations: a creation entry, then each status change the audit trail (0004)
-- still holds, with its user. The creation entry's status is the first audited change's
-- previous status, else the current one, so the last entry is always the current status
-- (changes older than the trail's 400-day retention are gone: the history then starts
-- at the oldest one kept).
insert into quotation_status_history (quotation_id, status, previous_status, changed_at, changed_by)
with changes as (
  select a.entity_id::uuid as quotation_id, a.seq, a.created_at, a.actor_type, a.actor_id,
         a.summary -> 'changes' -> 'status' ->> 'from' as from_status,
         a.summary -> 'changes' -> 'status' ->> 'to' as to_status
    from audit_log a
   where a.entity_type = 'quotation' and a.action = 'quotation.status_changed'
),
first_change as (
  select distinct on (quotation_id) quotation_id, from_status from changes order by quotation_id, seq
)
select quotation_id, status, previous_status, changed_at, changed_by from (
  select q.id as quotation_id, coalesce(f.from_status, q.status) as status, null::text as previous_status,
         q.created_at as changed_at, q.created_by as changed_by, 0 as entry, 0::bigint as seq
    from quotations q left join first_change f on f.quotation_id = q.id
  union all
  select c.quotation_id, c.to_status, c.from_status, c.created_at, u.id, 1, c.seq
    from changes c
    join quotations q on q.id = c.quotation_id
    left join users u on c.actor_type = 'user' and u.id = c.actor_id
) history
order by entry, seq;
