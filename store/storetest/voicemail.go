package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// testVoicemail: voicemail drops (per workspace, newest first, deleted ones
// gone but kept), the workspace's machine detection, and a call's machine
// detection, verdict and drop as stored and carried to its pending dial
// (also when recovery claims it).
func testVoicemail(t *testing.T, open Opener) {
	db := open(t)

	t.Run("Drops", func(t *testing.T) {
		t.Parallel()
		ws, other := NewWorkspaceID(), NewWorkspaceID()
		a := &switchboard.VoicemailDrop{WorkspaceID: ws, Name: "Renewal", AudioURL: "https://media.example.com/a.mp3"}
		require.NoError(t, db.CreateVoicemailDrop(ctx(), a))
		require.NotEmpty(t, a.ID)
		require.False(t, a.CreatedAt.IsZero())
		b := &switchboard.VoicemailDrop{WorkspaceID: ws, Name: "Renewal", AudioURL: "https://media.example.com/b.mp3"}
		require.NoError(t, db.CreateVoicemailDrop(ctx(), b), "names need not be unique")
		require.NoError(t, db.CreateVoicemailDrop(ctx(), &switchboard.VoicemailDrop{WorkspaceID: other, Name: "x", AudioURL: "https://e.com/x.mp3"}))

		got, meta, err := db.ListVoicemailDrops(ctx(), ws, switchboard.Page{Limit: 1})
		require.NoError(t, err)
		require.Equal(t, 2, meta.Total)
		require.True(t, meta.HasMore)
		require.Len(t, got, 1)
		require.Equal(t, b.ID, got[0].ID, "newest first")
		got, _, err = db.ListVoicemailDrops(ctx(), ws, switchboard.Page{Limit: 10, Offset: 1})
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.Equal(t, *a, *got[0])

		found, err := db.FindVoicemailDrop(ctx(), ws, a.ID)
		require.NoError(t, err)
		require.Equal(t, *a, *found)
		_, err = db.FindVoicemailDrop(ctx(), other, a.ID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "another workspace's")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(db.DeleteVoicemailDrop(ctx(), other, a.ID)))

		require.NoError(t, db.DeleteVoicemailDrop(ctx(), ws, a.ID))
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(db.DeleteVoicemailDrop(ctx(), ws, a.ID)), "deleted already")
		_, err = db.FindVoicemailDrop(ctx(), ws, a.ID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		got, meta, err = db.ListVoicemailDrops(ctx(), ws, switchboard.Page{Limit: 10})
		require.NoError(t, err)
		require.Equal(t, 1, meta.Total)
		require.Equal(t, b.ID, got[0].ID)
		var kept int64
		require.NoError(t, db.Fixture(ctx(), func(tx *gorm.DB) error {
			return tx.Table("voicemail_drops").Where("id = ? AND deleted_at IS NOT NULL", a.ID).Count(&kept).Error
		}))
		require.EqualValues(t, 1, kept, "the row is kept for the calls that played it")

		for _, bad := range []*switchboard.VoicemailDrop{
			{WorkspaceID: ws, Name: "", AudioURL: "https://e.com/a.mp3"},
			{WorkspaceID: ws, Name: "x", AudioURL: ""},
			{WorkspaceID: "", Name: "x", AudioURL: "https://e.com/a.mp3"},
		} {
			require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(db.CreateVoicemailDrop(ctx(), bad)))
		}
	})

	t.Run("WorkspaceSetting", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		_, _, err := db.CreateToken(ctx(), ws, "ada", switchboard.RoleAdmin)
		require.NoError(t, err)
		s, err := db.WorkspaceSettings(ctx(), ws)
		require.NoError(t, err)
		require.False(t, s.MachineDetection, "off by default")
		on := true
		s, err = db.UpdateWorkspaceSettings(ctx(), ws, switchboard.WorkspaceSettingsPatch{MachineDetection: &on})
		require.NoError(t, err)
		require.True(t, s.MachineDetection)
		s, err = db.AgentWorkspaceSettings(ctx(), ws, "ada")
		require.NoError(t, err)
		require.True(t, s.MachineDetection, "the call-control read has it too")
		zone := "Europe/Paris"
		s, err = db.UpdateWorkspaceSettings(ctx(), ws, switchboard.WorkspaceSettingsPatch{TimeZone: &zone})
		require.NoError(t, err)
		require.True(t, s.MachineDetection, "a patch that does not name it leaves it")
	})

	t.Run("CallFields", func(t *testing.T) {
		t.Parallel()
		// A new call's detection goes to its pending dial, and recovery's
		// claim reads it back.
		c := browserCall(NewWorkspaceID())
		c.MachineDetection = true
		dial, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		require.True(t, c.MachineDetection)
		require.True(t, dial.MachineDetection)
		require.Empty(t, c.AnsweredBy)
		require.Empty(t, c.VoicemailDropID)
		require.NoError(t, db.Fixture(ctx(), func(tx *gorm.DB) error {
			return tx.Exec("UPDATE pending_dials SET claimed_until = ? WHERE call_sid = ?", time.Now().Add(-time.Second), c.CallSID).Error
		}))
		claimed, err := db.ClaimPendingDials(ctx(), time.Minute, 1000)
		require.NoError(t, err)
		var mine *switchboard.PendingDial
		for _, d := range claimed {
			if d.CallSID == c.CallSID {
				mine = d
			}
		}
		require.NotNil(t, mine)
		require.True(t, mine.MachineDetection, "recovery dials the leg the same way")

		// A click-to-call keeps what was decided when it was created,
		// whatever the call-control webhook's call says.
		ctc := browserCall(NewWorkspaceID())
		ctc.MachineDetection = true
		require.NoError(t, db.CreateCall(ctx(), ctc))
		answer := browserCall(ctc.WorkspaceID)
		answer.CallSID = ctc.CallSID
		dial, err = db.BeginCall(ctx(), answer, time.Minute)
		require.NoError(t, err)
		require.True(t, dial.MachineDetection)
		plain := browserCall(NewWorkspaceID())
		dial, err = db.BeginCall(ctx(), plain, time.Minute)
		require.NoError(t, err)
		require.False(t, dial.MachineDetection)

		// The verdict and the drop are written by UpdateCall, with their
		// events, and read back.
		got, err := db.UpdateCall(ctx(), c.CallSID, func(cur *switchboard.Call) ([]*switchboard.CallEvent, error) {
			cur.AnsweredBy = switchboard.AnsweredByMachineEndBeep
			return []*switchboard.CallEvent{{LegSID: c.CallSID, Source: switchboard.EventAMD, ProviderStatus: "machine_end_beep"}}, nil
		})
		require.NoError(t, err)
		require.Equal(t, switchboard.AnsweredByMachineEndBeep, got.AnsweredBy)
		_, err = db.UpdateCall(ctx(), c.CallSID, func(cur *switchboard.Call) ([]*switchboard.CallEvent, error) {
			cur.VoicemailDropID = "vm_1"
			return nil, nil
		})
		require.NoError(t, err)
		read, err := db.FindCall(ctx(), c.WorkspaceID, c.CallSID)
		require.NoError(t, err)
		require.Equal(t, switchboard.AnsweredByMachineEndBeep, read.AnsweredBy)
		require.Equal(t, "vm_1", read.VoicemailDropID)
		require.True(t, read.MachineDetection)
		evs, err := db.ListCallEvents(ctx(), c.CallSID)
		require.NoError(t, err)
		require.Equal(t, switchboard.EventAMD, evs[len(evs)-1].Source)

		// The database refuses a verdict that is none of the provider's.
		_, err = db.UpdateCall(ctx(), plain.CallSID, func(cur *switchboard.Call) ([]*switchboard.CallEvent, error) {
			cur.AnsweredBy = "robot"
			return nil, nil
		})
		require.Error(t, err)
		read, err = db.FindCall(ctx(), plain.WorkspaceID, plain.CallSID)
		require.NoError(t, err)
		require.Empty(t, read.AnsweredBy)
	})
}
