// Package store keeps Switchboard's records in a SQL database through GORM.
// It implements every store interface of the root package (AuthStore,
// ContactStore, DNCStore, WorkspaceStore, CallStore, CallerIDStore,
// RecordingStore, EventStore) over PostgreSQL or SQLite, the way River
// keeps its drivers: Open picks a driver from the database URL
// ("postgres://…", "postgresql://…" or "sqlite:<path>"), and nothing above
// the store knows which database runs.
//
// # The core and the drivers
//
//   - store (this package) is the core: the rows and their mapping to the
//     domain, transactions (transact: one retry on a passing fault), the
//     domain's errors (a passing database fault is answered as
//     EUnavailable), paging, the search's plan, and every statement that
//     reads the same on both databases, written through GORM with "?".
//   - store/driver declares what differs (driver.Driver) and the few
//     shapes both sides trade; it imports nothing of the project.
//   - store/pgdriver and store/sqlitedriver each implement it: their pools,
//     their migrations (migrations/*.sql, embedded), their locks, River's
//     driver, and their SQL for what differs, every statement in their
//     sql.go with their own placeholders: the event insert (on PostgreSQL
//     with its outbox row and the contact counter in one statement), the
//     relay's pending events and marks, bulk import, the search's
//     conditions, sources, sampling and walks (their search.go), and a
//     dial list's claim of its next entry (their diallist.go).
//   - store/storetest is the conformance suite both drivers pass
//     (TestStoreSQLite, TestStorePostgres); what only one driver does (two
//     relays at once on PostgreSQL) is a test of that driver's package.
//   - store/dbfault reads both databases' errors (a passing fault, a
//     duplicate key).
//
// So any SQL statement is either in a file of this package, through GORM,
// or in the sql.go of each driver. No statement is rewritten by strings: a
// search condition that must also be read without an index is written by
// its driver in both spellings (driver.Cond).
//
// # Adding a table
//
// Add a migration to each driver (pgdriver/migrations and
// sqlitedriver/migrations, the next number), the row type, its mapping and
// its methods here, and a group of tests to storetest (Run lists them).
// Only what truly differs between the databases becomes a method of
// driver.Driver, implemented in both drivers' files beside their SQL.
//
// # Schema
//
// The schema is versioned SQL, one embedded directory per driver, applied
// by Migrate, each file in its own transaction (under the driver's lock)
// and recorded in schema_migrations. There is no AutoMigrate: the SQL files
// are the schema; the runner only needs the numeric prefix.
//
// # SQLite's pools
//
// SQLite allows one writer at a time even in WAL mode, so its driver keeps
// a writer pool of one connection whose transactions BEGIN IMMEDIATE and a
// pool of read-only readers (sqlitedriver's package doc says why); the
// core runs writes on db.w and reads on db.r, which on PostgreSQL are one
// pool.
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
// column, search_idx, written beside the search text (pgdriver/search.go
// says why the markers become a letter there); SQLite from an FTS5 table
// with the trigram tokenizer, joined explicitly (sqlitedriver/search.go),
// where each workspace's contacts are numbered (seq, FTS5's rowid) in a
// range of their own, which a search hands FTS5 so that it reads only its
// workspace's part of the index (migration 0076, driver.ContactSeqs).
// PostgreSQL's index condition is a looser pattern than the exact LIKE
// beside it: a word starting with a letter is looked up without its
// first letter's trigram, which every word with that letter holds
// (pgdriver/trigram.go).
// PostgreSQL's index has every workspace's rows, so a workspace of at most
// 10,000 contacts beside larger ones reads its own rows instead
// (scansWorkspace in contact_search_sample.go). A
// trigram index needs three characters, so queries of one or two characters
// scan the workspace's rows and cost in proportion to the workspace (see
// BenchmarkSearch).
//
// A search first estimates its matches from a sample of the table
// (contact_search_sample.go); unless it looks broad, it reads the rank
// bucket, time and id of up to 5,000 matches from the index, and when that
// is all of them orders them in Go (bucket, then newest first, as the SQL
// order would) and reads the page's contacts by id. Broader searches walk
// the workspace newest first; on SQLite, whose FTS5 index lists its rows in
// insertion order, they read the index newest first instead and stop at the
// page's end, merging in the few contacts inserted out of the contact
// order, which migration 0074 lists (contact_search_ordered.go). Totals are
// exact up to 1,000 (see SearchContacts).
//
// A phone-like query that holds more than digits ("212 55") matches the
// phone's digits or the text as typed; when the trigram index finds no
// text holding it as typed, the search runs on the phone alone, a LIKE on
// the short E.164 column, with no "starts with" matches to count
// (searchQuery.digitsOnly; docs/performance.md, Digit queries).
//
// Imports write a whole batch per statement: PostgreSQL gets one array per
// column (INSERT … SELECT FROM unnest(…) … RETURNING id), SQLite one JSON
// parameter unpacked by json_each, because the pure-Go driver binds
// thousands of separate parameters in quadratic time.
//
// The list endpoint's total is a counter, workspaces.contact_count, changed in
// the same transaction as every insert and delete, because an exact count(*)
// over a 200k-contact workspace costs more than the whole latency budget.
//
// # Events
//
// A write that changes a contact, a do-not-call entry, a call or a
// recording records its event in the same transaction (event.go, emit);
// the relay (event_relay.go) turns recorded events into delivery jobs
// through the caller's switchboard.EnqueueFunc, in its own transaction, so
// each is relayed once. How waiting events are found is the driver's: an
// outbox taken FOR UPDATE SKIP LOCKED on PostgreSQL, a mark per workspace
// on SQLite (their events.go).
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
// storetest.OpenSQLite and storetest.OpenPostgres give any package an
// isolated, migrated database (a file, or a schema of its own).
package store
