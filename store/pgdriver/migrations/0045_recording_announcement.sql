-- A workspace's recording announcement: said to the whole conference before
-- a recording starts; NULL (every existing workspace) announces nothing.
-- The length is the store's backstop for the 500 characters the service
-- checks first.
ALTER TABLE workspaces
    ADD COLUMN recording_announcement text
        CHECK (recording_announcement IS NULL OR char_length(recording_announcement) BETWEEN 1 AND 500);
