package pgdriver

// Every statement of this driver. Those run on the transaction's own
// connection are written with PostgreSQL's $n placeholders; the search's
// pieces and the locks go through GORM, which takes "?".

// Locks. The keys spell "sbmigr", "sbriver" and "leg!" in ASCII.
const (
	migrationLockKey    = 0x73626d69677231
	riverLockKey        = 0x73627269766572
	lockMigrations      = "SELECT pg_advisory_xact_lock(?)"
	lockJobMigrations   = "SELECT pg_advisory_lock($1)"
	unlockJobMigrations = "SELECT pg_advisory_unlock($1)"
	lockLeg             = "SELECT pg_advisory_xact_lock(1818584865, hashtext(?))"
	lockNumber          = "SELECT pg_advisory_xact_lock(1852142946, hashtext(?))"
)

// Events and the relay. An event, its outbox row and (for a contact's
// create or delete) the workspace's contact count go in one statement: a
// round trip is most of what an event costs here.
const (
	insertEvent      = "INSERT INTO events (id, workspace_id, type, data, created_at) VALUES ($1, $2, $3, $4, $5)"
	insertOutbox     = "INSERT INTO event_outbox (event_id, workspace_id, type) VALUES ($1, $2, $3)"
	insertEventOnly  = "WITH e AS (" + insertEvent + ") " + insertOutbox
	insertEventCount = "WITH e AS (" + insertEvent + "), o AS (" + insertOutbox + ") " +
		"UPDATE workspaces SET contact_count = contact_count + $6, contacts_version = contacts_version + 1 WHERE id = $7"
	addContactCount = "UPDATE workspaces SET contact_count = contact_count + $1, contacts_version = contacts_version + 1 WHERE id = $2"
	// selectEndpoints is given true for enabled.
	selectEndpoints = "SELECT id, events FROM webhook_endpoints WHERE workspace_id = $1 AND enabled = $2"
	// selectOutbox lets relays run side by side: each takes the rows no
	// other holds.
	selectOutbox           = "SELECT event_id, workspace_id, type FROM event_outbox ORDER BY event_id LIMIT $1 FOR UPDATE SKIP LOCKED"
	selectBatchEndpoints   = "SELECT id, workspace_id, events, enabled, created_at FROM webhook_endpoints WHERE workspace_id = ANY($1::text[])"
	deleteOutbox           = "DELETE FROM event_outbox WHERE event_id = ANY($1::text[])"
	countOutbox            = "SELECT count(*) FROM event_outbox"
	selectContactTuples    = "SELECT reltuples FROM pg_class WHERE oid = 'contacts'::regclass"
	cleanSearchPendingList = "SELECT gin_clean_pending_list('contacts_search_trgm'::regclass)"
	vacuumContacts         = "VACUUM (ANALYZE) contacts"
)

// Import: one array per column, a single statement and round trip, no
// temporary table, values in pgx's binary array format.
const (
	insertContactsBody = `
	INSERT INTO contacts (id, workspace_id, first_name, last_name, phone, email, company, notes, search, search_idx, time_zone, created_at, updated_at)
	SELECT u.id::uuid, $1, u.first_name, u.last_name, u.phone, u.email, u.company, u.notes, u.search, u.search_idx, u.time_zone, $2, $2
	FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
		AS u (id, first_name, last_name, phone, email, company, notes, search, search_idx, time_zone)`
	insertContacts        = insertContactsBody + " RETURNING id"
	insertContactsSkipped = insertContactsBody + " ON CONFLICT (workspace_id, phone) DO NOTHING RETURNING id"
	selectContactsByPhone = "SELECT id, workspace_id, first_name, last_name, phone, email, company, notes, time_zone, created_at, updated_at" +
		" FROM contacts WHERE workspace_id = $1 AND phone = ANY($2::text[]) FOR UPDATE"
	updateContacts = `
		UPDATE contacts c SET first_name = u.first_name, last_name = u.last_name, email = u.email,
			company = u.company, notes = u.notes, search = u.search, search_idx = u.search_idx, time_zone = u.time_zone, updated_at = $2
		FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
			AS u (id, first_name, last_name, email, company, notes, search, search_idx, time_zone)
		WHERE c.workspace_id = $1 AND c.id = u.id::uuid`
	importSavepoint = "import_batch"
	releaseImport   = "RELEASE SAVEPOINT import_batch"
)

