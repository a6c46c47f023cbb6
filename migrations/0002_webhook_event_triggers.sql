-- 0002_webhook_event_triggers: every event of the spec's event table is recorded by the
-- database itself, in the transaction of the change, so a change made by the application
-- and one made directly in SQL emit the same events, none is lost, and none exists for a
-- rolled-back change.
--
-- Each new webhook_events row is announced with pg_notify('webhook_events', <event id>).
-- Notifications are transactional: they are delivered at commit, never after a rollback.
-- The triggers only record events; fanning them out to webhook_deliveries is the
-- dispatcher's job (it listens on the channel and sweeps rows with dispatched_at null).
--
-- Vocabulary of `changes` (docs/data-model.md):
--   client.updated  name, email, active, company, branch, priceList, phones
--   branch.updated  name, address, city, route, advisor, active
--   route.updated   name, operationDays, frequency, anchorDate, cutoffDaysBefore,
--                   cutoffTime, active
-- An UPDATE that changes none of the watched columns records nothing.
--
-- Within one transaction, an entity gets at most one `*.updated` event per type: a later
-- change of the same entity in the same transaction adds its fields to the event already
-- recorded (until the dispatcher has taken it). A client created in the transaction gets
-- no client.updated at all: its client.created covers it, since event data is built at
-- send time.

-- ---------------------------------------------------------------------------------------
-- Notification
-- ---------------------------------------------------------------------------------------

create function webhook_events_notify() returns trigger
language plpgsql as $$
begin
  perform pg_notify('webhook_events', new.id::text);
  return null;
end;
$$;
create trigger webhook_events_notify after insert on webhook_events
  for each row execute function webhook_events_notify();

-- ---------------------------------------------------------------------------------------
-- Shared recorder of `*.updated` events
-- ---------------------------------------------------------------------------------------

create function record_entity_update(
  p_type        text,
  p_entity_type text,
  p_entity_id   uuid,
  p_changes     text[]
) returns void
language plpgsql as $$
declare
  v_tx bigint := pg_current_xact_id()::text::bigint;
begin
  if cardinality(p_changes) = 0 then
    return;
  end if;

  if p_type = 'client.updated' and exists (
    select 1 from webhook_events e
     where e.entity_id = p_entity_id and e.type = 'client.created' and e.transaction_id = v_tx
  ) then
    return;
  end if;

  update webhook_events e
     set changes = e.changes || array(
       select c from unnest(p_changes) with ordinality as t(c, i)
        where c <> all (e.changes)
        order by i
     )
   where e.entity_id = p_entity_id
     and e.type = p_type
     and e.transaction_id = v_tx
     and e.dispatched_at is null;
  if found then
    return;
  end if;

  insert into webhook_events (type, entity_type, entity_id, changes)
  values (p_type, p_entity_type, p_entity_id, p_changes);
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Quotations
-- ---------------------------------------------------------------------------------------

create function quotations_record_created() returns trigger
language plpgsql as $$
begin
  insert into webhook_events (type, entity_type, entity_id, source, status)
  values ('quotation.created', 'quotation', new.id, new.source, new.status);
  return null;
end;
$$;
create trigger quotations_record_created after insert on quotations
  for each row execute function quotations_record_created();

-- Every status change emits quotation.status_changed; a move to approved or rejected
-- also emits quotation.approved / quotation.rejected, with the same status pair.
create function quotations_record_status_changed() returns trigger
language plpgsql as $$
begin
  insert into webhook_events (type, entity_type, entity_id, source, status, previous_status)
  values ('quotation.status_changed', 'quotation', new.id, new.source, new.status, old.status);
  if new.status in ('approved', 'rejected') then
    insert into webhook_events (type, entity_type, entity_id, source, status, previous_status)
    values ('quotation.' || new.status, 'quotation', new.id, new.source, new.status, old.status);
  end if;
  return null;
end;
$$;
create trigger quotations_record_status_changed after update of status on quotations
  for each row when (old.status is distinct from new.status)
  execute function quotations_record_status_changed();

create function quotation_comments_record_added() returns trigger
language plpgsql as $$
begin
  insert into webhook_events (type, entity_type, entity_id, source, comment_id)
  select 'quotation.comment_added', 'quotation', q.id, q.source, new.id
    from quotations q
   where q.id = new.quotation_id;
  return null;
end;
$$;
create trigger quotation_comments_record_added after insert on quotation_comments
  for each row execute function quotation_comments_record_added();

-- ---------------------------------------------------------------------------------------
-- Clients and their phones
-- ---------------------------------------------------------------------------------------

create function clients_record_created() returns trigger
language plpgsql as $$
begin
  insert into webhook_events (type, entity_type, entity_id)
  values ('client.created', 'client', new.id);
  return null;
end;
$$;
create trigger clients_record_created after insert on clients
  for each row execute function clients_record_created();

create function clients_record_updated() returns trigger
language plpgsql as $$
declare
  v_changes text[] := '{}';
