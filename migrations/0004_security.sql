-- 0004_security: login throttling state and the audit trail (issue #18, docs/security.md).

-- Failed logins, the only thing login throttling stores (a successful login deletes its
-- account's rows). `account_key` is a SHA-256 of the lower-cased e-mail, so a password
-- typed into the e-mail field is not kept in clear. Rows older than a day are purged by
-- the daily job (the window is at most 24 hours).
create table login_failures (
  id bigint generated always as identity primary key,
  account_key text not null,
  client_address text,
  failed_at timestamptz not null default now()
);
create index login_failures_account_idx on login_failures (account_key, failed_at desc);
create index login_failures_address_idx on login_failures (client_address, failed_at desc);

-- The audit trail: every security- or money-relevant change, recorded in the transaction
-- of the change. Who did it comes from the transaction's `audit.*` settings, which the
-- service writes at the start of each transaction (set_config(..., true)); a change made
-- without them (psql) is recorded with actor_type 'database' and the database role.
create table audit_log (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity unique,
  created_at timestamptz not null default now(),
  actor_type text not null check (actor_type in ('user', 'api_key', 'system', 'cron', 'anonymous', 'database')),
  actor_id uuid,
  actor_role text,
  action text not null,
  entity_type text not null,
  entity_id text,
  summary jsonb not null default '{}',
  request_id text,
  client_address text
);
create index audit_log_created_at_idx on audit_log (created_at);
create index audit_log_entity_idx on audit_log (entity_type, entity_id, seq desc);
create index audit_log_actor_idx on audit_log (actor_id, seq desc);
create index audit_log_action_idx on audit_log (action, seq desc);

-- Append-only: no update ever; deletion only of entries past the 400-day retention.
create function audit_log_append_only() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    raise exception 'audit_log entries cannot be changed';
  end if;
  if old.created_at > now() - interval '400 days' then
    raise exception 'audit_log entries are kept 400 days';
  end if;
  return old;
end;
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();

-- One entry, with the transaction's actor, request id and client address.
create function audit_record(p_action text, p_entity_type text, p_entity_id text, p_summary jsonb) returns void
language plpgsql as $$
declare
  v_actor_type text := nullif(current_setting('audit.actor_type', true), '');
begin
  insert into audit_log (actor_type, actor_id, actor_role, action, entity_type, entity_id, summary, request_id, client_address)
  values (
    coalesce(v_actor_type, 'database'),
    case when v_actor_type is null then null else nullif(current_setting('audit.actor_id', true), '')::uuid end,
    case when v_actor_type is null then session_user::text else nullif(current_setting('audit.actor_role', true), '') end,
    p_action, p_entity_type, p_entity_id, coalesce(p_summary, '{}'::jsonb),
    nullif(current_setting('audit.request_id', true), ''),
    nullif(current_setting('audit.client_address', true), '')
  );
end;
$$;

-- The columns an update changed, `{column: {from, to}}`, leaving out the hidden ones
-- (secrets) and the ignored ones (bookkeeping such as updated_at, last_used_at).
create function audit_changes(old_row jsonb, new_row jsonb, hidden text[], ignored text[]) returns jsonb
language sql immutable as $$
  select coalesce(jsonb_object_agg(key, jsonb_build_object('from', old_row -> key, 'to', new_row -> key)), '{}'::jsonb)
    from jsonb_object_keys(new_row) as key
   where not (key = any(hidden)) and not (key = any(ignored))
     and (old_row -> key) is distinct from (new_row -> key)
$$;

-- The hidden columns an update changed, by name only (their values never appear).
create function audit_hidden_changes(old_row jsonb, new_row jsonb, hidden text[]) returns jsonb
language sql immutable as $$
  select coalesce(jsonb_agg(key order by key), '[]'::jsonb)
    from unnest(hidden) as key
   where (old_row -> key) is distinct from (new_row -> key)
$$;

-- The generic row trigger: TG_ARGV = entity type, hidden columns, ignored columns.
-- Inserts record `<entity>.created` with the row (hidden columns removed), deletes
-- `<entity>.deleted`, updates `<entity>.<verb>` where the verb comes from
-- audit_update_action(), and an update that changed only ignored columns records nothing.
create function audit_update_action(p_entity_type text, old_row jsonb, new_row jsonb, hidden_changed jsonb) returns text
language plpgsql immutable as $$
begin
  case p_entity_type
    when 'api_key' then
      if old_row -> 'replaced_by' = 'null'::jsonb and new_row -> 'replaced_by' <> 'null'::jsonb then return 'api_key.rotated'; end if;
      if (old_row -> 'revoked_at' = 'null'::jsonb and new_row -> 'revoked_at' <> 'null'::jsonb)
         or ((old_row ->> 'active')::boolean and not (new_row ->> 'active')::boolean) then return 'api_key.revoked'; end if;
    when 'webhook_endpoint' then
      if hidden_changed ? 'secret' then return 'webhook_endpoint.secret_rotated'; end if;
      if (old_row ->> 'active')::boolean and not (new_row ->> 'active')::boolean then
        return case when coalesce(new_row ->> 'disabled_reason', '') <> '' then 'webhook_endpoint.disabled'
                    else 'webhook_endpoint.deactivated' end;
      end if;
    when 'user' then
      if old_row -> 'role' is distinct from new_row -> 'role' then return 'user.role_changed'; end if;
      if old_row -> 'active' is distinct from new_row -> 'active' then
        return case when (new_row ->> 'active')::boolean then 'user.activated' else 'user.deactivated' end;
      end if;
      if hidden_changed ? 'password_hash' then return 'user.password_changed'; end if;
    when 'quotation' then
      if old_row -> 'status' is distinct from new_row -> 'status' then return 'quotation.status_changed'; end if;
    else
      null;
  end case;
  return p_entity_type || '.updated';
end;
$$;

create function audit_row_change() returns trigger
language plpgsql as $$
declare
  v_entity text := tg_argv[0];
  v_hidden text[] := tg_argv[1]::text[];
  v_ignored text[] := tg_argv[2]::text[] || array['created_at', 'updated_at'];
  v_old jsonb;
  v_new jsonb;
  v_changes jsonb;
  v_hidden_changed jsonb;
  v_summary jsonb;
begin
  if tg_op = 'INSERT' then
    v_new := to_jsonb(new);
    perform audit_record(v_entity || '.created', v_entity, v_new ->> 'id', jsonb_build_object('created', v_new - v_hidden));
    return new;
  elsif tg_op = 'DELETE' then
    v_old := to_jsonb(old);
    perform audit_record(v_entity || '.deleted', v_entity, v_old ->> 'id', jsonb_build_object('deleted', v_old - v_hidden));
    return old;
  end if;
  v_old := to_jsonb(old);
  v_new := to_jsonb(new);
  v_changes := audit_changes(v_old, v_new, v_hidden, v_ignored);
  v_hidden_changed := audit_hidden_changes(v_old, v_new, array(select unnest(v_hidden) except select unnest(v_ignored)));
  if v_changes = '{}'::jsonb and v_hidden_changed = '[]'::jsonb then
    return new;
  end if;
  v_summary := jsonb_build_object('changes', v_changes);
  if v_hidden_changed <> '[]'::jsonb then
    v_summary := v_summary || jsonb_build_object('redactedColumns', v_hidden_changed);
  end if;
  perform audit_record(audit_update_action(v_entity, v_old, v_new, v_hidden_changed), v_entity, v_new ->> 'id', v_summary);
  return new;
end;
$$;

create trigger api_keys_audit after insert or update or delete on api_keys
  for each row execute function audit_row_change('api_key', '{key_hash}', '{last_used_at}');
create trigger webhook_endpoints_audit after insert or update or delete on webhook_endpoints
  for each row execute function audit_row_change(
    'webhook_endpoint', '{secret,previous_secret}', '{last_success_at,last_failure_at,failing_since}');
create trigger erp_settings_audit after insert or update or delete on erp_settings
  for each row execute function audit_row_change(
    'erp_settings', '{access_key_encrypted,access_token_encrypted}',
    '{access_token_encrypted,token_expires_at,quotation_document_id}');
create trigger users_audit after insert or update or delete on users
  for each row execute function audit_row_change('user', '{password_hash}', '{}');
create trigger price_lists_audit after insert or update or delete on price_lists
  for each row execute function audit_row_change('price_list', '{}', '{}');
create trigger promotions_audit after insert or update or delete on promotions
  for each row execute function audit_row_change('promotion', '{}', '{}');
-- Quotations: only status changes (creation and ERP bookkeeping are not audited).
create trigger quotations_audit after update of status on quotations
  for each row when (old.status is distinct from new.status)
  execute function audit_row_change('quotation', '{}', '{}');

-- Price list items and promotion clients change in sets: one entry per list (or
-- promotion) and statement, over the statement's transition tables. Rows removed by the
-- cascade of their parent's deletion record nothing (the parent's own entry covers
-- them). Each event has its own trigger (transition tables are per event when a trigger
-- lists several); plpgsql plans a statement when it first runs it, so each branch only
-- names the tables its event has.
create function audit_price_list_items() returns trigger
language plpgsql as $$
declare
  v_changes jsonb;
  v_list record;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('list', price_list_id, 'productId', product_id, 'from', null, 'to', price))
      into v_changes from audit_new_items;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('list', price_list_id, 'productId', product_id, 'from', price, 'to', null))
      into v_changes from audit_old_items;
  else
    select jsonb_agg(jsonb_build_object('list', n.price_list_id, 'productId', n.product_id, 'from', o.price, 'to', n.price))
      into v_changes
      from audit_new_items n join audit_old_items o on o.price_list_id = n.price_list_id and o.product_id = n.product_id
     where n.price is distinct from o.price;
  end if;
  for v_list in
    select change ->> 'list' as id, jsonb_agg(change - 'list' order by change ->> 'productId') as prices
      from jsonb_array_elements(coalesce(v_changes, '[]'::jsonb)) as change
     group by 1
  loop
    if exists (select 1 from price_lists where id = v_list.id::uuid) then
      perform audit_record('price_list.prices_changed', 'price_list', v_list.id, jsonb_build_object('prices', v_list.prices));
    end if;
  end loop;
  return null;
