-- 0011_user_list_order: the user list's pages (GET /api/users?page=&limit=, the console's
-- Usuarios) read in name order from an index, as the client and company lists do
-- (0006_growth.sql), instead of sorting every user for each page: 100k client logins.
-- The role's own order serves `?role=` (an advisor's or admin's few among the clients).

create index users_name_order_idx on users (lower(name), lower(email), id);
create index users_role_name_order_idx on users (role, lower(name), lower(email), id);