// warmQuery writes the statement Warm runs on each connection: a read of
// no rows from every table of the schema the connection works in.
const warmQuery = "SELECT string_agg(format('(SELECT 1 FROM %I.%I LIMIT 0)', schemaname, tablename), ' UNION ALL ') " +
	"FROM pg_tables WHERE schemaname = current_schema()"

// Search. Each condition is written twice (driver.Cond): indexed, with the
// condition on search_idx the trigram index serves, and scanned, where
// that condition is trivially true (its pattern is never NULL; the exact
// one beside it decides) and the search text is an expression no index
// covers, so the planner reads the rows in order.
const (
	// indexLike is one of a condition's patterns on search_idx
	// (indexPatterns); indexLikeScan takes its argument and is true.
	indexLike     = "c.search_idx LIKE ? ESCAPE '\\'"
	indexLikeScan = "?::text IS NOT NULL"
	// matchExact* are the exact LIKE on the search text beside them.
	matchExact     = "c.search LIKE ? ESCAPE '\\'"
	matchExactScan = "(c.search || '') LIKE ? ESCAPE '\\'"
	// digits*: the patterns are digits between two '%', the same in the
	// indexed text (no marker) and the phone; nothing to escape.
	digitsIndex = "(c.search_idx LIKE ? AND c.phone LIKE ?)"
	digitsScan  = "(?::text IS NOT NULL AND c.phone LIKE ?)"
	rankIndex   = "(c.search LIKE ? ESCAPE '\\' OR c.search LIKE ? ESCAPE '\\' OR c.search LIKE ? ESCAPE '\\')"
	rankScan    = "((c.search || '') LIKE ? ESCAPE '\\' OR (c.search || '') LIKE ? ESCAPE '\\' OR (c.search || '') LIKE ? ESCAPE '\\')"
	// rankIndexed's verbs are the condition on search_idx (indexed) and the
	// rank's three LIKEs, both in one spelling, indexed or scanned.
	rankIndexed = "(%s AND %s)"
	fromAll     = "contacts c"
	// The rank's keys: columns generated from the search text, each
	// indexed with the time and id after it (migration 0077).
	rankKeyFull  = "c.rank_full"
	rankKeyLast  = "c.rank_last"
	rankKeyEmail = "c.rank_email"
	// bucketCase's verb is the rank condition.
	bucketCase = "CASE WHEN %s THEN 0 ELSE 1 END"
	// walkSettings are LOCAL to the walk's transaction, so the pool is
	// left as it was.
	walkSettings = "SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; " +
		"SET LOCAL enable_sort = off; SET LOCAL max_parallel_workers_per_gather = 0"
	// sampleRead reads the sampled rows of a workspace, each with its
	// page (the first of its ctid's two numbers).
	sampleRead = "SELECT (c.ctid::text::point)[0]::bigint, c.search, coalesce(c.phone, ''), c.created_at" +
		" FROM contacts c TABLESAMPLE SYSTEM (?) WHERE c.workspace_id = ?"
	// probe's verb is the conditions, scanned.
	probe = "SELECT c.id, c.workspace_id, c.first_name, c.last_name, c.phone, c.email, c.company, c.notes, c.time_zone, c.created_at, c.updated_at" +
		" FROM (SELECT * FROM contacts c WHERE c.workspace_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ?) c" +
		" WHERE %s ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?"
	walkInner     = "SELECT * FROM contacts c0 WHERE c0.workspace_id = ?"
	walkInnerTail = " ORDER BY c0.created_at DESC, c0.id DESC LIMIT ?"
	walkOuter     = "SELECT c.id, c.workspace_id, c.first_name, c.last_name, c.phone, c.email, c.company, c.notes, c.time_zone, c.created_at, c.updated_at" +
		" FROM (%s) c"
)

