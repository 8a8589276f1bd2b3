-- Answering machines and voicemail drops. Booleans are INTEGER 0/1 and
-- timestamps DATETIME, as in 0001.
--
-- workspaces.machine_detection: the workspace's default for answering-machine
-- detection on the customer leg (off for every existing workspace).
-- calls.machine_detection: whether this call's customer leg is (or was)
-- created with detection, decided when the call is created (the workspace's
-- setting or the click-to-call's own choice) and copied to its pending dial,
-- so that recovery dials the leg the same way.
-- calls.answered_by: the provider's verdict (human, machine_start,
-- machine_end_beep, machine_end_silence, machine_end_other, fax, unknown),
-- NULL until it arrives or when detection is off.
-- calls.voicemail_drop_id: the voicemail drop played to the customer leg,
-- NULL when none was (text, not a foreign key, like contact_id).
ALTER TABLE workspaces ADD COLUMN machine_detection INTEGER NOT NULL DEFAULT 0;
ALTER TABLE calls ADD COLUMN machine_detection INTEGER NOT NULL DEFAULT 0;
ALTER TABLE calls ADD COLUMN answered_by TEXT
    CHECK (answered_by IS NULL OR answered_by IN ('human', 'machine_start', 'machine_end_beep',
        'machine_end_silence', 'machine_end_other', 'fax', 'unknown'));
ALTER TABLE calls ADD COLUMN voicemail_drop_id TEXT;
ALTER TABLE pending_dials ADD COLUMN machine_detection INTEGER NOT NULL DEFAULT 0;

-- A workspace's recorded messages an agent drops on an answered call. A
-- deleted one is kept (deleted_at set) so that the calls that played it
-- still name a row; it is no longer listed nor dropped. The lengths (in
-- characters: SQLite's length() of text) are the store's backstop for the
-- service's own checks.
CREATE TABLE voicemail_drops (
    id           TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    audio_url    TEXT NOT NULL CHECK (length(audio_url) BETWEEN 1 AND 2048),
    created_at   DATETIME NOT NULL,
    deleted_at   DATETIME
);
CREATE INDEX voicemail_drops_by_workspace ON voicemail_drops (workspace_id, created_at DESC, id DESC)
    WHERE deleted_at IS NULL;
