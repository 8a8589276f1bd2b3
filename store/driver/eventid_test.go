package driver

import (
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestEventIDsOrderAsTheirTimes: an event's created_at is read from its id,
// so a list ordered by id is ordered by time; ids made in a burst (many in
// one microsecond) keep both orders together, and the time is the clock's.
func TestEventIDsOrderAsTheirTimes(t *testing.T) {
	const ids, perMilli = 200000, 4096
	before := time.Now().Add(-time.Millisecond)
	var lastID string
	var lastTime time.Time
	for i := range ids {
		id := uuid.Must(uuid.NewV7()).String()
		at := IDTime(id)
		if id <= lastID {
			t.Fatalf("id %d %s is not after %s", i, id, lastID)
		}
		if at.Before(lastTime) {
			t.Fatalf("id %d %s has time %v before the previous one's %v", i, id, at, lastTime)
		}
		if at != at.Truncate(time.Microsecond) {
			t.Fatalf("time %v is finer than the databases keep", at)
		}
		lastID, lastTime = id, at
	}
	// A burst may run ahead of the clock: a version 7 UUID counts at most
	// 4,096 ids in a millisecond (its 12 bits below the milliseconds), and
	// the next ids take the next millisecond's.
	ahead := time.Duration(ids/perMilli+1) * time.Millisecond
	if after := time.Now().Add(time.Millisecond + ahead); lastTime.Before(before) || lastTime.After(after) {
		t.Fatalf("last time %v is not the clock's (%v..%v)", lastTime, before, after)
	}
	if got := IDTime("not-a-uuid"); time.Since(got) > time.Minute {
		t.Fatalf("a foreign id gets the time now, got %v", got)
	}
}
