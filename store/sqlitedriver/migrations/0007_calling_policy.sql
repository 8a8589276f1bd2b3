-- Calling hours and time zone per workspace, and a caller ID owned by one
-- workspace only.

-- The window in minutes after midnight of the callee's local time, start
-- included, end excluded; both NULL when the workspace turned it off.
-- Existing workspaces get the default window, 08:00-21:00. (SQLite cannot
-- add a table constraint; the store checks end > start before writing.)
ALTER TABLE workspaces ADD COLUMN calling_hours_start INTEGER DEFAULT 480
    CHECK (calling_hours_start IS NULL OR calling_hours_start BETWEEN 0 AND 1439);
ALTER TABLE workspaces ADD COLUMN calling_hours_end INTEGER DEFAULT 1260
    CHECK (calling_hours_end IS NULL OR calling_hours_end BETWEEN 1 AND 1440);
-- The zone of a number the phone metadata cannot place.
ALTER TABLE workspaces ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- A number registered by several workspaces stays with the one that
-- registered it first; the later registrations are removed (a workspace
-- that loses its default caller ID has none until it registers another,
-- which becomes the default).
DELETE FROM caller_ids
WHERE EXISTS (
    SELECT 1 FROM caller_ids o
    WHERE o.phone_number = caller_ids.phone_number
      AND (o.created_at < caller_ids.created_at
           OR (o.created_at = caller_ids.created_at AND o.id < caller_ids.id)));

CREATE UNIQUE INDEX caller_ids_phone ON caller_ids (phone_number);
