-- 0003_webhook_delivery: what the webhook dispatcher and administration need beyond
-- 0001's tables (docs/webhooks.md).
--
-- An endpoint's figures (spec "Webhook endpoint": pending count, delivered/failed counts
-- of the last 24 h) are counted per endpoint over up to 30 days of history. A delivered
-- delivery's last_attempt_at is its delivered_at, so one index serves the three counts
-- as range scans instead of a pass over the endpoint's whole history on every list.
create index webhook_deliveries_endpoint_status_idx
  on webhook_deliveries (endpoint_id, status, last_attempt_at);
