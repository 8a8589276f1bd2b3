-- Each workspace's contacts in a range of seq of their own (issue 23).
--
-- The FTS5 index is one for every workspace and lists its rows by rowid,
-- the contacts' seq. A search read the candidates of every workspace and
-- looked each one up in contacts only to drop the other workspaces' rows:
-- in a database of two workspaces of 200,000 contacts, half of `hedy l`'s
-- 4,530 candidates, and in one of many workspaces nearly all of them. With
-- a workspace's rows in a range of seq, a search hands FTS5 that range and
-- FTS5 reads only that part of each trigram's list. The workspace's rows
-- are then also stored side by side in the table, whose order is seq.
--
-- A workspace's range starts at contact_seq_base, a multiple of 2^40 (about
-- 10^12 contacts a workspace; 2^23, about 8 million, workspaces fit in
-- SQLite's 64-bit integers), and its contacts are numbered up from there in
-- the order they are inserted, as before.
ALTER TABLE workspaces ADD COLUMN contact_seq_base INTEGER;

UPDATE workspaces SET contact_seq_base = o.n << 40
FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM workspaces) AS o
WHERE o.id = workspaces.id;

CREATE UNIQUE INDEX workspaces_contact_seq_base ON workspaces (contact_seq_base);

-- A new workspace takes the range after the last one.
CREATE TRIGGER workspaces_contact_seq_base AFTER INSERT ON workspaces
WHEN new.contact_seq_base IS NULL
BEGIN
    UPDATE workspaces SET contact_seq_base = (SELECT coalesce(max(contact_seq_base), 0) + (1 << 40) FROM workspaces)
    WHERE id = new.id;
END;

-- The stored contacts move to their workspace's range, in the order they
-- were inserted, by a copy of the table (SQLite's way to change what a
-- table is: an update of every row's key kept a copy of each row it moved
-- in memory, where the store's connections keep temporary data, 520 MB for
-- 400,000 contacts; the copy needs the map of keys, 40 MB, and writes the
-- new table in key order). The indexes and triggers are those of the
-- table before (migrations 0001 and 0074; the workspace's index by time is
-- now contacts_by_workspace_created), the rows listed out of insertion
-- order move with their contacts, and the search index is built again over
-- the new keys.
CREATE TEMP TABLE contact_seq_moves (new INTEGER PRIMARY KEY, old INTEGER NOT NULL);

INSERT INTO contact_seq_moves (new, old)
SELECT w.contact_seq_base + row_number() OVER (PARTITION BY c.workspace_id ORDER BY c.seq), c.seq
FROM contacts c JOIN workspaces w ON w.id = c.workspace_id;

CREATE TABLE contacts_by_workspace (
    -- The FTS5 index refers to rows by this integer key; an explicit
    -- INTEGER PRIMARY KEY, unlike the implicit rowid, survives VACUUM.
    -- Each workspace's contacts are numbered in its range (above).
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
    updated_at   DATETIME NOT NULL,
    time_zone    TEXT
);

-- Made before the copy, the indexes are filled as it goes, where an index
-- made after it would sort all of its keys in memory (130 MB for 400,000
-- contacts). New names: the old indexes' pages, freed before the copy,
-- would be reused by it, and SQLite would keep a copy of each in memory to
-- undo the statement.
CREATE UNIQUE INDEX contacts_by_workspace_phone ON contacts_by_workspace (workspace_id, phone);
CREATE INDEX contacts_by_workspace_created ON contacts_by_workspace (workspace_id, created_at DESC, id DESC);

-- OR FAIL: nothing can conflict in an empty table, and a failure fails the
-- whole migration, so SQLite keeps no journal to undo this statement alone.
INSERT OR FAIL INTO contacts_by_workspace (seq, id, workspace_id, first_name, last_name, phone, email, company,
                                           notes, search, created_at, updated_at, time_zone)
SELECT m.new, c.id, c.workspace_id, c.first_name, c.last_name, c.phone, c.email, c.company,
       c.notes, c.search, c.created_at, c.updated_at, c.time_zone
FROM contact_seq_moves m CROSS JOIN contacts c ON c.seq = m.old;

UPDATE OR FAIL contacts_out_of_order SET seq = (SELECT m.new FROM contact_seq_moves m WHERE m.old = contacts_out_of_order.seq);

DROP TABLE contact_seq_moves;

-- Dropping the table drops its indexes and triggers and fires none.
DROP TABLE contacts;
ALTER TABLE contacts_by_workspace RENAME TO contacts;

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

CREATE TRIGGER contacts_out_of_order_insert AFTER INSERT ON contacts
WHEN EXISTS (SELECT 1 FROM (SELECT o.created_at, o.id FROM contacts o INDEXED BY contacts_by_workspace_created
                            WHERE o.workspace_id = new.workspace_id
                            ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS m
             WHERE m.created_at > new.created_at OR (m.created_at = new.created_at AND m.id > new.id))
BEGIN
    INSERT OR IGNORE INTO contacts_out_of_order (seq, workspace_id) VALUES (new.seq, new.workspace_id);
END;

CREATE TRIGGER contacts_out_of_order_delete AFTER DELETE ON contacts
BEGIN
    DELETE FROM contacts_out_of_order WHERE seq = old.seq;
END;

CREATE TRIGGER contacts_out_of_order_update AFTER UPDATE OF created_at, id ON contacts
WHEN new.created_at IS NOT old.created_at OR new.id IS NOT old.id
BEGIN
    INSERT OR IGNORE INTO contacts_out_of_order (seq, workspace_id) VALUES (new.seq, new.workspace_id);
END;


INSERT INTO contacts_fts (contacts_fts) VALUES ('rebuild');
