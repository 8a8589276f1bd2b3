// Package store keeps Switchboard's records in a SQL database through GORM.
// It implements switchboard.AuthService, switchboard.ContactService and
// switchboard.DNCService over two dialects chosen by the database URL:
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
// PostgreSQL serves the substring LIKEs from a pg_trgm GIN index on the search
// text; SQLite from an FTS5 table with the trigram tokenizer kept current by
// triggers (external content, keyed by an INTEGER PRIMARY KEY so VACUUM cannot
// renumber it). A trigram index needs three characters: queries of one or two
// characters cannot use it and are answered by scanning the workspace's rows
// (through the workspace index), which the benchmarks measure.
//
// The list endpoint's total is a counter, workspaces.contact_count, changed in
// the same transaction as every insert and delete, because an exact count(*)
// over a 200k-contact workspace costs more than the whole latency budget.
//
// # Tests
//
// The conformance suite lives in store/storetest and runs against both
// dialects; storetest.OpenSQLite and storetest.OpenPostgres give any package
// an isolated, migrated database.
package store
