package driver

import (
	"context"
	"database/sql"
	"io/fs"
	"log/slog"
	"time"

	"github.com/riverqueue/river/riverdriver"
	"gorm.io/gorm"
)

// Driver is one database behind the store. Every method that takes a
// *gorm.DB runs on it: a transaction of the writer (tx) or the reader pool
// (r), whose context it uses. Statements every write pays for go to the
// transaction's own connection (tx.Statement.ConnPool), skipping GORM's
// statement building, which would cost about as much as the database's work.
type Driver interface {
	// Name is the database's name for logs: "postgres" or "sqlite".
	Name() string
	// Accepts reports whether the database URL is this driver's.
	Accepts(databaseURL string) bool
	// Open opens the pools for databaseURL, each with a config of its own
	// from config (GORM keeps a pool's state in its config).
	Open(databaseURL string, config func() *gorm.Config) (*Pools, error)

	// Migrations holds the schema's versioned files, NNNN_name.sql, at its
	// root.
	Migrations() fs.FS
	// LockMigrations keeps other processes from migrating until tx ends.
	LockMigrations(tx *gorm.DB) error

	// Jobs returns River's driver on the writer pool; release closes what
	// it opened beside the pool.
	Jobs(ctx context.Context, p *Pools, notify bool) (driver riverdriver.Driver[*sql.Tx], release func(), err error)
	// LockJobMigrations runs migrate while other processes cannot migrate
	// River's tables.
	LockJobMigrations(ctx context.Context, p *Pools, migrate func() error) error

	// Lock makes a read of tx hold its rows until tx ends.
	Lock(tx *gorm.DB) *gorm.DB
	// LockLeg serializes the transactions about one call leg.
	LockLeg(tx *gorm.DB, legSID string) error
	// LockNumber serializes the transactions that count and create the
	// calls to one number of a workspace.
	LockNumber(tx *gorm.DB, workspaceID, phone string) error

	Events
	Importer
	Searcher
	Reports
	DialLists
}

// DialLists is what differs in a dial list's queue.
type DialLists interface {
	// ClaimDialEntry leases, in tx, the list's first due entry (due_at at
	// or before now, Unix microseconds; by due_at, then position) to
	// identity until until (its new due_at), and returns its contact id,
	// "" when none is due. Two transactions at once never take the same
	// entry: PostgreSQL skips the rows another holds (FOR UPDATE SKIP
	// LOCKED), SQLite's single writer runs them one after the other.
	ClaimDialEntry(tx *gorm.DB, listID, identity string, now, until int64) (string, error)
	// InsertDialEntriesByID writes the pending entries of the workspace's
	// contacts whose ids idsJSON (a JSON array of strings) lists, in that
	// order (position 1, 2, …), with due_at due, skipping contacts without
	// a phone; it returns how many it wrote.
	InsertDialEntriesByID(tx *gorm.DB, listID, workspaceID, idsJSON string, due int64) (int64, error)
}

// Pools are a driver's open connections. W runs every write transaction;
// R runs reads that need none (it may be W).
type Pools struct {
	W, R *gorm.DB
	// Writer is W's database/sql pool (River's jobs share it).
	Writer *sql.DB
	// All lists every pool, for Ping and Close.
	All []*sql.DB
	// URL is the database URL the pools were opened with.
	URL string
	// Stop, when set, ends the driver's own background work (SQLite's
	// checkpointer); the store calls it before closing the pools.
	Stop func() error
}

// Warmer opens a pool's connections ahead of the requests. A PostgreSQL
// backend loads the description of each table and index the first time a
// statement of its touches them, tens of milliseconds on a new connection,
// so a pool that opens connections as load grows puts that on the requests
// that need them; warmed at start, the pool holds them ready.
type Warmer interface {
	Warm(ctx context.Context, p *Pools) error
}

