package storetest

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// Test data for the lists and reports of calls: calls are created through
// the store's own methods, and these fixtures then write what the schema
// (0016_after_call.sql) defines for after-call work, exactly as its
// comments say, together with the times a report counts. They are data,
// not a stand-in for the store: every read under test is the store's.

// CallFixture is what WriteCallFixture writes into a stored call. Zero
// fields write nothing, except that Tags is always written (nil: none).
type CallFixture struct {
	// CreatedAt moves the call (and its call_tags rows) in time.
	CreatedAt time.Time
	// Status, with AnsweredAt and Duration, ends the call as a report
	// reads it; ended_at is set for a final status.
	Status     switchboard.CallStatus
	AnsweredAt *time.Time
	Duration   *int
	// ContactID is calls.contact_id; OutcomeID calls.outcome_id (a
	// call_outcomes row of the workspace, see WriteOutcomeFixture).
	ContactID string
	OutcomeID string
	// Tags are calls.tags (a JSON array, lower-case, in order) and one
	// call_tags row each, carrying the call's created_at.
	Tags []string
}

// WriteCallFixture writes f into the stored call callSID, in one
// transaction (calls.tags and call_tags together, as the schema requires).
func WriteCallFixture(t testing.TB, db *store.DB, callSID string, f CallFixture) {
	t.Helper()
	err := db.Fixture(ctx(), func(tx *gorm.DB) error {
		set := map[string]any{}
		if !f.CreatedAt.IsZero() {
			set["created_at"] = f.CreatedAt.UTC()
		}
		if f.Status != "" {
			set["status"], set["status_rank"] = string(f.Status), f.Status.Rank()
			if f.Status.Final() {
				set["ended_at"] = f.CreatedAt.UTC()
			}
		}
		if f.AnsweredAt != nil {
			set["answered_at"] = f.AnsweredAt.UTC()
		}
		if f.Duration != nil {
			set["duration"] = *f.Duration
		}
		if f.ContactID != "" {
			set["contact_id"] = f.ContactID
		}
		if f.OutcomeID != "" {
			set["outcome_id"] = f.OutcomeID
		}
		tags := make([]string, len(f.Tags))
		for i, tag := range f.Tags {
			tags[i] = switchboard.NormalizeTag(tag)
		}
		js, err := json.Marshal(tags)
		if err != nil {
			return err
		}
		set["tags"] = string(js)
		if err := tx.Table("calls").Where("call_sid = ?", callSID).Updates(set).Error; err != nil {
			return err
		}
		var call struct {
			WorkspaceID string
			CreatedAt   time.Time
		}
		if err := tx.Table("calls").Select("workspace_id, created_at").Where("call_sid = ?", callSID).Take(&call).Error; err != nil {
			return err
		}
		if err := tx.Exec("DELETE FROM call_tags WHERE call_sid = ?", callSID).Error; err != nil {
			return err
		}
		for _, tag := range tags {
			if err := tx.Exec("INSERT INTO call_tags (call_sid, workspace_id, tag, created_at) VALUES (?, ?, ?, ?)",
				callSID, call.WorkspaceID, tag, call.CreatedAt.UTC()).Error; err != nil {
				return err
			}
		}
		return nil
	})
	require.NoError(t, err)
}

// WriteOutcomeFixture writes a call_outcomes row of the workspace at the
// given position (its order among the workspace's outcomes) and returns
// its id.
func WriteOutcomeFixture(t testing.TB, db *store.DB, workspaceID, name string, kind switchboard.OutcomeKind, position int) string {
	t.Helper()
	id := uuid.Must(uuid.NewV7()).String()
	err := db.Fixture(ctx(), func(tx *gorm.DB) error {
		return tx.Exec("INSERT INTO call_outcomes (id, workspace_id, name, name_key, kind, archived, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
			id, workspaceID, name, strings.ToLower(name), string(kind), false, position, time.Now().UTC()).Error
	})
	require.NoError(t, err)
	return id
}