// settleCalls runs after a bulk load of calls (benchmarks), and after the
// fold of the load's log (SettleCalls). The totals and the log are
// rewritten (FULL): the load wrote a log row per call, which the fold left
// dead, a heap every report would scan until autovacuum came; and calls
// arriving over a year, not in minutes, keep the tables dense as autovacuum
// frees the space.
const (
	settleCalls  = "VACUUM ANALYZE calls, call_tags"
	settleTotals = "VACUUM FULL ANALYZE call_totals_quarter, call_totals_daily, call_totals_log"
)

// foldCallTotals moves up to ? rows of the call totals' log into the totals
// (migration 0073): rows this statement sees, found by their ctid (a TID
// scan), deleted and summed per totals row, in key order, so that two folds
// at once (two instances) take the totals' row locks in the same order. A
// row the other fold deleted first is skipped; a row committed after the
// statement began stays for the next fold.
const foldCallTotals = `WITH moved AS (
    DELETE FROM call_totals_log WHERE ctid = ANY (ARRAY(SELECT ctid FROM call_totals_log LIMIT ?)) RETURNING *),
quarter AS (
    INSERT INTO call_totals_quarter AS t (workspace_id, bucket, shard, calls, answered, talk_seconds)
    SELECT workspace_id, bucket, 0, sum(calls), sum(answered), sum(talk_seconds) FROM moved
    GROUP BY workspace_id, bucket ORDER BY workspace_id, bucket
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds),
daily AS (
    INSERT INTO call_totals_daily AS t (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
    SELECT workspace_id, bucket - bucket % 86400, agent_identity, outcome_key, 0, sum(calls), sum(answered), sum(talk_seconds)
    FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds)
SELECT count(*) FROM moved`

// Dial lists. The claim takes the first due entry no other transaction
// holds (SKIP LOCKED): instances pulling next at once each get their own,
// and none waits for another's lock. Were the row changed and committed by
// another claim since this statement's snapshot, the lock re-reads it and
// passes it over when it is no longer due.
const (
	claimDialEntry = `
		UPDATE dial_list_entries AS e SET status = 'leased', leased_by = $1, lease_until = $2, due_at = $2
		FROM (SELECT list_id, contact_id FROM dial_list_entries
			WHERE list_id = $3 AND due_at IS NOT NULL AND due_at <= $4
			ORDER BY due_at, position LIMIT 1 FOR UPDATE SKIP LOCKED) AS c
		WHERE e.list_id = c.list_id AND e.contact_id = c.contact_id
		RETURNING e.contact_id`
	insertDialEntriesByID = `
		INSERT INTO dial_list_entries (list_id, contact_id, position, phone, status, attempts, due_at)
		SELECT $1, c.id, row_number() OVER (ORDER BY ids.n), c.phone, 'pending', 0, $2
		FROM jsonb_array_elements_text($3::jsonb) WITH ORDINALITY AS ids (id, n)
		JOIN contacts c ON c.workspace_id = $4 AND c.id = ids.id::uuid
		WHERE c.phone IS NOT NULL`
)

// stepKeys reads the list's keys at every n-th offset (StepKeys): the
// first from the newest (%s empty) or past a key, OFFSET ? past it, then
// each OFFSET ? past the one before, while fewer than ? are read.
const stepKeys = `
	WITH RECURSIVE k(i, t, id) AS (
		SELECT 1, f.created_at, f.id FROM (
			SELECT created_at, id FROM contacts WHERE workspace_id = ?%s
			ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?) f
		UNION ALL
		SELECT k.i + 1, n.created_at, n.id FROM k CROSS JOIN LATERAL (
			SELECT created_at, id FROM contacts WHERE workspace_id = ? AND (created_at, id) < (k.t, k.id)
			ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?) n
		WHERE k.i < ?)
	SELECT t AS time, id FROM k ORDER BY i`