// Events writes events and finds those the relay has yet to turn into
// delivery jobs.
type Events interface {
	// InsertEvent records ev in tx, with whatever the relay needs to find
	// it, and then moves its workspace's contact counter by contactDelta
	// (0: not at all).
	InsertEvent(tx *gorm.DB, ev Event, contactDelta int64) error
	// AddContactCount moves the workspace's contact counter by delta.
	AddContactCount(tx *gorm.DB, workspaceID string, delta int64) error
	// Endpoints reads the workspace's enabled endpoints (their ID and
	// Events only).
	Endpoints(tx *gorm.DB, workspaceID string) ([]Endpoint, error)
	// Pending reads up to limit events not yet relayed, in the order they
	// must be relayed, and the endpoints of their workspaces; in a
	// transaction of the writer it holds them from other relays.
	Pending(tx *gorm.DB, limit int) ([]PendingEvent, map[string][]Endpoint, error)
	// MarkRelayed records that batch was relayed.
	MarkRelayed(tx *gorm.DB, batch []PendingEvent) error
	// CountPending counts the events waiting for the relay, read in tx.
	CountPending(tx *gorm.DB) (int, error)
}

// Importer writes contacts a batch per statement.
type Importer interface {
	// ImportWriters is how many batches are worth writing at once.
	ImportWriters() int
	// InsertContacts adds rows, skipping phones the workspace already
	// holds, and returns the ids it inserted.
	InsertContacts(tx *gorm.DB, workspaceID string, t time.Time, rows []Contact) (map[string]bool, error)
	// ExistingContacts returns the workspace's stored contacts holding
	// phones, by phone, held until tx ends.
	ExistingContacts(tx *gorm.DB, workspaceID string, phones []string) (map[string]Contact, error)
	// UpdateContacts writes the name, email, company, notes, search text
	// and updated_at of rows.
	UpdateContacts(tx *gorm.DB, workspaceID string, t time.Time, rows []Contact) error
	// FinishImport runs after an import's last batch (best effort).
	FinishImport(w *gorm.DB, inserted int, logger *slog.Logger)
}

// KeyStepper is a driver that reads the keys of a workspace's contact list
// at every n-th offset in one statement (PostgreSQL: a recursive query
// whose every step reads n index entries on from the key before), where a
// statement a key would pay a round trip each.
type KeyStepper interface {
	// StepKeys is the statement reading up to count keys (time, id) of the
	// workspace's contacts, newest first: the first every entries past
	// the key (afterTime, afterID), or past the newest contact when
	// afterTime is nil, and each next every entries past the one before.
	StepKeys(workspaceID string, afterTime any, afterID string, every, count int) (string, []any)
}

// IndexMerger is an Importer whose search index bulk writes leave in many
// pieces that every search then reads side by side (SQLite's FTS5
// segments), and that can be merged afterwards by short steps, each its
// own transaction of the writer, so that other writes go between them.
type IndexMerger interface {
	// MergeAfterImport reports whether an import of inserted rows grew
	// the index enough for a merge of all of it to be worth its cost.
	MergeAfterImport(r *gorm.DB, inserted int) (bool, error)
	// MergeIndexStep does one step of the merge in tx and reports whether
	// more is left.
	MergeIndexStep(tx *gorm.DB) (more bool, err error)
}

