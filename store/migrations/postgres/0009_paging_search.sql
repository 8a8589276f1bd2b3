-- Keys the service keeps for itself, shared by every instance on the
-- database: "cursor" signs list cursors (HMAC-SHA256), so a cursor issued by
-- one instance is honoured by another and survives restarts.
CREATE TABLE server_keys (
    name       text PRIMARY KEY,
    key        bytea NOT NULL,
    created_at timestamptz NOT NULL
);
