package driver

// Event ids: UUIDv7s whose time is the event's, so that the key
// (workspace_id, id) orders a workspace's events by time.

import (
	"fmt"
	"time"

	"github.com/google/uuid"
)

// IDTime is the time a UUIDv7 of the store holds, to the microsecond: its
// first 48 bits are the Unix milliseconds and the next 12 (after the
// version) the fraction of the millisecond in units of 256 ns, and the
// generator makes each id greater than the last. So ids in order have
// times in order, and an event's id orders it as its time does. Any other
// id gets the time now.
func IDTime(id string) time.Time {
	u, err := uuid.Parse(id)
	if err != nil || u.Version() != 7 {
		return time.Now().UTC().Truncate(time.Microsecond)
	}
	ms := int64(u[0])<<40 | int64(u[1])<<32 | int64(u[2])<<24 | int64(u[3])<<16 | int64(u[4])<<8 | int64(u[5])
	frac := int64(u[6]&0x0f)<<8 | int64(u[7])
	// A burst can carry the fraction past 3,906 (a whole millisecond)
	// before the millisecond moves on; such ids all take its last
	// microsecond, so the times still never go backwards.
	return time.Unix(0, ms*int64(time.Millisecond)+min(frac<<8, int64(time.Millisecond)-1)).UTC().Truncate(time.Microsecond)
}

// IDBefore is the smallest UUIDv7 of time t: every id the store made
// before t sorts below it (the first 48 bits are the Unix milliseconds, and
// the text is lower-case hex), so the primary key finds old events without
// an index on their time.
func IDBefore(t time.Time) string {
	ms := uint64(t.UnixMilli())
	return fmt.Sprintf("%08x-%04x-7000-8000-000000000000", ms>>16, ms&0xffff)
}
