-- The trigram index moves from an expression to a column the store writes:
-- search_idx is the search text with the markers of the full name, last
-- name, email and phone digits turned into the letter q (the store's
-- searchIndexText, which must stay identical to the expression below). As
-- an index expression, its four replace() calls ran on every inserted row
-- and again on every candidate a search rechecked; computed once in Go, an
-- import writes faster and a search rechecks a plain column.
ALTER TABLE contacts ADD COLUMN search_idx text;
UPDATE contacts
    SET search_idx = replace(replace(replace(replace(search, E'\x01', 'q'), E'\x02', 'q'), E'\x03', 'q'), E'\x05', 'q');
ALTER TABLE contacts ALTER COLUMN search_idx SET NOT NULL;
DROP INDEX contacts_search_trgm;
CREATE INDEX contacts_search_trgm ON contacts USING gin (search_idx gin_trgm_ops);
