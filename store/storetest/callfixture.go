package storetest

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// Test data for the lists and reports of calls: calls are created through
// the store's own methods; these fixtures then move them in time, end them
// and link their contact (what no store method writes after the fact), and
// set their outcome and tags through the store's own after-call change.

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
	// ContactID is calls.contact_id; OutcomeID an outcome of the
	// workspace (see OutcomeNamed), set with the store's UpdateCallWork.
	ContactID string
	OutcomeID string
	// Tags are set with UpdateCallWork too, after the call has moved in
	// time, so that their call_tags rows carry its created_at.
	Tags []string
}

// WriteCallFixture writes f into the stored call callSID: the times,
// status and contact in one transaction, then the outcome and tags through
// the store's after-call change.
func WriteCallFixture(t testing.TB, db *store.DB, callSID string, f CallFixture) {
	t.Helper()
	var workspaceID string
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
		if len(set) > 0 {
			if err := tx.Table("calls").Where("call_sid = ?", callSID).Updates(set).Error; err != nil {
				return err
			}
		}
		return tx.Table("calls").Where("call_sid = ?", callSID).Pluck("workspace_id", &workspaceID).Error
	})
	require.NoError(t, err)
	tags := make([]string, len(f.Tags))
	for i, tag := range f.Tags {
		tags[i] = switchboard.NormalizeTag(tag)
	}
	work := switchboard.CallWork{Tags: &tags, By: "storetest"}
	if f.OutcomeID != "" {
		work.OutcomeID = &f.OutcomeID
	}
	_, err = db.UpdateCallWork(ctx(), workspaceID, callSID, work, nil)
	require.NoError(t, err)
}

// OutcomeNamed returns the id of the workspace's outcome called name (of
// kind), found among those it has (the defaults every workspace starts
// with included) or made with the store's CreateOutcome.
func OutcomeNamed(t testing.TB, db *store.DB, workspaceID, name string, kind switchboard.OutcomeKind) string {
	t.Helper()
	have, _, err := db.ListOutcomes(ctx(), workspaceID, true, switchboard.Page{Limit: 200})
	require.NoError(t, err)
	for _, o := range have {
		if strings.EqualFold(o.Name, name) {
			require.Equal(t, kind, o.Kind, "the workspace's outcome %q", name)
			return o.ID
		}
	}
	o := switchboard.CallOutcome{WorkspaceID: workspaceID, Name: name, Kind: kind}
	require.NoError(t, db.CreateOutcome(ctx(), &o))
	return o.ID
}
