-- The parts of the search text a rank looks at, each in a column and an
-- index of its own: the full name, the last name and the email (issue 23).
-- A search counts and reads its "starts with" matches as ranges of these
-- keys. The trigram index served them before, and it cannot tell where its
-- trigrams stand: `labs` read the 10,011 rows of 1,000,000 that hold
-- "qla", "lab" and "abs" (a name starting "la", "Labs" in the company) to
-- find that no name or email starts with it, 38 ms where the ranges take a
-- tenth of a millisecond.
--
-- Generated from the search text, so that every write of it keeps them
-- (nothing in the store writes them). Stored columns, not expressions of
-- an index: with the time and id beside the key, an index answers a read
-- of the bucket's keys alone, without a row of the table (`ada love`'s
-- 2,524 matches ordered in 1.8 ms, 18 through the rows); PostgreSQL reads
-- an index on an expression alone for nothing. "C" orders by bytes, which
-- in UTF-8 is code point order, so that a range holds exactly the strings
-- with a prefix. split_part never fails on a text without the markers,
-- where substr with a negative length would.
--
-- Adding the columns rewrites the table: about 40 s for 1,000,000
-- contacts, the indexes 13 s more.
ALTER TABLE contacts
    ADD COLUMN rank_full text COLLATE "C" GENERATED ALWAYS AS (substr(split_part(search, chr(2), 1), 2)) STORED,
    ADD COLUMN rank_last text COLLATE "C" GENERATED ALWAYS AS (split_part(split_part(search, chr(3), 1), chr(2), 2)) STORED,
    ADD COLUMN rank_email text COLLATE "C" GENERATED ALWAYS AS (split_part(split_part(search, chr(4), 1), chr(3), 2)) STORED;

CREATE INDEX contacts_rank_full ON contacts (workspace_id, rank_full, created_at, id);
CREATE INDEX contacts_rank_last ON contacts (workspace_id, rank_last, created_at, id);
CREATE INDEX contacts_rank_email ON contacts (workspace_id, rank_email, created_at, id);
