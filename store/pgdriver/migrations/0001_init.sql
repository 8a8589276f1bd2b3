-- Workspaces, bearer tokens, contacts and the do-not-call list.

-- pg_trgm serves the contacts' substring search. Creating an extension needs
-- a privileged role the first time; later runs find it and do nothing.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE workspaces (
    id            text PRIMARY KEY,
    -- Kept in step with contacts by the store, in the same transaction as
    -- every insert and delete, so the list endpoint's total costs nothing.
    contact_count bigint NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL
);

CREATE TABLE api_tokens (
    id           text PRIMARY KEY,
    workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    identity     text NOT NULL,
    role         text NOT NULL CHECK (role IN ('agent', 'admin')),
    -- Hex SHA-256 of the plaintext; the plaintext is never stored.
    token_hash   text NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL
);

CREATE INDEX api_tokens_workspace_identity ON api_tokens (workspace_id, identity);

CREATE TABLE contacts (
    id           text PRIMARY KEY,
    workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    first_name   text NOT NULL DEFAULT '',
    last_name    text NOT NULL DEFAULT '',
    -- E.164 or NULL: NULLs are distinct, so any number of contacts may have
    -- no phone while the unique index below holds for the others.
    phone        text,
    email        text NOT NULL DEFAULT '',
    company      text NOT NULL DEFAULT '',
    notes        text NOT NULL DEFAULT '',
    -- Lower-cased, marker-separated search text built by the store (see the
    -- package doc of store).
    search       text NOT NULL,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);

CREATE UNIQUE INDEX contacts_workspace_phone ON contacts (workspace_id, phone);
CREATE INDEX contacts_workspace_created ON contacts (workspace_id, created_at DESC, id DESC);
CREATE INDEX contacts_search_trgm ON contacts USING gin (search gin_trgm_ops);

CREATE TABLE dnc_entries (
    id           text PRIMARY KEY,
    workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    phone        text NOT NULL,
    reason       text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL,
    UNIQUE (workspace_id, phone)
);

CREATE INDEX dnc_entries_workspace_created ON dnc_entries (workspace_id, created_at DESC, id DESC);
