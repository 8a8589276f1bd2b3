-- Dial lists: an admin's snapshot of contacts (their phones as they were)
-- that agents work through with next (a lease of the next dialable entry),
-- dialling each until it is reached, skipped or out of attempts.

-- remaining counts the entries still pending or leased, moved in the same
-- transaction as the entry that leaves or re-enters those statuses; the
-- write that takes it to 0 makes the list done.
CREATE TABLE dial_lists (
    id            TEXT PRIMARY KEY,
    workspace_id  TEXT NOT NULL,
    name          TEXT NOT NULL,
    caller_id     TEXT NOT NULL DEFAULT '',
    max_attempts  INTEGER NOT NULL,
    retry_minutes INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('active', 'paused', 'done')),
    size          INTEGER NOT NULL,
    remaining     INTEGER NOT NULL,
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL
);
CREATE INDEX dial_lists_workspace_created ON dial_lists (workspace_id, created_at DESC, id DESC);

-- One row per contact of a list. Instants the lease and the queue compare
-- (due_at, lease_until, last_ended_at) are Unix microseconds, read the same
-- way on both databases. due_at is when the entry may be handed out: a
-- pending entry's next attempt, or an undialled lease's end; NULL for an
-- entry in a call and for every finished one. So next reads one range of
-- dial_list_entries_due: the due entries, oldest due first, then by
-- position. call_sid is the last attempt's call, which the call's end (or
-- a later outcome) finds the entry by.
CREATE TABLE dial_list_entries (
    list_id       TEXT NOT NULL REFERENCES dial_lists (id) ON DELETE CASCADE,
    contact_id    TEXT NOT NULL,
    position      INTEGER NOT NULL,
    phone         TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'leased', 'done', 'skipped', 'exhausted')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    due_at        INTEGER,
    lease_until   INTEGER,
    leased_by     TEXT NOT NULL DEFAULT '',
    call_sid      TEXT,
    last_outcome  TEXT NOT NULL DEFAULT '',
    last_ended_at INTEGER,
    skip_reason   TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (list_id, contact_id)
);
CREATE UNIQUE INDEX dial_list_entries_position ON dial_list_entries (list_id, position);
CREATE INDEX dial_list_entries_due ON dial_list_entries (list_id, due_at, position) WHERE due_at IS NOT NULL;
CREATE INDEX dial_list_entries_status ON dial_list_entries (list_id, status, position);
CREATE INDEX dial_list_entries_call ON dial_list_entries (call_sid) WHERE call_sid IS NOT NULL;

-- The dial list whose entry a call dialled (NULL for every other call).
ALTER TABLE calls ADD COLUMN dial_list_id TEXT;
