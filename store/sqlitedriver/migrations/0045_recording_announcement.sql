-- A workspace's recording announcement: said to the whole conference before
-- a recording starts; NULL (every existing workspace) announces nothing.
-- The length (in characters: SQLite's length() of text) is the store's
-- backstop for the 500 characters the service checks first.
ALTER TABLE workspaces ADD COLUMN recording_announcement TEXT
    CHECK (recording_announcement IS NULL OR length(recording_announcement) BETWEEN 1 AND 500);
