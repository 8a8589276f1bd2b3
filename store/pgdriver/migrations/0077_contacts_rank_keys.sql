-- The parts of the search text a rank looks at, each in an index of its
-- own: the full name, the last name and the email (issue 23). A search
-- counts and reads its "starts with" matches as ranges of these keys. The
-- trigram index served them before, and it cannot tell where its trigrams
-- stand: `labs` read the 10,011 rows of 1,000,000 that hold "qla", "lab"
-- and "abs" (a name starting "la", "Labs" in the company) to find that no
-- name or email starts with it, 38 ms where the ranges take a tenth of a
-- millisecond. The expressions are the driver's (rankKey* in pgdriver),
-- written the same way there so that the planner matches them; "C" makes
-- a range of bytes, which is a range of code points in UTF-8. split_part
-- never fails on a text without the markers, where substr with a negative
-- length would.
CREATE INDEX contacts_rank_full ON contacts (workspace_id, (substr(split_part(search, chr(2), 1), 2)) COLLATE "C");
CREATE INDEX contacts_rank_last ON contacts (workspace_id, (split_part(split_part(search, chr(3), 1), chr(2), 2)) COLLATE "C");
CREATE INDEX contacts_rank_email ON contacts (workspace_id, (split_part(split_part(search, chr(4), 1), chr(3), 2)) COLLATE "C");
