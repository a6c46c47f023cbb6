-- 0009_route_audit: route changes join the audit trail (issue #24, docs/security.md
-- "Audit trail"). A route's calendar decides when every branch on it may order, so who
-- changed it, when, and from what to what is recorded like a price or a key: `route.created`
-- (the row), `route.updated` (`changes: {column: {from, to}}`), `route.deactivated` /
-- `route.activated` (a change of `active`, with the other columns changed with it) and
-- `route.deleted` — by the same generic row trigger as the other audited tables (0004).
-- Routes hold no secret: nothing is hidden; `created_at`/`updated_at` are ignored as everywhere.

-- audit_update_action() as in 0004, with the route's verbs added.
create or replace function audit_update_action(p_entity_type text, old_row jsonb, new_row jsonb, hidden_changed jsonb) returns text
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
    when 'route' then
      if old_row -> 'active' is distinct from new_row -> 'active' then
        return case when (new_row ->> 'active')::boolean then 'route.activated' else 'route.deactivated' end;
      end if;
    else
      null;
  end case;
  return p_entity_type || '.updated';
end;
$$;

create trigger routes_audit after insert or update or delete on routes
  for each row execute function audit_row_change('route', '{}', '{}');