end;
$$;
create trigger price_list_items_audit_insert after insert on price_list_items
  referencing new table as audit_new_items for each statement execute function audit_price_list_items();
create trigger price_list_items_audit_update after update on price_list_items
  referencing new table as audit_new_items old table as audit_old_items
  for each statement execute function audit_price_list_items();
create trigger price_list_items_audit_delete after delete on price_list_items
  referencing old table as audit_old_items for each statement execute function audit_price_list_items();

create function audit_promotion_clients() returns trigger
language plpgsql as $$
declare
  v_changes jsonb;
  v_promotion record;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('promotion', promotion_id, 'client', client_id)) into v_changes from audit_new_clients;
  else
    select jsonb_agg(jsonb_build_object('promotion', promotion_id, 'client', client_id)) into v_changes from audit_old_clients;
  end if;
  for v_promotion in
    select change ->> 'promotion' as id, jsonb_agg(change -> 'client' order by change ->> 'client') as clients
      from jsonb_array_elements(coalesce(v_changes, '[]'::jsonb)) as change
     group by 1
  loop
    if exists (select 1 from promotions where id = v_promotion.id::uuid) then
      perform audit_record('promotion.clients_changed', 'promotion', v_promotion.id,
        jsonb_build_object(case when tg_op = 'INSERT' then 'addedClientIds' else 'removedClientIds' end, v_promotion.clients));
    end if;
  end loop;
  return null;
end;
$$;
create trigger promotion_clients_audit_insert after insert on promotion_clients
  referencing new table as audit_new_clients for each statement execute function audit_promotion_clients();
create trigger promotion_clients_audit_delete after delete on promotion_clients
  referencing old table as audit_old_clients for each statement execute function audit_promotion_clients();