begin
  if old.name is distinct from new.name then v_changes := v_changes || 'name'::text; end if;
  if old.email is distinct from new.email then v_changes := v_changes || 'email'::text; end if;
  if old.active is distinct from new.active then v_changes := v_changes || 'active'::text; end if;
  if old.company_id is distinct from new.company_id then v_changes := v_changes || 'company'::text; end if;
  if old.branch_id is distinct from new.branch_id then v_changes := v_changes || 'branch'::text; end if;
  if old.price_list_id is distinct from new.price_list_id then v_changes := v_changes || 'priceList'::text; end if;
  perform record_entity_update('client.updated', 'client', new.id, v_changes);
  return null;
end;
$$;
create trigger clients_record_updated after update on clients
  for each row execute function clients_record_updated();

-- Statement-level, over the transition tables: a statement touching several phones of a
-- client records one event for that client (and the per-transaction merge above folds
-- e.g. a delete-then-insert replacement into one). Phones removed by the cascade of a
-- client's deletion record nothing: that client no longer exists. Each trigger sees only
-- the transition tables it declares, hence one function per operation.
create function client_phones_record_inserted() returns trigger
language plpgsql as $$
declare
  v_client_id uuid;
begin
  for v_client_id in
    select distinct n.client_id from new_rows n join clients c on c.id = n.client_id
  loop
    perform record_entity_update('client.updated', 'client', v_client_id, array['phones']);
  end loop;
  return null;
end;
$$;

create function client_phones_record_deleted() returns trigger
language plpgsql as $$
declare
  v_client_id uuid;
begin
  for v_client_id in
    select distinct o.client_id from old_rows o join clients c on c.id = o.client_id
  loop
    perform record_entity_update('client.updated', 'client', v_client_id, array['phones']);
  end loop;
  return null;
end;
$$;

-- An updated row counts when its number, label, messaging flag or owner changed (both
-- owners are affected by a move).
create function client_phones_record_updated() returns trigger
language plpgsql as $$
declare
  v_client_id uuid;
begin
  for v_client_id in
    with changed as (
      select o.client_id as old_client_id, n.client_id as new_client_id
        from old_rows o
        full join new_rows n on n.id = o.id
       where o.id is null
          or n.id is null
          or (o.phone, o.label, o.is_messaging, o.client_id)
             is distinct from (n.phone, n.label, n.is_messaging, n.client_id)
    ),
    affected as (
      select old_client_id as client_id from changed where old_client_id is not null
      union
      select new_client_id from changed where new_client_id is not null
    )
    select a.client_id from affected a join clients c on c.id = a.client_id
  loop
    perform record_entity_update('client.updated', 'client', v_client_id, array['phones']);
  end loop;
  return null;
end;
$$;

create trigger client_phones_record_inserted after insert on client_phones
  referencing new table as new_rows
  for each statement execute function client_phones_record_inserted();
create trigger client_phones_record_deleted after delete on client_phones
  referencing old table as old_rows
  for each statement execute function client_phones_record_deleted();
create trigger client_phones_record_updated after update on client_phones
  referencing old table as old_rows new table as new_rows
  for each statement execute function client_phones_record_updated();

-- ---------------------------------------------------------------------------------------
-- Branches
-- ---------------------------------------------------------------------------------------

create function branches_record_updated() returns trigger
language plpgsql as $$
declare
  v_changes text[] := '{}';
begin
  if old.name is distinct from new.name then v_changes := v_changes || 'name'::text; end if;
  if old.address is distinct from new.address then v_changes := v_changes || 'address'::text; end if;
  if old.city is distinct from new.city then v_changes := v_changes || 'city'::text; end if;
  if old.route_id is distinct from new.route_id then v_changes := v_changes || 'route'::text; end if;
  if old.advisor_id is distinct from new.advisor_id then v_changes := v_changes || 'advisor'::text; end if;
  if old.active is distinct from new.active then v_changes := v_changes || 'active'::text; end if;
  perform record_entity_update('branch.updated', 'branch', new.id, v_changes);
  return null;
end;
$$;
create trigger branches_record_updated after update on branches
  for each row execute function branches_record_updated();

-- ---------------------------------------------------------------------------------------
-- Routes
-- ---------------------------------------------------------------------------------------

create function routes_record_updated() returns trigger
language plpgsql as $$
declare
  v_changes text[] := '{}';
begin
  if old.name is distinct from new.name then v_changes := v_changes || 'name'::text; end if;
  if old.operation_days is distinct from new.operation_days then v_changes := v_changes || 'operationDays'::text; end if;
  if old.frequency is distinct from new.frequency then v_changes := v_changes || 'frequency'::text; end if;
  if old.anchor_date is distinct from new.anchor_date then v_changes := v_changes || 'anchorDate'::text; end if;
  if old.cutoff_days_before is distinct from new.cutoff_days_before then v_changes := v_changes || 'cutoffDaysBefore'::text; end if;
  if old.cutoff_time is distinct from new.cutoff_time then v_changes := v_changes || 'cutoffTime'::text; end if;
  if old.active is distinct from new.active then v_changes := v_changes || 'active'::text; end if;
  perform record_entity_update('route.updated', 'route', new.id, v_changes);
  return null;
end;
$$;
create trigger routes_record_updated after update on routes
  for each row execute function routes_record_updated();
