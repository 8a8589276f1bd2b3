-- contacts_version counts the workspace's contacts inserted and deleted: it
-- moves in the same statement as contact_count, so a list that read it knows
-- whether the offsets of its contacts have moved since (the store keeps the
-- keys at every thousandth offset of a workspace's list while it has not).
ALTER TABLE workspaces ADD COLUMN contacts_version BIGINT NOT NULL DEFAULT 0;
