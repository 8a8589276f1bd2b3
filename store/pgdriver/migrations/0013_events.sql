-- Events out: the outbox of events (each written in the transaction of the
-- change it reports), the webhook endpoints they are delivered to, and one
-- row per delivery attempt. River's own tables (the delivery jobs) are
-- migrated by River's migrator, not here.

CREATE TABLE events (
    id           TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    type         TEXT NOT NULL,
    data         TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
-- One index besides the key: every change writes an event, so each index
-- is paid for on every write. A list by type walks this one too, and the
-- retention job deletes by id, which orders events by time (UUIDv7).
CREATE INDEX events_workspace_created ON events (workspace_id, created_at DESC, id DESC);

CREATE TABLE webhook_endpoints (
    id                    TEXT PRIMARY KEY,
    workspace_id          TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    url                   TEXT NOT NULL,
    description           TEXT NOT NULL DEFAULT '',
    -- The subscribed event types, space-separated.
    events                TEXT NOT NULL,
    enabled               BOOLEAN NOT NULL,
    disabled_reason       TEXT NOT NULL DEFAULT '',
    secret                TEXT NOT NULL,
    previous_secret       TEXT NOT NULL DEFAULT '',
    previous_secret_until TIMESTAMPTZ,
    failing_since         TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL,
    updated_at            TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhook_endpoints_workspace_created ON webhook_endpoints (workspace_id, created_at DESC, id DESC);

CREATE TABLE webhook_deliveries (
    id              TEXT PRIMARY KEY,
    workspace_id    TEXT NOT NULL,
    endpoint_id     TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL,
    event_type      TEXT NOT NULL,
    attempt         INTEGER NOT NULL,
    result          TEXT NOT NULL,
    status_code     INTEGER NOT NULL DEFAULT 0,
    error           TEXT NOT NULL DEFAULT '',
    duration_ms     INTEGER NOT NULL,
    attempted_at    TIMESTAMPTZ NOT NULL,
    next_attempt_at TIMESTAMPTZ
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, attempted_at DESC, id DESC);
CREATE INDEX webhook_deliveries_attempted ON webhook_deliveries (attempted_at);
