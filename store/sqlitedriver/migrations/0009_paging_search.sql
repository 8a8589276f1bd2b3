-- Keys the service keeps for itself: "cursor" signs list cursors
-- (HMAC-SHA256), so cursors survive restarts.
CREATE TABLE server_keys (
    name       TEXT PRIMARY KEY,
    key        BLOB NOT NULL,
    created_at DATETIME NOT NULL
);
