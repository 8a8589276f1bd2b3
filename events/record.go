package events

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"time"

	"github.com/google/uuid"

	sb "github.com/switchboard-oss/switchboard"
)

// Recording an attempt. The attempt has happened (the receiver may have
// acted on it), so its row must be written whatever the database does
// meanwhile: a write that fails on a dropped connection is tried again
// until recordFor has passed. A retry is safe because the row's id is the
// attempt's identity (attemptID: the job and its attempt number), and the
// store writes an id once: when a commit reached the database but its
// answer was lost, the retry finds the row and writes nothing more.
//
// River's JobCompleteTx would put the row and the job's completion in one
// transaction, but only for a success: a failed attempt's next try is
// scheduled by the error Work returns, outside any transaction of ours. So
// every attempt takes the same path, retried and idempotent.

// recordFor bounds the retries of one attempt's row; it stays well inside
// RescueAfter, after which River would run the job again elsewhere.
const recordFor = 30 * time.Second

// record writes d (d.ID set) and reports whether it disabled the endpoint.
func (s *Service) record(ctx context.Context, d *sb.WebhookDelivery) (bool, error) {
	deadline := time.Now().Add(recordFor)
	wait := 20 * time.Millisecond
	for {
		disabled, err := s.store.RecordDelivery(ctx, d)
		if err == nil || !passing(err) || time.Now().Add(wait).After(deadline) {
			return disabled, err
		}
		s.log.WarnContext(ctx, "recording a delivery attempt: retrying after a database fault", "error", err,
			"delivery", d.ID)
		time.Sleep(wait)
		wait = min(2*wait, 2*time.Second)
	}
}

// passing reports an error worth another try: the database's own faults
// reach the service unwrapped (or as EUnavailable), while the domain's
// answers (an endpoint deleted meanwhile) would answer the same again.
func passing(err error) bool {
	code := sb.ErrorCode(err)
	return code == sb.EInternal || code == sb.EUnavailable
}

// attemptID is the id of a delivery attempt's row, the same for every
// write of the same attempt: a UUIDv7 (so ids sort by time, as the store's
// own do) whose time is the attempt's and whose other bits come from the
// job's id and the attempt's number. River numbers a job's attempts, a
// snooze taking none, so no two attempts share one.
func attemptID(jobID int64, attempt int, at time.Time) string {
	var key [16]byte
	binary.BigEndian.PutUint64(key[:8], uint64(jobID))
	binary.BigEndian.PutUint64(key[8:], uint64(attempt))
	h := sha256.Sum256(key[:])
	var u uuid.UUID
	copy(u[:], h[:16])
	ms := uint64(at.UnixMilli())
	u[0], u[1], u[2], u[3], u[4], u[5] = byte(ms>>40), byte(ms>>32), byte(ms>>24), byte(ms>>16), byte(ms>>8), byte(ms)
	u[6] = 0x70 | u[6]&0x0f // version 7
	u[8] = 0x80 | u[8]&0x3f // RFC 9562 variant
	return u.String()
}
