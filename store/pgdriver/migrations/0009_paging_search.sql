-- Keys the service keeps for itself, shared by every instance on the
-- database: "cursor" signs list cursors (HMAC-SHA256), so a cursor issued by
-- one instance is honoured by another and survives restarts.
CREATE TABLE server_keys (
    name       text PRIMARY KEY,
    key        bytea NOT NULL,
    created_at timestamptz NOT NULL
);

-- The trigram index moves to the search text with the markers of the full
-- name, last name, email and phone digits turned into a letter (the store's pgIndexed
-- expression, which must stay identical to this one). pg_trgm splits words
-- at anything but letters and digits, so with control-character markers "a
-- last name starting with inc" had the trigrams of every word starting with
-- "inc" ("Acme Inc"), and ranking a query that most company names hold read
-- most of the table; every phone's digits were a word starting with "1".
-- Glued to the letter, the start of each part is a trigram of its own.
DROP INDEX contacts_search_trgm;
CREATE INDEX contacts_search_trgm ON contacts
    USING gin (replace(replace(replace(replace(search, E'\x01', 'q'), E'\x02', 'q'), E'\x03', 'q'), E'\x05', 'q') gin_trgm_ops);
