-- Workspaces, bearer tokens, contacts and the do-not-call list.
-- Timestamps are DATETIME so the driver reads them back as time.Time; the
-- store always writes UTC, whose text form sorts in time order.

CREATE TABLE workspaces (
    id            TEXT PRIMARY KEY,
    -- Kept in step with contacts by the store, in the same transaction as
    -- every insert and delete, so the list endpoint's total costs nothing.
    contact_count INTEGER NOT NULL DEFAULT 0,
    created_at    DATETIME NOT NULL
);

CREATE TABLE api_tokens (
    id           TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    identity     TEXT NOT NULL,
    role         TEXT NOT NULL CHECK (role IN ('agent', 'admin')),
    -- Hex SHA-256 of the plaintext; the plaintext is never stored.
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   DATETIME NOT NULL
);

CREATE INDEX api_tokens_workspace_identity ON api_tokens (workspace_id, identity);

CREATE TABLE contacts (
    -- The FTS5 index refers to rows by this integer key; an explicit
    -- INTEGER PRIMARY KEY, unlike the implicit rowid, survives VACUUM.
    seq          INTEGER PRIMARY KEY,
    id           TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    first_name   TEXT NOT NULL DEFAULT '',
    last_name    TEXT NOT NULL DEFAULT '',
    -- E.164 or NULL: NULLs are distinct, so any number of contacts may have
    -- no phone while the unique index below holds for the others.
    phone        TEXT,
    email        TEXT NOT NULL DEFAULT '',
    company      TEXT NOT NULL DEFAULT '',
    notes        TEXT NOT NULL DEFAULT '',
    -- Lower-cased, marker-separated search text built by the store (see the
    -- package doc of store).
    search       TEXT NOT NULL,
    created_at   DATETIME NOT NULL,
    updated_at   DATETIME NOT NULL
);

CREATE UNIQUE INDEX contacts_workspace_phone ON contacts (workspace_id, phone);
CREATE INDEX contacts_workspace_created ON contacts (workspace_id, created_at DESC, id DESC);

-- Substring search: an external-content FTS5 table over contacts.search with
-- the trigram tokenizer, kept current by the triggers below. The store
-- queries it with LIKE, which the trigram tokenizer answers from the index
-- and verifies against the content, so it needs neither token positions
-- (detail=none) nor the per-row sizes that only bm25 ranking uses
-- (columnsize=0); both cut the cost of every insert by about a third.
CREATE VIRTUAL TABLE contacts_fts USING fts5 (
    search,
    content = 'contacts',
    content_rowid = 'seq',
    tokenize = 'trigram',
    detail = none,
    columnsize = 0
);

CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts BEGIN
    INSERT INTO contacts_fts (rowid, search) VALUES (new.seq, new.search);
END;

CREATE TRIGGER contacts_fts_delete AFTER DELETE ON contacts BEGIN
    INSERT INTO contacts_fts (contacts_fts, rowid, search) VALUES ('delete', old.seq, old.search);
END;

CREATE TRIGGER contacts_fts_update AFTER UPDATE OF search ON contacts BEGIN
    INSERT INTO contacts_fts (contacts_fts, rowid, search) VALUES ('delete', old.seq, old.search);
    INSERT INTO contacts_fts (rowid, search) VALUES (new.seq, new.search);
END;

CREATE TABLE dnc_entries (
    id           TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    phone        TEXT NOT NULL,
    reason       TEXT NOT NULL DEFAULT '',
    created_at   DATETIME NOT NULL,
    UNIQUE (workspace_id, phone)
);

CREATE INDEX dnc_entries_workspace_created ON dnc_entries (workspace_id, created_at DESC, id DESC);
