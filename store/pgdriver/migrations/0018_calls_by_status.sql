-- The operator's metrics count every call by status at each scrape
-- (store/call_stats.go: SELECT status, count(*) FROM calls GROUP BY status).
-- Without an index that is a sequential scan of the whole table, wide rows
-- and all (0.16-0.19 s at 1,000,000 calls); this narrow index lets
-- PostgreSQL count from it alone (an index-only scan, once autovacuum has
-- set the visibility map), a fraction of the pages. Every call write pays
-- for one more index entry only when the status changes; the status is
-- short and its entries few per call.
CREATE INDEX calls_status ON calls (status);
