package store

// Deep offsets of the contact list: the keys at every listSkipEvery-th
// offset of a workspace's list are kept while its contacts_version (moved
// with every insert and delete, migration 0075) says no offset has moved,
// so that a page at offset 100,000 reads from the kept key at 100,000
// instead of counting 100,000 index entries each time.

import (
	"sync"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// listSkipEvery is how far apart the kept keys are: a deep page reads at
// most this many index entries past the nearest (tests lower it: tuning).
const listSkipEvery = 1000

// listSkipsTTL bounds how long kept keys are trusted without a write that
// moved contacts_version: an instance of a release before it, during a
// rolling deploy, inserts without moving it.
const listSkipsTTL = time.Minute

// listSkips are the workspaces' kept keys.
type listSkips struct {
	mu   sync.Mutex
	kept map[string]skipKeys
}

type skipKeys struct {
	version int64
	taken   time.Time
	// keys[i] is the key of the contact at offset (i+1)*listSkipEvery
	// (tuning).
	keys []switchboard.PageKey
}

// keyAtOffset is the key of the contact at offset of the workspace's list
// (nil past its end), read from the kept keys of this version when the
// offset is past the first of them.
func (db *DB) keyAtOffset(r *gorm.DB, workspaceID string, version int64, offset int) (*switchboard.PageKey, error) {
	every := db.tune.listSkipEvery
	if every <= 0 || offset < every {
		return db.keyAt(r, workspaceID, nil, offset)
	}
	skips, err := db.skipKeys(r, workspaceID, version)
	if err != nil {
		return nil, err
	}
	i := offset / every
	if i > len(skips.keys) {
		return nil, nil // past the list's end
	}
	return db.keyAt(r, workspaceID, &skips.keys[i-1], offset-i*every)
}

// keyAt reads the key at offset of the list, counted from the key from
// (included; nil: from the newest), through the index alone.
func (db *DB) keyAt(r *gorm.DB, workspaceID string, from *switchboard.PageKey, offset int) (*switchboard.PageKey, error) {
	q := r.Table("contacts").Select("created_at AS time, id").Where("workspace_id = ?", workspaceID)
	if from != nil {
		cond, args := db.contactKeys().upTo(from)
		q = q.Where(cond, args...)
	}
	var at []switchboard.PageKey
	if err := scan(q.Order(contactOrder.desc()).Limit(1).Offset(offset), &at); err != nil || len(at) == 0 {
		return nil, err
	}
	return &at[0], nil
}

// skipKeys returns the workspace's kept keys if they are of this version
// and younger than listSkipsTTL, and reads them again otherwise: one pass
// over the workspace's index, what a single deep offset costs.
func (db *DB) skipKeys(r *gorm.DB, workspaceID string, version int64) (skipKeys, error) {
	now := db.keptClock()
	c := &db.listSkips
	c.mu.Lock()
	s, ok := c.kept[workspaceID]
	c.mu.Unlock()
	if ok && s.version == version && now.Sub(s.taken) < listSkipsTTL {
		return s, nil
	}
	s = skipKeys{version: version, taken: now}
	err := scan(r.Raw(selectSkipKeys, workspaceID, db.tune.listSkipEvery), &s.keys)
	if err != nil {
		return s, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kept == nil || len(c.kept) >= maxKeptWorkspaces {
		c.kept = make(map[string]skipKeys)
	}
	c.kept[workspaceID] = s
	return s, nil
}

// selectSkipKeys reads the key at every ?-th offset of a workspace's list
// (offsets every, 2*every, …), walking its index once.
const selectSkipKeys = "SELECT k.time, k.id FROM (SELECT created_at AS time, id, row_number() OVER (ORDER BY created_at DESC, id DESC) - 1 AS n" +
	" FROM contacts WHERE workspace_id = ?) k WHERE k.n > 0 AND k.n % ? = 0 ORDER BY k.n"
