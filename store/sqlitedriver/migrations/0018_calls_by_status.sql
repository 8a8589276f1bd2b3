-- The operator's metrics count every call by status at each scrape
-- (store/call_stats.go: SELECT status, count(*) FROM calls GROUP BY status).
-- Without an index that reads every row of the table; with this narrow one
-- SQLite counts from the index alone (a covering index: it holds the
-- status and the row's key) and reads it in status order, so the GROUP BY
-- needs no temporary b-tree either.
CREATE INDEX calls_status ON calls (status);
