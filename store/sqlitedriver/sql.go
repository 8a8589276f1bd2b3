package sqlitedriver

// Every statement of this driver, written with SQLite's "?" placeholders.
// The search's pieces are read through GORM, which takes "?" on both
// databases; the others run on the transaction's own connection.

// Events and the relay.
const (
	insertEvent     = "INSERT INTO events (id, workspace_id, type, data, created_at) VALUES (?, ?, ?, ?, ?)"
	addContactCount = "UPDATE workspaces SET contact_count = contact_count + ?, contacts_version = contacts_version + 1 WHERE id = ?"
	// selectEndpoints is given true for enabled.
	selectEndpoints    = "SELECT id, events FROM webhook_endpoints WHERE workspace_id = ? AND enabled = ?"
	selectAllEndpoints = "SELECT id, workspace_id, events, enabled, created_at FROM webhook_endpoints ORDER BY workspace_id"
	selectMark         = "SELECT last_event_id FROM event_relay WHERE workspace_id = ?"
	selectPastMark     = "SELECT id, workspace_id, type FROM events WHERE workspace_id = ? AND id > ? ORDER BY id LIMIT ?"
	upsertMark         = "INSERT INTO event_relay (workspace_id, last_event_id) VALUES (?, ?) " +
		"ON CONFLICT (workspace_id) DO UPDATE SET last_event_id = excluded.last_event_id"
)

// Import. "WHERE true" settles SQLite's parsing ambiguity between ON
// CONFLICT and a join's ON after INSERT … SELECT.
const (
	insertContacts = `
		INSERT INTO contacts (seq, id, workspace_id, first_name, last_name, phone, email, company, notes, search, time_zone, created_at, updated_at)
		SELECT ? + key + 1, value->>0, ?, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8, ?, ?
		FROM json_each(?) WHERE true
		ON CONFLICT (workspace_id, phone) DO NOTHING
		RETURNING id`
	selectContactsByPhone = "SELECT id, workspace_id, first_name, last_name, phone, email, company, notes, time_zone, created_at, updated_at" +
		" FROM contacts WHERE workspace_id = ? AND phone IN (SELECT value FROM json_each(?))"
	// MATERIALIZED: unpack the JSON once. Left to itself SQLite flattens
	// the rows into the join and re-parses the whole document for every
	// contact it visits.
	updateContacts = `
		WITH v AS MATERIALIZED (
			SELECT value->>0 AS id, value->>1 AS first_name, value->>2 AS last_name, value->>3 AS email,
				value->>4 AS company, value->>5 AS notes, value->>6 AS search, value->>7 AS time_zone FROM json_each(?))
		UPDATE contacts SET first_name = v.first_name, last_name = v.last_name, email = v.email,
			company = v.company, notes = v.notes, search = v.search, time_zone = v.time_zone, updated_at = ?
		FROM v
		WHERE contacts.workspace_id = ? AND contacts.id = v.id`
)

// The search index's merge after an import (MergeAfterImport).
const (
	// The workspaces keep their counts of contacts: the table's is their
	// sum. (Its rows' keys no longer span it: each workspace numbers its
	// own in a range far from the others', migration 0076.)
	selectContactsCount = "SELECT coalesce(sum(contact_count), 0) FROM workspaces"
	selectTotalChanges  = "SELECT total_changes()"
	mergeIndex          = "INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('merge', ?)"
)

