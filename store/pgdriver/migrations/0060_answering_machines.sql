-- Answering machines and voicemail drops.
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
ALTER TABLE workspaces ADD COLUMN machine_detection boolean NOT NULL DEFAULT false;
ALTER TABLE calls ADD COLUMN machine_detection boolean NOT NULL DEFAULT false;
ALTER TABLE calls ADD COLUMN answered_by text
    CHECK (answered_by IS NULL OR answered_by IN ('human', 'machine_start', 'machine_end_beep',
        'machine_end_silence', 'machine_end_other', 'fax', 'unknown'));
ALTER TABLE calls ADD COLUMN voicemail_drop_id text;
ALTER TABLE pending_dials ADD COLUMN machine_detection boolean NOT NULL DEFAULT false;

-- A workspace's recorded messages an agent drops on an answered call. A
-- deleted one is kept (deleted_at set) so that the calls that played it
-- still name a row; it is no longer listed nor dropped. The lengths are the
-- store's backstop for the service's own checks.
CREATE TABLE voicemail_drops (
    id           text PRIMARY KEY,
    workspace_id text NOT NULL,
    name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    audio_url    text NOT NULL CHECK (char_length(audio_url) BETWEEN 1 AND 2048),
    created_at   timestamptz NOT NULL,
    deleted_at   timestamptz
);
CREATE INDEX voicemail_drops_by_workspace ON voicemail_drops (workspace_id, created_at DESC, id DESC)
    WHERE deleted_at IS NULL;
