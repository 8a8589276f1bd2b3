-- The operator's metrics count every call by status at each scrape
-- (store/call_stats.go: SELECT status, count(*) FROM calls GROUP BY status).
-- Without an index that is a sequential scan of the whole table, wide rows
-- and all (0.16-0.19 s at 1,000,000 calls); this narrow index lets
-- PostgreSQL count from it alone (an index-only scan, once autovacuum has
-- set the visibility map), a fraction of the pages. Its price: a call's
-- status change is no longer a HOT update, so it writes an entry in each of
-- the table's indexes; a call changes status a few times in its life.
CREATE INDEX calls_status ON calls (status);
