-- 0001_schema: the whole data model of the quotation service.
--
-- Shared by PostgreSQL 15+ and PGlite (Postgres 17 in WASM): core SQL and plpgsql only,
-- ids from gen_random_uuid(). Tables are named after the spec's resources (snake_case
-- plural), columns in snake_case. Instants are timestamptz, route dates are date, money is
-- COP in whole pesos (bigint). The migrator runs this file inside one transaction.
--
-- A change made directly in the database is a supported way in, so the rules that keep
-- rows coherent live here (checks, foreign keys, the client's route/advisor copy, the
-- single default price list), not only in the application. Webhook events are recorded
-- by the triggers of 0002_webhook_event_triggers.sql.
--
-- docs/data-model.md describes every table and decision.

-- ---------------------------------------------------------------------------------------
-- Shared helpers
-- ---------------------------------------------------------------------------------------

-- Keeps updated_at current on every UPDATE, unless the statement sets it itself (so the
-- application can write its own clock's time).
create function set_updated_at() returns trigger
language plpgsql as $$
begin
  if new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Users and sessions
-- ---------------------------------------------------------------------------------------

create table users (
  id            uuid primary key default gen_random_uuid(),
  name          text not null,
  email         text not null,
  password_hash text not null,
  role          text not null,
  active        boolean not null default true,
  company_id    uuid,   -- FK added below (companies is declared later)
  branch_id     uuid,   -- FK added below
  erp_seller_id integer,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  constraint users_role_check check (role in ('admin', 'advisor', 'client')),
  constraint users_email_check check (btrim(email) <> '' and char_length(email) <= 320),
  constraint users_erp_seller_id_check check (erp_seller_id is null or erp_seller_id > 0)
);
-- DUPLICATE_EMAIL: e-mails are unique regardless of case.
create unique index users_email_lower_key on users (lower(email));
create index users_role_idx on users (role);
create index users_company_id_idx on users (company_id);
create index users_branch_id_idx on users (branch_id);
create trigger users_set_updated_at before update on users
  for each row execute function set_updated_at();

-- Refresh tokens: only a hash of the token is stored. Each login starts a family; every
-- refresh spends the presented token and issues the next one in the same family.
-- Reusing a spent token revokes all of the user's tokens (CONTRACT.md, Sessions).
create table refresh_tokens (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid not null references users (id) on delete cascade,
  family_id   uuid not null default gen_random_uuid(),
  token_hash  text not null,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  spent_at    timestamptz,
  revoked_at  timestamptz,
  replaced_by uuid references refresh_tokens (id) on delete set null,
  constraint refresh_tokens_token_hash_key unique (token_hash)
);
create index refresh_tokens_user_id_idx on refresh_tokens (user_id);
create index refresh_tokens_family_id_idx on refresh_tokens (family_id);
create index refresh_tokens_expires_at_idx on refresh_tokens (expires_at);

-- ---------------------------------------------------------------------------------------
-- Routes
-- ---------------------------------------------------------------------------------------

-- The route's scheduleLabel (and the deprecated `day`) are derived from the calendar by
-- the application on read; they are not stored, so a direct UPDATE can never leave them
-- stale.
create table routes (
  id                 uuid primary key default gen_random_uuid(),
  name               text not null,
  description        text,
  operation_days     integer[] not null,
  frequency          text not null default 'weekly',
  anchor_date        date,
  cutoff_days_before integer not null default 1,
  cutoff_time        text not null,
  city               text,
  quadrant_id        text,
  quadrant_name      text,
  map_zone           text,
  bounds             jsonb,
  center             jsonb,
  street_from        text,
  street_to          text,
  carrera_from       text,
  carrera_to         text,
  advisor_id         uuid references users (id) on delete set null,
  active             boolean not null default true,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  constraint routes_name_check check (btrim(name) <> ''),
  -- ISO weekdays 1 (Monday) .. 7 (Sunday), at least one, no nulls (sorted and
  -- de-duplicated by routes_normalize_operation_days).
  constraint routes_operation_days_check check (
    cardinality(operation_days) >= 1
    and array_ndims(operation_days) = 1
    and array_position(operation_days, null) is null
    and operation_days <@ array[1, 2, 3, 4, 5, 6, 7]
  ),
  constraint routes_frequency_check check (frequency in ('weekly', 'biweekly')),
  -- Biweekly routes need an anchor date on one of their operating days; weekly routes
  -- have none (switching to weekly clears it).
  constraint routes_anchor_date_check check (
    (frequency = 'weekly' and anchor_date is null)
    or (
      frequency = 'biweekly'
      and anchor_date is not null
      and extract(isodow from anchor_date)::integer = any (operation_days)
    )
  ),
  constraint routes_cutoff_days_before_check check (cutoff_days_before between 0 and 13),
  -- HH:MM, 00:00 .. 23:59, America/Bogota.
  constraint routes_cutoff_time_check check (cutoff_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
create index routes_advisor_id_idx on routes (advisor_id);
create index routes_active_name_idx on routes (active, name);
create trigger routes_set_updated_at before update on routes
  for each row execute function set_updated_at();

-- Keeps operation_days canonical (ascending, no repeats), so {4,1,1} and {1,4} are the
-- same calendar and comparisons are plain equality.
create function routes_normalize_operation_days() returns trigger
language plpgsql as $$
begin
  if new.operation_days is not null then
    new.operation_days := array(
      select distinct d from unnest(new.operation_days) as d order by d
    );
  end if;
  return new;
end;
$$;
create trigger routes_normalize_operation_days
  before insert or update of operation_days on routes
  for each row execute function routes_normalize_operation_days();

-- ---------------------------------------------------------------------------------------
-- Companies and branches
-- ---------------------------------------------------------------------------------------

create table companies (
  id                 uuid primary key default gen_random_uuid(),
  name               text not null,
  nit                text not null,
  email              text,
  phone              text,
  address            text,
  active             boolean not null default true,
  erp_customer_id    text,
  erp_sync_status    text not null default 'local',
  erp_origin         text not null default 'local',
  erp_last_sync_at   timestamptz,
  erp_last_import_at timestamptz,
  erp_last_error     text,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  constraint companies_name_check check (btrim(name) <> ''),
  constraint companies_nit_check check (btrim(nit) <> ''),
  -- DUPLICATE_NIT
  constraint companies_nit_key unique (nit),
  constraint companies_erp_sync_status_check
    check (erp_sync_status in ('local', 'pending', 'synced', 'error')),
  -- local: created in the service; erp: imported from the ERP.
  constraint companies_erp_origin_check check (erp_origin in ('local', 'erp'))
);
-- One local company per ERP customer.
create unique index companies_erp_customer_id_key on companies (erp_customer_id)
  where erp_customer_id is not null;
create index companies_erp_sync_status_idx on companies (erp_sync_status);
create index companies_name_idx on companies (name);
create trigger companies_set_updated_at before update on companies
  for each row execute function set_updated_at();

-- Deleting a company deletes its branches (spec: DELETE /api/companies/:id).
create table branches (
  id         uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name       text not null,
  address    text,
  city       text,
  route_id   uuid references routes (id) on delete set null,
  advisor_id uuid references users (id) on delete set null,
  active     boolean not null default true,
  latitude   double precision,
  longitude  double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint branches_name_check check (btrim(name) <> ''),
  constraint branches_latitude_check check (latitude is null or latitude between -90 and 90),
  constraint branches_longitude_check check (longitude is null or longitude between -180 and 180)
);
create index branches_company_id_idx on branches (company_id);
create index branches_route_id_idx on branches (route_id);
create index branches_advisor_id_idx on branches (advisor_id);
create trigger branches_set_updated_at before update on branches
  for each row execute function set_updated_at();

-- Users keep their row when their company or branch is deleted (spec: "users and
-- quotations keep company_id null").
alter table users
  add constraint users_company_id_fkey foreign key (company_id)
    references companies (id) on delete set null,
  add constraint users_branch_id_fkey foreign key (branch_id)
    references branches (id) on delete set null;

-- ---------------------------------------------------------------------------------------
-- Catalog, price lists, promotions
-- ---------------------------------------------------------------------------------------

create table categories (
  id         uuid primary key default gen_random_uuid(),
  name       text not null,
  erp_id     text,   -- the ERP's account group id
  active     boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint categories_name_check check (btrim(name) <> '')
);
create unique index categories_erp_id_key on categories (erp_id) where erp_id is not null;
create index categories_name_idx on categories (name);
create trigger categories_set_updated_at before update on categories
  for each row execute function set_updated_at();

create table products (
  id              uuid primary key default gen_random_uuid(),
  sku             text not null,
  name            text not null,
  description     text,
  unit            text not null default 'unidad',
  category_id     uuid references categories (id) on delete set null,
  erp_id          text,   -- the ERP's product id; null = never synced (QUOTE_HAS_UNSYNCED_PRODUCTS)
  stock           numeric not null default 0,
  stock_tracked   boolean not null default true,
  stock_synced_at timestamptz,
  active          boolean not null default true,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  constraint products_sku_key unique (sku),
  constraint products_sku_check check (btrim(sku) <> ''),
  constraint products_name_check check (btrim(name) <> '')
);
create unique index products_erp_id_key on products (erp_id) where erp_id is not null;
create index products_category_id_idx on products (category_id);
create index products_active_name_idx on products (active, name);
create trigger products_set_updated_at before update on products
  for each row execute function set_updated_at();

create table price_lists (
  id           uuid primary key default gen_random_uuid(),
  name         text not null,
  active       boolean not null default true,
  is_default   boolean not null default false,
  erp_position smallint,   -- the ERP price list position (1..12) this list mirrors, if any
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  constraint price_lists_name_check check (btrim(name) <> ''),
  constraint price_lists_erp_position_check check (erp_position is null or erp_position between 1 and 12),
  -- The general list is the one every client falls back to: it stays active.
  constraint price_lists_default_active_check check (not is_default or active)
);
-- Exactly one default ("general") list: at most one by this index, and
-- price_lists_keep_default below refuses to leave other lists without a default.
-- To move the default, clear the old one first, then set the new one (two statements,
-- one transaction): the index is checked row by row.
create unique index price_lists_one_default_key on price_lists (is_default) where is_default;
create trigger price_lists_set_updated_at before update on price_lists
  for each row execute function set_updated_at();

-- Checked at commit, so a transaction may clear the old default before setting the new.
create function price_lists_keep_default() returns trigger
language plpgsql as $$
begin
  if exists (select 1 from price_lists)
     and not exists (select 1 from price_lists where is_default) then
    raise exception 'exactly one price list must be the default (general) list'
      using errcode = '23514', constraint = 'price_lists_one_default';
  end if;
  return null;
end;
$$;
create constraint trigger price_lists_keep_default
  after update of is_default or delete on price_lists
  deferrable initially deferred
  for each row when (old.is_default)
  execute function price_lists_keep_default();

create table price_list_items (
  price_list_id uuid not null references price_lists (id) on delete cascade,
  product_id    uuid not null references products (id) on delete cascade,
  price         bigint not null,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  constraint price_list_items_pkey primary key (price_list_id, product_id),
  constraint price_list_items_price_check check (price >= 0)
);
create index price_list_items_product_id_idx on price_list_items (product_id);
create trigger price_list_items_set_updated_at before update on price_list_items
  for each row execute function set_updated_at();

create table promotions (
  id         uuid primary key default gen_random_uuid(),
  name       text not null,
  kind       text not null,
  product_id uuid not null references products (id) on delete cascade,
  price      bigint not null,
  starts_at  timestamptz not null default now(),
  ends_at    timestamptz,   -- null: no end
  active     boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint promotions_name_check check (btrim(name) <> ''),
  constraint promotions_kind_check check (kind in ('general', 'specific')),
  constraint promotions_price_check check (price >= 0),
  constraint promotions_period_check check (ends_at is null or ends_at > starts_at)
);
create index promotions_product_id_idx on promotions (product_id);
create index promotions_active_period_idx on promotions (active, starts_at, ends_at);
create trigger promotions_set_updated_at before update on promotions
  for each row execute function set_updated_at();

-- ---------------------------------------------------------------------------------------
-- Clients
-- ---------------------------------------------------------------------------------------

-- company_id / branch_id are nullable with ON DELETE SET NULL: deleting a company
-- cascades to its branches, and its clients (with their phones and quotations) stay,
-- detached. route_id / advisor_id are a copy of the branch's, kept by triggers below.
create table clients (
  id            uuid primary key default gen_random_uuid(),
  name          text not null,
  nit           text not null,
  email         text,
  active        boolean not null default true,
  user_id       uuid references users (id) on delete set null,
  company_id    uuid references companies (id) on delete set null,
  branch_id     uuid references branches (id) on delete set null,
  price_list_id uuid references price_lists (id) on delete set null,   -- null = general list
  route_id      uuid references routes (id) on delete set null,       -- = branch's (trigger)
  advisor_id    uuid references users (id) on delete set null,        -- = branch's (trigger)
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  constraint clients_name_check check (btrim(name) <> ''),
  constraint clients_nit_check check (btrim(nit) <> ''),
  -- DUPLICATE_NIT
  constraint clients_nit_key unique (nit),
  -- A login user has at most one client record.
  constraint clients_user_id_key unique (user_id)
);
create index clients_company_id_idx on clients (company_id);
create index clients_branch_id_idx on clients (branch_id);
create index clients_route_id_idx on clients (route_id);
create index clients_advisor_id_idx on clients (advisor_id);
create index clients_price_list_id_idx on clients (price_list_id);
create index clients_name_idx on clients (name);
create index clients_created_at_idx on clients (created_at);
create trigger clients_set_updated_at before update on clients
  for each row execute function set_updated_at();

-- The client's route and advisor are inherited from its branch (spec: Users rule 2 and
-- Clients PUT): recomputed whenever the branch is set or changed.
create function clients_inherit_from_branch() returns trigger
language plpgsql as $$
begin
  if new.branch_id is null then
    new.route_id := null;
    new.advisor_id := null;
  else
    select b.route_id, b.advisor_id into new.route_id, new.advisor_id
      from branches b where b.id = new.branch_id;
  end if;
  return new;
end;
$$;
create trigger clients_inherit_from_branch
  before insert or update of branch_id, route_id, advisor_id on clients
  for each row execute function clients_inherit_from_branch();

-- A branch's new route or advisor flows to the clients of that branch.
create function branches_propagate_to_clients() returns trigger
language plpgsql as $$
begin
  update clients c
     set route_id = new.route_id, advisor_id = new.advisor_id
   where c.branch_id = new.id
     and (c.route_id is distinct from new.route_id or c.advisor_id is distinct from new.advisor_id);
  return null;
end;
$$;
create trigger branches_propagate_to_clients
  after update of route_id, advisor_id on branches
  for each row
  when (old.route_id is distinct from new.route_id or old.advisor_id is distinct from new.advisor_id)
  execute function branches_propagate_to_clients();

-- Phones in E.164 form. The same number may belong to several clients, never twice to
-- one client (DUPLICATE_PHONE).
create table client_phones (
  id           uuid primary key default gen_random_uuid(),
  client_id    uuid not null references clients (id) on delete cascade,
  phone        text not null,
  label        text,
  is_messaging boolean not null default true,
  created_at   timestamptz not null default now(),
  constraint client_phones_phone_check check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  constraint client_phones_client_id_phone_key unique (client_id, phone)
);
create index client_phones_phone_idx on client_phones (phone);

create table promotion_clients (
  promotion_id uuid not null references promotions (id) on delete cascade,
  client_id    uuid not null references clients (id) on delete cascade,
  created_at   timestamptz not null default now(),
  constraint promotion_clients_pkey primary key (promotion_id, client_id)
);
create index promotion_clients_client_id_idx on promotion_clients (client_id);

-- ---------------------------------------------------------------------------------------
-- API keys and idempotency
-- ---------------------------------------------------------------------------------------

-- Only a bcrypt hash of the full key is stored. lineage_id is shared by a key and every
-- key that replaced it by rotation (the rotate operation copies it): idempotency and
-- "quotations created with the same key" are scoped to the lineage.
create table api_keys (
  id           uuid primary key default gen_random_uuid(),
  name         text not null,
  key_prefix   text not null,
  key_hash     text not null,
  scopes       text[] not null,
  active       boolean not null default true,
  lineage_id   uuid not null default gen_random_uuid(),
  replaced_by  uuid references api_keys (id) on delete set null,
  created_by   uuid references users (id) on delete set null,
  last_used_at timestamptz,
  created_at   timestamptz not null default now(),
  revoked_at   timestamptz,
  expires_at   timestamptz,   -- null: never expires
  constraint api_keys_name_check check (btrim(name) <> ''),
  constraint api_keys_scopes_check check (
    cardinality(scopes) >= 1
    and scopes <@ array['catalog:read', 'clients:read', 'prices:read', 'cutoff:read', 'quotations:write']
  )
);
create index api_keys_key_prefix_idx on api_keys (key_prefix);
create index api_keys_lineage_id_idx on api_keys (lineage_id);

-- ---------------------------------------------------------------------------------------
-- Quotations
-- ---------------------------------------------------------------------------------------

create sequence quotation_code_seq as bigint start with 1;

-- COT- and at least 6 digits (COT-000001, ...). Past 999999 the number simply grows a
-- digit instead of being truncated by lpad.
create function next_quotation_code() returns text
language plpgsql volatile as $$
declare
  n bigint := nextval('quotation_code_seq');
begin
  return 'COT-' || lpad(n::text, greatest(6, char_length(n::text)), '0');
end;
$$;

create table quotations (
  id                   uuid primary key default gen_random_uuid(),
  code                 text not null default next_quotation_code(),
  status               text not null default 'pending',
  source               text not null default 'web',
  total                bigint not null default 0,
  notes                text,
  route_date           date,
  client_id            uuid not null references clients (id) on delete restrict,
  company_id           uuid references companies (id) on delete set null,
  branch_id            uuid references branches (id) on delete set null,
  advisor_id           uuid references users (id) on delete set null,
  route_id             uuid references routes (id) on delete set null,
  api_key_id           uuid references api_keys (id) on delete set null,   -- integration-created
  created_by           uuid references users (id) on delete set null,      -- web-created
  erp_quotation_id     text,
  erp_quotation_number text,
  erp_url              text,
  erp_synced_at        timestamptz,
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now(),
  constraint quotations_code_key unique (code),
  constraint quotations_code_check check (code ~ '^COT-[0-9]{6,}$'),
  constraint quotations_status_check check (
    status in ('draft', 'sent', 'pending', 'approved', 'rejected', 'synced', 'sent_to_erp')
  ),
  constraint quotations_source_check check (source in ('web', 'chat')),
  constraint quotations_total_check check (total >= 0),
  constraint quotations_notes_check check (notes is null or char_length(notes) <= 2000)
);
create index quotations_client_id_idx on quotations (client_id, created_at);
create index quotations_company_id_idx on quotations (company_id, created_at);
create index quotations_branch_id_idx on quotations (branch_id);
create index quotations_advisor_id_idx on quotations (advisor_id, created_at);
create index quotations_route_id_idx on quotations (route_id, route_date);
create index quotations_api_key_id_idx on quotations (api_key_id);
create index quotations_status_idx on quotations (status, created_at);
create index quotations_created_at_idx on quotations (created_at);
create trigger quotations_set_updated_at before update on quotations
  for each row execute function set_updated_at();

-- Items keep a snapshot of sku and name: a product deleted from the catalog leaves
-- product_id null (QUOTE_HAS_DELETED_PRODUCTS).
create table quotation_items (
  id           uuid primary key default gen_random_uuid(),
  quotation_id uuid not null references quotations (id) on delete cascade,
  position     integer not null default 0,
  product_id   uuid references products (id) on delete set null,
  sku          text not null,
  name         text not null,
  quantity     numeric not null,
  unit_price   bigint not null,
  price_type   text not null,
  subtotal     bigint not null,
  created_at   timestamptz not null default now(),
  constraint quotation_items_quantity_check check (quantity > 0),
  constraint quotation_items_unit_price_check check (unit_price >= 0),
  constraint quotation_items_subtotal_check check (subtotal >= 0),
  constraint quotation_items_price_type_check check (price_type in ('promotion', 'price_list'))
);
create index quotation_items_quotation_id_idx on quotation_items (quotation_id, position);
create index quotation_items_product_id_idx on quotation_items (product_id);

create table quotation_comments (
  id           uuid primary key default gen_random_uuid(),
  quotation_id uuid not null references quotations (id) on delete cascade,
  author_id    uuid references users (id) on delete set null,
  text         text not null,
  created_at   timestamptz not null default now(),
  constraint quotation_comments_text_check check (btrim(text) <> '' and char_length(text) <= 5000)
);
create index quotation_comments_quotation_id_idx on quotation_comments (quotation_id, created_at);

-- One row per (lineage, Idempotency-Key). Concurrent creates with the same key are
-- resolved by the unique constraint: the loser gets a unique violation (or nothing from
-- ON CONFLICT DO NOTHING) once the winner commits, and replays the winner's quotation.
-- quotation_id may be null while the claiming transaction is still creating it.
create table idempotency_records (
  id           uuid primary key default gen_random_uuid(),
  lineage_id   uuid not null,
  key          text not null,
  api_key_id   uuid references api_keys (id) on delete set null,
  quotation_id uuid references quotations (id) on delete cascade,
  request_hash text,
  created_at   timestamptz not null default now(),
  constraint idempotency_records_key_check check (char_length(key) between 1 and 100),
  constraint idempotency_records_lineage_id_key_key unique (lineage_id, key)
);
create index idempotency_records_quotation_id_idx on idempotency_records (quotation_id);
create index idempotency_records_created_at_idx on idempotency_records (created_at);

-- ---------------------------------------------------------------------------------------
-- Webhooks
-- ---------------------------------------------------------------------------------------

create table webhook_endpoints (
  id                         uuid primary key default gen_random_uuid(),
  name                       text not null,
  url                        text not null,
  events                     text[] not null,
  sources                    text[],   -- null: every source
  active                     boolean not null default true,
  secret                     text not null,
  previous_secret            text,
  previous_secret_expires_at timestamptz,
  last_success_at            timestamptz,
  last_failure_at            timestamptz,
  created_at                 timestamptz not null default now(),
  updated_at                 timestamptz not null default now(),
  constraint webhook_endpoints_name_check check (btrim(name) <> ''),
  constraint webhook_endpoints_events_check check (
    cardinality(events) >= 1
    and events <@ array[
      'quotation.created', 'quotation.status_changed', 'quotation.approved',
      'quotation.rejected', 'quotation.comment_added', 'client.created',
      'client.updated', 'branch.updated', 'route.updated'
    ]
  ),
  constraint webhook_endpoints_sources_check check (
    sources is null or (cardinality(sources) >= 1 and sources <@ array['web', 'chat'])
  ),
  constraint webhook_endpoints_previous_secret_check check (
    (previous_secret is null) = (previous_secret_expires_at is null)
  )
);
create trigger webhook_endpoints_set_updated_at before update on webhook_endpoints
  for each row execute function set_updated_at();

-- Events carry no payload: `data` is built at send time from the entity (spec: "Entities
-- in data reflect their state at send time"). The columns hold what only the moment of
-- the change knows: the status pair, the changed fields, the comment, the source.
create table webhook_events (
  id              uuid primary key default gen_random_uuid(),
  seq             bigint generated always as identity,
  type            text not null,
  entity_type     text not null,
  entity_id       uuid not null,
  source          text,          -- quotation events: the quotation's source
  changes         text[] not null default '{}',
  status          text,          -- quotation status events: the new status
  previous_status text,          -- quotation status events: the status before
  comment_id      uuid,          -- quotation.comment_added: the comment
  transaction_id  bigint not null default pg_current_xact_id()::text::bigint,   -- top-level transaction
  dispatched_at   timestamptz,   -- set by the fan-out once deliveries exist
  created_at      timestamptz not null default now(),
  constraint webhook_events_seq_key unique (seq),
  constraint webhook_events_type_check check (type in (
    'quotation.created', 'quotation.status_changed', 'quotation.approved',
    'quotation.rejected', 'quotation.comment_added', 'client.created',
    'client.updated', 'branch.updated', 'route.updated', 'ping'
  )),
  constraint webhook_events_entity_type_check
    check (entity_type in ('quotation', 'client', 'branch', 'route', 'webhook_endpoint')),
  constraint webhook_events_source_check check (source is null or source in ('web', 'chat'))
);
create index webhook_events_entity_idx on webhook_events (entity_id, type);
create index webhook_events_created_at_idx on webhook_events (created_at);
create index webhook_events_undispatched_idx on webhook_events (seq) where dispatched_at is null;

create table webhook_deliveries (
  id               uuid primary key default gen_random_uuid(),
  event_id         uuid not null references webhook_events (id) on delete cascade,
  endpoint_id      uuid not null references webhook_endpoints (id) on delete cascade,
  status           text not null default 'pending',
  attempts         integer not null default 0,
  next_attempt_at  timestamptz default now(),   -- null once delivered or failed
  last_attempt_at  timestamptz,
  delivered_at     timestamptz,
  last_status_code integer,
  last_error       text,
  last_duration_ms integer,
  locked_until     timestamptz,
  locked_by        text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  constraint webhook_deliveries_status_check check (status in ('pending', 'delivered', 'failed')),
  constraint webhook_deliveries_attempts_check check (attempts >= 0),
  -- One delivery per event and endpoint: fan-out is idempotent (ON CONFLICT DO NOTHING).
  constraint webhook_deliveries_event_id_endpoint_id_key unique (event_id, endpoint_id)
);
create index webhook_deliveries_due_idx on webhook_deliveries (status, next_attempt_at);
create index webhook_deliveries_endpoint_id_idx on webhook_deliveries (endpoint_id, created_at);
create trigger webhook_deliveries_set_updated_at before update on webhook_deliveries
  for each row execute function set_updated_at();

-- ---------------------------------------------------------------------------------------
-- ERP (Siigo)
-- ---------------------------------------------------------------------------------------

-- A single row (id = true).
create table erp_settings (
  id                     boolean primary key default true,
  partner_id             text,
  username               text,
  access_key_encrypted   text,
  base_url               text not null default 'https://api.siigo.com',
  access_token_encrypted text,          -- cached token
  token_expires_at       timestamptz,
  quotation_document_id  integer,       -- cached quotation document type (type C)
  updated_by             uuid references users (id) on delete set null,
  created_at             timestamptz not null default now(),
  updated_at             timestamptz not null default now(),
  constraint erp_settings_single_row check (id)
);
create trigger erp_settings_set_updated_at before update on erp_settings
  for each row execute function set_updated_at();

create table erp_sync_runs (
  id                 uuid primary key default gen_random_uuid(),
  kind               text not null default 'products',
  mode               text not null default 'full',
  status             text not null default 'running',
  trigger_source     text not null default 'manual',
  started_at         timestamptz not null default now(),
  finished_at        timestamptz,
  duration_ms        integer,
  items_processed    integer not null default 0,
  items_created      integer not null default 0,
  items_updated      integer not null default 0,
  items_deactivated  integer not null default 0,
  errors             integer not null default 0,
  error_details      jsonb,          -- per-item errors
  error_message      text,
  message            text,
  cursor             jsonb,          -- continuation state of a partial run
  triggered_by       uuid references users (id) on delete set null,
  constraint erp_sync_runs_kind_check check (kind in ('products', 'customers')),
  constraint erp_sync_runs_mode_check check (mode in ('full', 'incremental')),
  constraint erp_sync_runs_status_check check (status in ('running', 'success', 'partial', 'error')),
  constraint erp_sync_runs_trigger_source_check check (trigger_source in ('manual', 'cron', 'schedule', 'startup')),
  constraint erp_sync_runs_counts_check check (
    items_processed >= 0 and items_created >= 0 and items_updated >= 0
    and items_deactivated >= 0 and errors >= 0
  )
);
-- SYNC_ALREADY_RUNNING: at most one running run per kind. A crashed run must be closed
-- (status error) by the application before a new one can start.
create unique index erp_sync_runs_one_running_key on erp_sync_runs (kind) where status = 'running';
create index erp_sync_runs_kind_started_at_idx on erp_sync_runs (kind, started_at);

create table erp_quotation_operations (
  id            uuid primary key default gen_random_uuid(),
  quotation_id  uuid not null references quotations (id) on delete cascade,
  erp_quote_id  text,
  status        text not null default 'pending',
  error_message text,
  attempt_count integer not null default 0,
  erp_response  jsonb,
  triggered_by  uuid references users (id) on delete set null,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  constraint erp_quotation_operations_status_check check (status in ('pending', 'success', 'error')),
  constraint erp_quotation_operations_attempt_count_check check (attempt_count >= 0)
);
-- "A second success cannot be recorded if one exists" (POST /quotes/:quoteId/retry).
create unique index erp_quotation_operations_one_success_key
  on erp_quotation_operations (quotation_id) where status = 'success';
create index erp_quotation_operations_quotation_id_idx
  on erp_quotation_operations (quotation_id, created_at);
create trigger erp_quotation_operations_set_updated_at before update on erp_quotation_operations
  for each row execute function set_updated_at();

create table erp_customer_operations (
  id              uuid primary key default gen_random_uuid(),
  company_id      uuid not null references companies (id) on delete cascade,
  erp_customer_id text,
  operation       text not null,
  status          text not null default 'pending',
  error_message   text,
  duration_ms     integer,
  triggered_by    uuid references users (id) on delete set null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  constraint erp_customer_operations_operation_check check (operation in ('import', 'create', 'update')),
  constraint erp_customer_operations_status_check check (status in ('pending', 'success', 'error'))
);
create index erp_customer_operations_company_id_idx on erp_customer_operations (company_id, created_at);
create trigger erp_customer_operations_set_updated_at before update on erp_customer_operations
  for each row execute function set_updated_at();

-- ---------------------------------------------------------------------------------------
-- E-mail outbox
-- ---------------------------------------------------------------------------------------

-- `to` is a reserved word in SQL, hence to_address.
create table email_outbox (
  id              uuid primary key default gen_random_uuid(),
  to_address      text not null,
  subject         text not null,
  body            text not null,
  kind            text not null,
  status          text not null default 'pending',
  attempts        integer not null default 0,
  next_attempt_at timestamptz default now(),
  locked_until    timestamptz,
  last_error      text,
  created_at      timestamptz not null default now(),
  sent_at         timestamptz,
  constraint email_outbox_status_check check (status in ('pending', 'sent', 'failed')),
  constraint email_outbox_attempts_check check (attempts >= 0)
);
create index email_outbox_due_idx on email_outbox (status, next_attempt_at);
