package storetest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

// testRecordingAnnouncement: a workspace's recording announcement is off by
// default, set and cleared by a patch that names it, left alone by one that
// does not, and a bad text writes nothing.
func testRecordingAnnouncement(t *testing.T, open Opener) {
	db := open(t)
	newWorkspace := func(t *testing.T) string {
		ws := NewWorkspaceID()
		_, _, err := db.CreateToken(ctx(), ws, "ada", switchboard.RoleAdmin)
		require.NoError(t, err)
		return ws
	}
	set := func(text *string) switchboard.WorkspaceSettingsPatch {
		return switchboard.WorkspaceSettingsPatch{SetRecordingAnnouncement: true, RecordingAnnouncement: text}
	}
	read := func(t *testing.T, ws string) *switchboard.WorkspaceSettings {
		s, err := db.WorkspaceSettings(ctx(), ws)
		require.NoError(t, err)
		return s
	}

	t.Run("SetKeepClear", func(t *testing.T) {
		t.Parallel()
		ws, other := newWorkspace(t), newWorkspace(t)
		require.Nil(t, read(t, ws).RecordingAnnouncement, "off by default")

		// The longest text, in characters that take several bytes each.
		text := strings.Repeat("é", switchboard.MaxRecordingAnnouncement-1) + "."
		s, err := db.UpdateWorkspaceSettings(ctx(), ws, set(&text))
		require.NoError(t, err)
		require.Equal(t, &text, s.RecordingAnnouncement)
		require.Equal(t, &text, read(t, ws).RecordingAnnouncement)
		got, err := db.AgentWorkspaceSettings(ctx(), ws, "ada")
		require.NoError(t, err)
		require.Equal(t, &text, got.RecordingAnnouncement, "the call-control read has it too")

		zone := "Europe/Paris"
		s, err = db.UpdateWorkspaceSettings(ctx(), ws, switchboard.WorkspaceSettingsPatch{TimeZone: &zone})
		require.NoError(t, err)
		require.Equal(t, &text, s.RecordingAnnouncement, "a patch that does not name it leaves it")

		s, err = db.UpdateWorkspaceSettings(ctx(), ws, set(nil))
		require.NoError(t, err)
		require.Nil(t, s.RecordingAnnouncement)
		require.Nil(t, read(t, ws).RecordingAnnouncement, "null turns it off")
		require.Equal(t, zone, read(t, ws).TimeZone)
		require.Nil(t, read(t, other).RecordingAnnouncement, "another workspace is untouched")
	})

	t.Run("Invalid", func(t *testing.T) {
		t.Parallel()
		ws := newWorkspace(t)
		kept := "This call is recorded."
		_, err := db.UpdateWorkspaceSettings(ctx(), ws, set(&kept))
		require.NoError(t, err)
		for name, bad := range map[string]string{
			"empty":     "",
			"blank":     "   ",
			"too long":  strings.Repeat("a", switchboard.MaxRecordingAnnouncement+1),
			"newline":   "This call\nis recorded.",
			"NUL":       "This call is recorded.\x00",
			"bad UTF-8": "This call is recorded \xff",
		} {
			zone := "America/Chicago"
			p := set(&bad)
			p.TimeZone = &zone
			_, err := db.UpdateWorkspaceSettings(ctx(), ws, p)
			require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err), name)
			var e *switchboard.Error
			require.ErrorAs(t, err, &e)
			require.Len(t, e.Details, 1, name)
			require.Equal(t, "recordingAnnouncement", e.Details[0].Field, name)
			s := read(t, ws)
			require.Equal(t, &kept, s.RecordingAnnouncement, "%s: nothing written", name)
			require.Equal(t, switchboard.DefaultTimeZone, s.TimeZone, "%s: nothing written", name)
		}
	})
}
