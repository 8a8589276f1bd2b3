-- A search's page read from the FTS5 index newest first (issue 23). FTS5
-- lists its matches by rowid, the contacts' seq, so reading them by
-- descending rowid and stopping at a page's end reads about as many rows
-- as the page holds, where a walk of the workspace reads every row down to
-- its last match. seq is the order of insertion, and that is the contact
-- order (created_at, id) except for a contact inserted with a key below one
-- already stored (two writers that took their times in one order and
-- committed in the other). Such rows are listed here; a search merges them
-- in apart, and the rows not listed are in the contact order by seq: a row
-- left out had a key above every row stored before it.
CREATE TABLE contacts_out_of_order (
    seq          INTEGER PRIMARY KEY,
    workspace_id TEXT NOT NULL
);

CREATE INDEX contacts_out_of_order_workspace ON contacts_out_of_order (workspace_id);

-- The rows already stored: those with a key below the greatest key of a
-- row of their workspace stored before them.
INSERT INTO contacts_out_of_order (seq, workspace_id)
SELECT seq, workspace_id FROM (
    SELECT seq, workspace_id, created_at || ' ' || id AS k,
           max(created_at || ' ' || id) OVER (PARTITION BY workspace_id ORDER BY seq
               ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS above
    FROM contacts)
WHERE k < above;

-- The probe reads the first entry of the workspace's index: the greatest
-- key, the new row's own when it is in order. (A range from the new key up
-- would read every row of its batch, which shares its time, at each insert.)
CREATE TRIGGER contacts_out_of_order_insert AFTER INSERT ON contacts
WHEN EXISTS (SELECT 1 FROM (SELECT o.created_at, o.id FROM contacts o INDEXED BY contacts_workspace_created
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

-- A contact's key never changes; should it, the row leaves the order its
-- seq gives.
CREATE TRIGGER contacts_out_of_order_update AFTER UPDATE OF created_at, id ON contacts
WHEN new.created_at IS NOT old.created_at OR new.id IS NOT old.id
BEGIN
    INSERT OR IGNORE INTO contacts_out_of_order (seq, workspace_id) VALUES (new.seq, new.workspace_id);
END;
