// Package store keeps Switchboard's records in a SQL database through GORM.
// It implements every store interface of the root package: switchboard.AuthStore,
// ContactStore, DNCStore, WorkspaceStore, CallStore,
// CallerIDStore and RecordingStore, over two dialects chosen by the
// database URL:
//
//   - "sqlite:<path>" — embedded, pure Go (github.com/glebarez/sqlite, no cgo),
//     WAL mode. SQLite allows one writer at a time even in WAL mode, and a
//     deferred transaction that reads and then writes fails with
//     SQLITE_BUSY_SNAPSHOT without honouring busy_timeout. So, like River's
//     SQLite driver, the store keeps two pools on the same file: a writer pool
//     of exactly one connection whose transactions BEGIN IMMEDIATE, so writers
//     queue in Go (database/sql hands the single connection out in turn) and
//     never see "database is locked", and a reader pool of several read-only
//     connections that WAL lets run beside the writer.
//   - "postgres://…" or "postgresql://…" — PostgreSQL through pgx.
//
// # Schema
//
// The schema is versioned SQL, one directory per dialect under migrations/,
// embedded in the binary and applied by Migrate, each file in its own
// transaction and recorded in schema_migrations. There is no AutoMigrate: the
// SQL files are the schema. A later file (0002_…) adds the call tables; the
// runner only needs the numeric prefix.
//
// # Contacts and search
//
// Each contact row carries a derived, lower-cased "search" text built in Go
// (see searchText) with one control-character marker before each part:
//
//	\x01 full name \x02 last name \x03 email \x04 company \x05 phone digits \x06
//
// A query matches when it is a substring of that text. Because the markers
// never occur in data or queries (they are stripped), a match cannot span two
// parts, "starts with" is a LIKE on the marker ("\x01ada%" is a first- or
// full-name prefix, "%\x02ada%" a last-name one, "%\x03ada%" an email one),
// and the exact, case-insensitive company and email filters are
// "%\x04acme corp\x05%" and "%\x03ada@x.io\x04%". Lower-casing happens once,
// in Go, for both the stored text and the query, so PostgreSQL and SQLite
// (whose lower() only folds ASCII) agree.
//
// PostgreSQL serves the substring LIKEs from a pg_trgm GIN index on a second
// column, search_idx, which the store writes beside the search text: the same
// text with the full-name, last-name, email and digits markers turned into a
// letter (pg_trgm would read a control character as a word break, and a
// "starts with" condition would fetch every word with that start); each LIKE
// carries the same pattern on that column for the planner (see like in
// contact_search_query.go). SQLite serves them from an FTS5 table with the trigram tokenizer
// (external content, kept current by triggers, keyed by an INTEGER PRIMARY KEY
// so VACUUM cannot renumber it): the store selects candidate rowids with LIKE
// on the FTS5 table, which the trigram index answers, and rechecks them with
// the exact LIKEs. A trigram index needs three characters, so queries of one
// or two characters cannot use it: they scan the workspace's rows (through
// the workspace index; on PostgreSQL the LIKE is written so the planner does
// not read the whole GIN index instead) and cost in proportion to the
// workspace (see BenchmarkSearch).
//
// A search first estimates its matches from a sample of the table
// (contact_search_sample.go); unless it looks broad, it reads the rank
// bucket, time and id of up to 2,500 matches from the index, and when that
// is all of them orders them in Go (bucket, then newest first, as the SQL
// order would) and reads the page's contacts by id. Broader searches walk
// the workspace newest first. Totals are exact up to 1,000 (see
// SearchContacts).
//
// Imports write a whole batch per statement: PostgreSQL gets one array per
// column (INSERT … SELECT FROM unnest(…) ON CONFLICT … RETURNING id),
// SQLite one JSON parameter unpacked by json_each, because the pure-Go
// driver binds thousands of separate parameters in quadratic time.
//
// The list endpoint's total is a counter, workspaces.contact_count, changed in
// the same transaction as every insert and delete, because an exact count(*)
// over a 200k-contact workspace costs more than the whole latency budget.
//
// # Paging
//
// Every list orders newest first on (time, unique id) and pages either by
// offset or by key (switchboard.Page.After): "after the last item of the
// previous page", one row-value comparison the list's index answers, so a
// page costs the same at any depth and a walk neither repeats nor skips rows
// that exist throughout it. A ranked search adds the rank bucket to the key:
// within the "starts with" bucket the key continues that bucket, then the
// rest starts from its newest. The HTTP layer signs keys into cursors.
//
// # Tests
//
// The conformance suite lives in store/storetest and runs against both
// dialects; storetest.OpenSQLite and storetest.OpenPostgres give any package
// an isolated, migrated database.
package store
