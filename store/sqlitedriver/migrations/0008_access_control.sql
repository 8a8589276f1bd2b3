-- Token lifetimes and revocation, the do-not-call audit trail, and the
-- service's own secrets (the simulator's auth token).

-- A token may expire (NULL: never) and be revoked; last_used_at is written
-- at most once a minute per token, so reading it costs no write per request.
ALTER TABLE api_tokens ADD COLUMN expires_at DATETIME;
ALTER TABLE api_tokens ADD COLUMN revoked_at DATETIME;
ALTER TABLE api_tokens ADD COLUMN last_used_at DATETIME;

-- A removed do-not-call entry stays as history: the unique phone per
-- workspace holds among the entries still listed only, so a number can be
-- listed again and keep every earlier entry. SQLite cannot drop the old
-- table constraint, so the table is rebuilt.
CREATE TABLE dnc_entries_new (
    id             TEXT PRIMARY KEY,
    workspace_id   TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    phone          TEXT NOT NULL,
    reason         TEXT NOT NULL DEFAULT '',
    created_at     DATETIME NOT NULL,
    source         TEXT NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'import', 'call')),
    added_by       TEXT NOT NULL DEFAULT '',
    removed_at     DATETIME,
    removed_by     TEXT,
    removal_reason TEXT
);
INSERT INTO dnc_entries_new (id, workspace_id, phone, reason, created_at)
    SELECT id, workspace_id, phone, reason, created_at FROM dnc_entries;
DROP TABLE dnc_entries;
ALTER TABLE dnc_entries_new RENAME TO dnc_entries;
CREATE INDEX dnc_entries_workspace_created ON dnc_entries (workspace_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX dnc_entries_listed ON dnc_entries (workspace_id, phone) WHERE removed_at IS NULL;
CREATE INDEX dnc_entries_workspace_phone ON dnc_entries (workspace_id, phone, created_at DESC);

CREATE TABLE service_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at DATETIME NOT NULL
);
