-- Token lifetimes and revocation, the do-not-call audit trail, and the
-- service's own secrets (the simulator's auth token).

-- A token may expire (NULL: never) and be revoked; last_used_at is written
-- at most once a minute per token, so reading it costs no write per request.
ALTER TABLE api_tokens ADD COLUMN expires_at timestamptz;
ALTER TABLE api_tokens ADD COLUMN revoked_at timestamptz;
ALTER TABLE api_tokens ADD COLUMN last_used_at timestamptz;

-- A removed do-not-call entry stays as history: the unique phone per
-- workspace holds among the entries still listed only, so a number can be
-- listed again and keep every earlier entry.
ALTER TABLE dnc_entries ADD COLUMN source text NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'import', 'call'));
ALTER TABLE dnc_entries ADD COLUMN added_by text NOT NULL DEFAULT '';
ALTER TABLE dnc_entries ADD COLUMN removed_at timestamptz;
ALTER TABLE dnc_entries ADD COLUMN removed_by text;
ALTER TABLE dnc_entries ADD COLUMN removal_reason text;
ALTER TABLE dnc_entries DROP CONSTRAINT dnc_entries_workspace_id_phone_key;
CREATE UNIQUE INDEX dnc_entries_listed ON dnc_entries (workspace_id, phone) WHERE removed_at IS NULL;
CREATE INDEX dnc_entries_workspace_phone ON dnc_entries (workspace_id, phone, created_at DESC);

CREATE TABLE service_secrets (
    name       text PRIMARY KEY,
    value      text NOT NULL,
    created_at timestamptz NOT NULL
);
