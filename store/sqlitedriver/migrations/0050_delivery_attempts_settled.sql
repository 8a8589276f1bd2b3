-- Only an event's newest attempt to an endpoint may read 'retrying': an
-- earlier attempt has had its retry, so it reads its own outcome, 'failed',
-- with no next attempt. Attempts recorded before this rule are settled
-- here; the store keeps it from now on (RecordDelivery), and the partial
-- index finds the few attempts that still wait for their retry.
UPDATE webhook_deliveries
SET result = 'failed', next_attempt_at = NULL
WHERE result = 'retrying'
  AND EXISTS (
      SELECT 1 FROM webhook_deliveries later
      WHERE later.endpoint_id = webhook_deliveries.endpoint_id
        AND later.event_id = webhook_deliveries.event_id
        AND later.attempted_at > webhook_deliveries.attempted_at);

CREATE INDEX webhook_deliveries_retrying ON webhook_deliveries (endpoint_id, event_id) WHERE result = 'retrying';
