-- The parts of the search text a rank looks at, each in an index of its
-- own: the full name, the last name and the email (issue 23). A search
-- counts and reads its "starts with" matches as ranges of these keys. The
-- FTS5 index served them before, and it cannot tell where its trigrams
-- stand: `labs` read every row of 1,000,000 holding "\x01la", "lab" and
-- "abs" or the like to find that no name or email starts with it. The
-- expressions are the driver's (rankKey* in sqlitedriver), written the same
-- way there, as SQLite uses an index on an expression only for that
-- expression; BINARY compares bytes, which in UTF-8 is code point order.
CREATE INDEX contacts_rank_full ON contacts (workspace_id, substr(search, 2, instr(search, char(2)) - 2));
CREATE INDEX contacts_rank_last ON contacts (workspace_id, substr(search, instr(search, char(2)) + 1, instr(search, char(3)) - instr(search, char(2)) - 1));
CREATE INDEX contacts_rank_email ON contacts (workspace_id, substr(search, instr(search, char(3)) + 1, instr(search, char(4)) - instr(search, char(3)) - 1));