// Searcher is what a search asks of the database: the conditions on the
// search text (and, for PostgreSQL, its indexed twin), where the rows come
// from, how a walk is kept a walk, and a sample of the table.
type Searcher interface {
	// SearchIndexText is the value of the column search_idx for a search
	// text; ok is false when the table has no such column.
	SearchIndexText(search string) (value string, ok bool)
	// Match is "the search text matches pattern" (a LIKE pattern escaped
	// for ESCAPE '\').
	Match(pattern string) Cond
	// Digits is "the phone's digits hold d" (digits only, at least
	// three): the phone is E.164, a '+' and its digits, so a LIKE of d
	// anywhere in it is exact. The search text holds the same digits, so
	// a condition on it is implied and needs to be there only for an
	// index that serves it (PostgreSQL's trigram index).
	Digits(d string) Cond
	// Rank is "a name or the email starts with esc", an escaped query of
	// runes characters.
	Rank(esc string, runes int) Cond
	// RankKeys are the expressions of the parts a rank looks at, each of
	// which the database indexes, for the counts and reads of the rank's
	// matches that an index serves; ok is false where it has no such
	// indexes. A walk tests Rank.
	RankKeys() (keys RankKeys, ok bool)
	// From is the FROM clause (naming the contacts c) and leading
	// conditions of a search of the workspace: walking its rows newest
	// first, or through the trigram index, narrowed by what tri says every
	// match holds.
	From(workspaceID string, walk bool, tri Trigrams) (from string, where []string, args []any)
	// Walk runs fn so that a walk reads the workspace's rows in order and
	// stops at the page's end, rather than what a planner would prefer.
	Walk(r *gorm.DB, fn func(*gorm.DB) error) error
	// Bucket is what a candidate is read with to know its rank bucket:
	// an expression of 0 or 1 and its arguments, or, with text true, the
	// search text, which the store tests itself.
	Bucket(rank Cond) (expr string, args []any, text bool)
	// Sample reads a sample of the contacts table: the workspace's rows
	// among the sampled ones, with the piece of the table each came from,
	// and the workspace's count of contacts. The store tests the rows
	// itself, for every search of the workspace until it takes another.
	Sample(r *gorm.DB, workspaceID string) (SampledRows, error)
}

// BoundedWalker is a Searcher whose walks can stop after a bound: a walk
// reads at most the workspace's newest n rows (from a key), so that
// matches that are many but all old (a run of digits only old numbers
// hold) do not make it read the whole workspace. Both databases are.
type BoundedWalker interface {
	// BoundedWalk is the query of the window (limit rows from offset), in
	// order, of the matches of where (zero: all) among the workspace's
	// newest n rows that satisfy from (nil: all; from(alias) is the
	// condition on the contacts named alias, "c0." or "c.").
	BoundedWalk(workspaceID string, from func(alias string) Cond, n int, where Cond, order string, limit, offset int) (string, []any)
}

// Newest is a BoundedWalker that can also probe its newest rows for a
// page of ranked matches cheaper than it counts them (PostgreSQL, whose
// counts read a heap row per match; SQLite counts from its FTS5 index).
type Newest interface {
	BoundedWalker
	// Probe is the query of the window (want rows from offset) of the
	// matches of where among the workspace's newest n rows, newest first.
	Probe(workspaceID string, n int, where Cond, want, offset int) (string, []any)
}

// OrderedIndex is a Searcher whose trigram index hands out its candidates
// in insertion order, highest row key first, and stops when asked (SQLite:
// FTS5 lists its rows by rowid, the contacts' seq). Insertion order is the
// contact order except for rows inserted with a key below one already
// stored, which the driver lists apart (OutOfOrder): the store reads a
// broad search's page from the index, about as many rows as the page
// holds, and merges those rows in, where a walk of the workspace reads
// every row down to the page's last match.
type OrderedIndex interface {
	// Candidates is the query of the row keys of up to n of the
	// workspace's candidates of tri below the row key below, highest
	// first; ok is false when no trigram of tri narrows the rows.
	Candidates(workspaceID string, tri Trigrams, below int64, n int) (query string, args []any, ok bool)
	// RowKey is the row key's column in the FROM of an indexed search
	// (Searcher.From with a trigram): ordered by it, highest first, the
	// index hands out that search's rows as Candidates does.
	RowKey() string
	// RowsByKey is the query of the first n of the workspace's contacts
	// (ContactColumns) whose row keys are in keys (a JSON array) and that
	// satisfy where (zero: all), highest row key first.
	RowsByKey(workspaceID, keys string, where Cond, n int) (string, []any)
	// OutOfOrder is the query of the row keys of up to n of the
	// workspace's contacts that are out of insertion order.
	OutOfOrder(workspaceID string, n int) (string, []any)
	// FirstInOrder is the query of the row key of the workspace's contact
	// in insertion order with the lowest key among those that satisfy
	// from (the contacts at or above a page's key, alias "c."): every
	// contact in insertion order below that key has a lower row key.
	FirstInOrder(workspaceID string, from Cond) (string, []any)
	// NewestInOrder is the query of the row key of the workspace's newest
	// contact in insertion order: no contact of the workspace in that
	// order has a higher one.
	NewestInOrder(workspaceID string) (string, []any)
}