// Search.
const (
	matchSearch = "c.search LIKE ? ESCAPE '\\'"
	// matchPhone's pattern is digits between two '%': nothing to escape.
	matchPhone = "c.phone LIKE ?"
	// fromWalk reads the workspace's rows newest first.
	fromWalk = "contacts c INDEXED BY contacts_by_workspace_created"
	// fromFTS: CROSS JOIN makes SQLite drive the join from the FTS
	// matches; left to itself it may walk the workspace index instead and
	// probe the FTS result for every row.
	fromFTS  = "contacts_fts f CROSS JOIN contacts c ON c.seq = f.rowid"
	matchFTS = "f.contacts_fts MATCH ?"
	// inRange keeps FTS5 to the workspace's range of rowids (migration
	// 0076), which it reads alone from each trigram's list; its arguments
	// are the workspace's id, twice.
	inRange = "f.rowid >= " + seqBase + " AND f.rowid < " + seqBase + " + " + seqSpan
	seqBase = "(SELECT contact_seq_base FROM workspaces WHERE id = ?)"
	seqSpan = "1099511627776" // 1 << 40, each workspace's range
	rowKey  = "f.rowid"
	fromAll = "contacts c"
	// bucketText hands the search text over: Go tests it, which costs a
	// fraction of three LIKEs per candidate.
	bucketText = "c.search"
	// sampleBounds are the lowest and highest row keys of the workspace's
	// range: two subqueries, as SQLite reads a min() or a max() of the
	// rowid from the end of a range only when it is the query's one
	// aggregate.
	sampleBounds = "SELECT (SELECT min(seq) FROM contacts WHERE " + inRangeOfW + "), (SELECT max(seq) FROM contacts WHERE " + inRangeOfW + ")" +
		" FROM workspaces w WHERE w.id = ?"
	// lastContactSeq is the workspace's highest row key, its range's base
	// when it has no contact.
	lastContactSeq = "SELECT coalesce((SELECT max(seq) FROM contacts WHERE " + inRangeOfW + "), w.contact_seq_base) FROM workspaces w WHERE w.id = ?"
	// inRangeOfW is "seq lies in the range of workspace w".
	inRangeOfW = "seq >= w.contact_seq_base AND seq < w.contact_seq_base + " + seqSpan
	// sampleRun is one run of rows by rowid; NOT INDEXED keeps SQLite on
	// the rowid, where the workspace's index would read the whole
	// workspace.
	sampleRun = "SELECT ? AS run, c.workspace_id, c.search, c.phone, c.created_at FROM contacts c NOT INDEXED WHERE c.seq >= ? AND c.seq < ?"
	// The index read in insertion order (driver.OrderedIndex, migration
	// 0074): a chunk of candidates' rowids, the workspace's matching rows
	// among them by rowid, the rows out of insertion order, and the bound
	// of a page that starts after a key: the lowest key at or above it of a
	// row in insertion order, read up the workspace's index from the key.
	// (rowsByKey's CROSS JOIN keeps SQLite on the rowids: given an IN list
	// instead, it reads the workspace's index whole and tests each row.)
	// The bound below and the range's end are one constraint: given two,
	// FTS5 seeks by one and SQLite tests the other on every row it hands
	// out (a cursor's page at half of 200,000 contacts read the 100,000
	// rows above it).
	orderedCandidates = "SELECT f.rowid FROM contacts_fts f WHERE f.contacts_fts MATCH ? AND f.rowid >= " + seqBase +
		" AND f.rowid < min(?, " + seqBase + " + " + seqSpan + ") ORDER BY f.rowid DESC LIMIT ?"
	rowsByKey = "SELECT c.id, c.workspace_id, c.first_name, c.last_name, c.phone, c.email, c.company, c.notes, c.time_zone, c.created_at, c.updated_at" +
		" FROM json_each(?) k CROSS JOIN contacts c ON c.seq = k.value WHERE c.workspace_id = ?"
	outOfOrder   = "SELECT seq FROM contacts_out_of_order WHERE workspace_id = ? LIMIT ?"
	firstInOrder = "SELECT c.seq FROM contacts c INDEXED BY contacts_by_workspace_created WHERE c.workspace_id = ? AND %s" +
		" AND c.seq NOT IN (SELECT seq FROM contacts_out_of_order WHERE workspace_id = ?) ORDER BY c.created_at, c.id LIMIT 1"
	newestInOrder = "SELECT c.seq FROM contacts c INDEXED BY contacts_by_workspace_created WHERE c.workspace_id = ?" +
		" AND c.seq NOT IN (SELECT seq FROM contacts_out_of_order WHERE workspace_id = ?) ORDER BY c.created_at DESC, c.id DESC LIMIT 1"

	// boundKey and its tail select the key of the n-th newest row (OFFSET
	// n-1) from the covering index; boundedWalk's verb is that query, and
	// its first row is the key or, with none, the empty text.
	boundKey     = "SELECT c0.created_at AS t, c0.id AS i, 0 AS k FROM contacts c0 INDEXED BY contacts_by_workspace_created WHERE c0.workspace_id = ?"
	boundKeyTail = " ORDER BY c0.created_at DESC, c0.id DESC LIMIT 1 OFFSET ?"
	boundedWalk  = "SELECT c.id, c.workspace_id, c.first_name, c.last_name, c.phone, c.email, c.company, c.notes, c.time_zone, c.created_at, c.updated_at" +
		" FROM contacts c INDEXED BY contacts_by_workspace_created" +
		" WHERE (c.created_at, c.id) >= (SELECT b.t, b.i FROM (SELECT * FROM (%s) UNION ALL SELECT '', '', 1) b ORDER BY b.k LIMIT 1)" +
		" AND c.workspace_id = ?"
	// sampleRead's verb is the runs joined by UNION ALL.
	sampleRead = "SELECT c.run, c.search, coalesce(c.phone, ''), c.created_at FROM (%s) c WHERE c.workspace_id = ?"
)

// Dial lists. The single writer runs one claim at a time, so the first due
// entry is read and leased in one statement with nothing to skip.
const (
	claimDialEntry = `
		UPDATE dial_list_entries SET status = 'leased', leased_by = ?, lease_until = ?, due_at = ?
		WHERE list_id = ? AND contact_id = (SELECT contact_id FROM dial_list_entries
			WHERE list_id = ? AND due_at IS NOT NULL AND due_at <= ?
			ORDER BY due_at, position LIMIT 1)
		RETURNING contact_id`
	insertDialEntriesByID = `
		INSERT INTO dial_list_entries (list_id, contact_id, position, phone, status, attempts, due_at)
		SELECT ?, c.id, row_number() OVER (ORDER BY ids.key), c.phone, 'pending', 0, ?
		FROM json_each(?) AS ids
		JOIN contacts c ON c.workspace_id = ? AND c.id = ids.value
		WHERE c.phone IS NOT NULL`
)
