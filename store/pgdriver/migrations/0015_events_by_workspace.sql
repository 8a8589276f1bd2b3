-- Events keyed by (workspace_id, id), with no other index: every change
-- writes an event and pays for each index. The id is a UUIDv7 whose first
-- 60 bits are the event's time (to 256 ns), and created_at is that time,
-- so ordering a workspace's events by id is ordering them by time: the key
-- serves the list, the retention job and the lookups by id.
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD PRIMARY KEY (workspace_id, id);
DROP INDEX events_workspace_created;

-- The events not yet turned into delivery jobs. A change writes its event
-- and a row here; the relay (store/event_relay.go), off the request's
-- path, takes a batch (SKIP LOCKED, so instances share the work), queues
-- one job per subscribed endpoint and deletes the batch, in one
-- transaction. Queuing River's jobs in the change's own transaction made a
-- contact create half as slow again. (SQLite, with its single writer,
-- keeps a mark per workspace instead.)
CREATE TABLE event_outbox (
    event_id     TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    type         TEXT NOT NULL
);