// ContactSeqs is a driver that numbers each workspace's contacts in a
// range of its own (SQLite: the contacts' seq, by which its search index
// lists them, so that a search reads only its workspace's part of the
// index): every insert of a contact gives it the number LastContactSeq
// says comes next.
type ContactSeqs interface {
	// LastContactSeq is the highest number the workspace's contacts hold
	// (its range's base when it has none); tx is the writer's transaction
	// that inserts after it.
	LastContactSeq(tx *gorm.DB, workspaceID string) (int64, error)
}

// Trigrams are what a search's matches hold, for a trigram index to narrow
// them: one of Any (none: no narrowing by it) and all of All; Rank, when
// set, narrows further to rows holding one of its parts.
type Trigrams struct {
	Any, All, Rank []string
}

// SampledRows is what Searcher.Sample read: the workspace's Rows among the
// sampled rows of the table, and the Workspace's count of contacts. A
// sample counts only where its matches come from MinPieces pieces or more:
// rows clustered in a few (one import's shared company) cannot pass for
// many. Whole says the table was read whole, and its counts are exact.
type SampledRows struct {
	Rows                 []SampledRow
	Workspace, MinPieces int64
	Whole                bool
	// Table is how many rows the driver's search index holds when it is
	// one for every workspace's rows and a search reads every workspace's
	// candidates from it (PostgreSQL's trigram index); 0 where a search
	// reads only its workspace's part of the index (SQLite's ranges).
	Table int64
}

// SampledRow is one sampled contact: what a search's conditions test, and
// the piece of the table it came from.
type SampledRow struct {
	Search, Phone string
	CreatedAt     time.Time
	Piece         int64
}

// ReadSample fills s with the workspace's count of contacts and the rows
// query reads, a driver's Sample: each row its piece of the table, search
// text, phone (empty for none) and created_at, in that order.
func ReadSample(r *gorm.DB, s *SampledRows, workspaceID, query string, args ...any) error {
	if err := r.Raw(selectWorkspaceContacts, workspaceID).Row().Scan(&s.Workspace); err != nil {
		return err
	}
	rows, err := r.Raw(query, args...).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var row SampledRow
		if err := rows.Scan(&row.Piece, &row.Search, &row.Phone, &row.CreatedAt); err != nil {
			return err
		}
		s.Rows = append(s.Rows, row)
	}
	return rows.Err()
}

// selectWorkspaceContacts reads a workspace's count of contacts, 0 for a
// workspace with no row yet.
const selectWorkspaceContacts = "SELECT coalesce((SELECT contact_count FROM workspaces WHERE id = ?), 0)"

// Sample is what a search's sample counted: Matches of the Sampled rows of
// the workspace match, from Pieces pieces of the table, and the workspace
// holds Workspace contacts (SampledRows).
type Sample struct {
	Matches, Pieces, Sampled, Workspace, MinPieces int64
	// RankMatches are the sampled matches that satisfy the rank
	// condition, counted where the driver probes its newest rows
	// (Newest; 0 elsewhere).
	RankMatches int64
}

// RowValueKeys is a driver whose planner takes a row-value bound on the
// contact order, (created_at, id) < (?, ?), as the index range only alone:
// given a plain bound on created_at too it ranges on that and passes over
// every row of the key's time (an import stamps its batch of thousands with
// one), 0.9 ms against 0.08 at 2,500 of them on SQLite.
type RowValueKeys interface {
	RowValueKeys()
}
