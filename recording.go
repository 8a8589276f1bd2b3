package switchboard

import (
	"context"
	"time"
)

// RecordingStatus is where a recording stands. Ranks order them like call
// statuses: in-progress and paused 0 (either way), stopped 1, completed and
// failed 2 (final). A recording moves only to a rank at least its own, and
// never from a final status.
type RecordingStatus string

const (
	RecordingInProgress RecordingStatus = "in-progress"
	RecordingPaused     RecordingStatus = "paused"
	RecordingStopped    RecordingStatus = "stopped"
	RecordingCompleted  RecordingStatus = "completed"
	RecordingFailed     RecordingStatus = "failed"
)

// Rank orders recording statuses; unknown ones are -1.
func (s RecordingStatus) Rank() int {
	switch s {
	case RecordingInProgress, RecordingPaused:
		return 0
	case RecordingStopped:
		return 1
	case RecordingCompleted, RecordingFailed:
		return 2
	}
	return -1
}

// Final reports whether the recording is over (completed or failed).
func (s RecordingStatus) Final() bool { return s.Rank() == 2 }

// Recording is a recording of a call, made on its customer leg (the
// provider records a call leg, not a conference); dual-channel puts the
// customer and the conference on separate channels.
type Recording struct {
	RecordingSID string
	CallSID      string // the Call (its agent leg)
	WorkspaceID  string
	LegSID       string // the recorded leg: the call's customer leg
	Status       RecordingStatus
	Channels     string // mono | dual
	Duration     *int   // seconds, once completed
	MediaURL     string // "" until completed
	StartedAt    time.Time
	CompletedAt  *time.Time
}

// RecordingUpdate moves a recording: to Status ("" leaves it) when the
// rule of RecordingStatus.Rank allows it, with Duration and MediaURL kept
// when set.
type RecordingUpdate struct {
	Status   RecordingStatus
	Duration *int
	MediaURL string
}

// RecordingStore keeps call recordings.
type RecordingStore interface {
	// CreateRecording stores r unless a recording with its SID is stored
	// already (a status callback can beat the answer that created it); r is
	// filled with the stored one. Each new recording is a call event.
	// Errors: EInvalid, ENotFound (no such call).
	CreateRecording(ctx context.Context, r *Recording) error
	// FindRecording errors: ENotFound (also another workspace's).
	FindRecording(ctx context.Context, workspaceID, recordingSID string) (*Recording, error)
	// ListRecordings lists a call's recordings, newest first.
	ListRecordings(ctx context.Context, callSID string, page Page) ([]*Recording, Meta, error)
	// UpdateRecording applies u to the recording and reports whether the
	// status moved (each move is a call event); it returns the recording as
	// stored after. Errors: ENotFound, EInvalid (unknown status).
	UpdateRecording(ctx context.Context, recordingSID string, u RecordingUpdate) (*Recording, bool, error)
}
