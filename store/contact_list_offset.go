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
	"github.com/switchboard-oss/switchboard/store/driver"
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
	// (tuning), as far into the list as a page has asked; complete says
	// they reach its end.
	keys     []switchboard.PageKey
	complete bool
}

// keyAtOffset is the key of the contact at offset of the workspace's list
// (nil past its end), read from the kept keys of this version when the
// offset is past the first of them.
func (db *DB) keyAtOffset(r *gorm.DB, workspaceID string, version int64, offset int) (*switchboard.PageKey, error) {
	every := db.tune.listSkipEvery
	if every <= 0 || offset < every {
		return db.keyAt(r, workspaceID, nil, offset)
	}
	i := offset / every
	skips, err := db.skipKeys(r, workspaceID, version, i)
	if err != nil {
		return nil, err
	}
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

// skipKeys returns the workspace's kept keys, at least want of them unless
// the list ends first, if they are of this version and younger than
// listSkipsTTL. Kept keys of this version too few for want are extended,
// read on from the last of them; other keys are read again from the
// start. Either way a read walks the workspace's index only as far as the
// offset asked for: the first deep page after a contact is added costs a
// few times what it cost before keys were kept, not a pass over the whole
// list (at 1,000,000 contacts that pass took 1.6-1.9 s).
func (db *DB) skipKeys(r *gorm.DB, workspaceID string, version int64, want int) (skipKeys, error) {
	now := db.keptClock()
	c := &db.listSkips
	c.mu.Lock()
	s, ok := c.kept[workspaceID]
	c.mu.Unlock()
	if !ok || s.version != version || now.Sub(s.taken) >= listSkipsTTL {
		s = skipKeys{version: version, taken: now}
	}
	if s.complete || len(s.keys) >= want {
		return s, nil
	}
	// Each key is read from the one before, every entries on through the
	// index, as a page at that offset is: a statement a key, or one
	// statement for them all where the driver steps them itself. One
	// statement numbering the rows with row_number() cost more: for
	// 100,000 entries at 200,000 contacts, 210-250 ms on SQLite and 66-71
	// on PostgreSQL, against 61 and 35 for these steps (a plain offset's
	// walk of them: 7-18 and 17).
	every := db.tune.listSkipEvery
	keys := s.keys[:len(s.keys):len(s.keys)] // capped: appending copies what a caller may hold
	if stepper, ok := db.drv.(driver.KeyStepper); ok {
		var afterTime any
		afterID := ""
		if n := len(keys); n > 0 {
			afterTime, afterID = keys[n-1].Time, keys[n-1].ID
		}
		query, args := stepper.StepKeys(workspaceID, afterTime, afterID, every, want-len(keys))
		var more []switchboard.PageKey
		if err := scan(r.Raw(query, args...), &more); err != nil {
			return s, err
		}
		keys = append(keys, more...)
		s.complete = len(keys) < want // the list ends before the next key
	}
	for !s.complete && len(keys) < want {
		var from *switchboard.PageKey
		if n := len(keys); n > 0 {
			from = &keys[n-1]
		}
		k, err := db.keyAt(r, workspaceID, from, every)
		if err != nil {
			return s, err
		}
		if k == nil {
			s.complete = true // the list ends before the next key
			break
		}
		keys = append(keys, *k)
	}
	s.keys = keys
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kept == nil || len(c.kept) >= maxKeptWorkspaces {
		c.kept = make(map[string]skipKeys)
	}
	c.kept[workspaceID] = s
	return s, nil
}
