package storetest

import (
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

func testWorkspace(t *testing.T, open Opener) {
	db := open(t)
	newWorkspace := func(t *testing.T) string {
		ws := NewWorkspaceID()
		_, _, err := db.CreateToken(ctx(), ws, "ada", switchboard.RoleAdmin)
		require.NoError(t, err)
		return ws
	}

	t.Run("Defaults", func(t *testing.T) {
		t.Parallel()
		s, err := db.WorkspaceSettings(ctx(), newWorkspace(t))
		require.NoError(t, err)
		require.Equal(t, &switchboard.DefaultCallingHours, s.CallingHours)
		require.Equal(t, switchboard.DefaultTimeZone, s.TimeZone)
		_, err = db.WorkspaceSettings(ctx(), NewWorkspaceID())
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
	})

	t.Run("AgentWorkspaceSettings", func(t *testing.T) {
		t.Parallel()
		ws, other := newWorkspace(t), newWorkspace(t)
		s, err := db.AgentWorkspaceSettings(ctx(), ws, "ada")
		require.NoError(t, err)
		require.Equal(t, &switchboard.DefaultCallingHours, s.CallingHours)
		for _, tc := range []struct{ ws, identity string }{
			{ws, "grace"},             // no token there
			{NewWorkspaceID(), "ada"}, // no such workspace
			{ws, "ada' OR '1'='1"},    // bound, never spliced
		} {
			_, err := db.AgentWorkspaceSettings(ctx(), tc.ws, tc.identity)
			require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "%+v", tc)
		}
		// ada of other is another agent than ada of ws, with the same name.
		_, err = db.AgentWorkspaceSettings(ctx(), other, "ada")
		require.NoError(t, err)
	})

	t.Run("CallFacts", func(t *testing.T) {
		t.Parallel()
		ws, other := newWorkspace(t), newWorkspace(t)
		_, grace, err := db.CreateToken(ctx(), ws, "grace", switchboard.RoleAgent)
		require.NoError(t, err)
		_, err = db.RevokeToken(ctx(), grace.ID)
		require.NoError(t, err)
		zone := "America/Denver"
		// Caller IDs are unique across workspaces, and other tests run
		// beside this one: random valid numbers.
		n := func() string {
			v, err := strconv.ParseUint(randomHex(4), 16, 64)
			require.NoError(t, err)
			return mustf("+1415%03d%04d", 200+v%800, v%10000)
		}
		listed, known, dflt, pending, othersID := n(), n(), n(), n(), n()
		_, err = db.AddDNC(ctx(), &switchboard.DNCEntry{WorkspaceID: ws, Phone: listed})
		require.NoError(t, err)
		require.NoError(t, db.CreateContact(ctx(), &switchboard.Contact{WorkspaceID: ws, FirstName: "Ada", Phone: known, TimeZone: zone}))
		require.NoError(t, db.CreateCallerID(ctx(), &switchboard.CallerID{WorkspaceID: ws, PhoneNumber: dflt,
			Status: switchboard.CallerIDVerified, IsDefault: true, FriendlyName: "main"}))
		require.NoError(t, db.CreateCallerID(ctx(), &switchboard.CallerID{WorkspaceID: ws, PhoneNumber: pending,
			Status: switchboard.CallerIDPending, ValidationCode: "123456"}))
		require.NoError(t, db.CreateCallerID(ctx(), &switchboard.CallerID{WorkspaceID: other, PhoneNumber: othersID,
			Status: switchboard.CallerIDVerified}))

		// Each case against the reads it stands for, one by one.
		for _, tc := range []struct{ ws, identity, phone, callerID string }{
			{ws, "ada", listed, ""},
			{ws, "ada", known, pending},
			{ws, "ada", known, dflt},
			{ws, "ada", n(), othersID}, // another workspace's number
			{ws, "ada", n(), n()},      // no such caller ID
			{other, "ada", listed, ""}, // its own default; not listed there
			{other, "ada", known, othersID},
			{ws, "grace", listed, ""}, // revoked
			{ws, "bob", listed, ""},   // no token there
			{NewWorkspaceID(), "ada", listed, ""},
			{ws, "ada' OR '1'='1", listed, ""},
		} {
			got, err := db.CallFacts(ctx(), tc.ws, tc.identity, tc.phone, tc.callerID)
			settings, serr := db.AgentWorkspaceSettings(ctx(), tc.ws, tc.identity)
			if serr != nil {
				require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(serr), "%+v", tc)
				require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "%+v", tc)
				continue
			}
			require.NoError(t, err, "%+v", tc)
			require.Equal(t, settings, got.Settings, "%+v", tc)
			facts, err := db.DialFacts(ctx(), tc.ws, tc.phone, "", 0, 0)
			require.NoError(t, err)
			require.Equal(t, facts.DNCListed, got.Dial.DNCListed, "%+v", tc)
			require.Equal(t, facts.ContactZone, got.Dial.ContactZone, "%+v", tc)
			require.Empty(t, got.Dial.CallTimes)
			var want *switchboard.CallerID
			if tc.callerID == "" {
				want, err = db.DefaultCallerID(ctx(), tc.ws)
			} else {
				want, err = db.FindCallerIDByPhone(ctx(), tc.ws, tc.callerID)
			}
			if switchboard.ErrorCode(err) == switchboard.ENotFound {
				want, err = nil, nil
			}
			require.NoError(t, err)
			require.Equal(t, want, got.CallerID, "%+v", tc)
		}
		got, err := db.CallFacts(ctx(), ws, "ada", listed, "")
		require.NoError(t, err)
		require.True(t, got.Dial.DNCListed)
		require.Equal(t, dflt, got.CallerID.PhoneNumber, "the default when none is named")
		got, err = db.CallFacts(ctx(), ws, "ada", known, pending)
		require.NoError(t, err)
		require.Equal(t, zone, got.Dial.ContactZone)
		require.Equal(t, switchboard.CallerIDPending, got.CallerID.Status)
	})

	t.Run("Update", func(t *testing.T) {
		t.Parallel()
		ws := newWorkspace(t)
		other := newWorkspace(t)
		zone := "America/Chicago"
		s, err := db.UpdateWorkspaceSettings(ctx(), ws, switchboard.WorkspaceSettingsPatch{
			SetCallingHours: true, CallingHours: &switchboard.CallingHours{Start: 9 * 60, End: 24 * 60}, TimeZone: &zone})
		require.NoError(t, err)
		require.Equal(t, &switchboard.CallingHours{Start: 540, End: 1440}, s.CallingHours)
		require.Equal(t, zone, s.TimeZone)

		// Absent fields are left alone.
		s, err = db.UpdateWorkspaceSettings(ctx(), ws, switchboard.WorkspaceSettingsPatch{})
		require.NoError(t, err)
		require.Equal(t, &switchboard.CallingHours{Start: 540, End: 1440}, s.CallingHours)
		require.Equal(t, zone, s.TimeZone)

		// The window off; the zone stays.
		s, err = db.UpdateWorkspaceSettings(ctx(), ws, switchboard.WorkspaceSettingsPatch{SetCallingHours: true})
		require.NoError(t, err)
		require.Nil(t, s.CallingHours)
		require.Equal(t, zone, s.TimeZone)
		got, err := db.WorkspaceSettings(ctx(), ws)
		require.NoError(t, err)
		require.Equal(t, s, got)

		// Another workspace is untouched.
		o, err := db.WorkspaceSettings(ctx(), other)
		require.NoError(t, err)
		require.Equal(t, &switchboard.DefaultCallingHours, o.CallingHours)
		require.Equal(t, switchboard.DefaultTimeZone, o.TimeZone)
	})

	t.Run("Invalid", func(t *testing.T) {
		t.Parallel()
		ws := newWorkspace(t)
		bad := "Mars/Olympus"
		_, err := db.UpdateWorkspaceSettings(ctx(), ws, switchboard.WorkspaceSettingsPatch{TimeZone: &bad})
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err))
		good := "Europe/Paris"
		_, err = db.UpdateWorkspaceSettings(ctx(), ws, switchboard.WorkspaceSettingsPatch{TimeZone: &good,
			SetCallingHours: true, CallingHours: &switchboard.CallingHours{Start: 600, End: 540}})
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err))
		s, err := db.WorkspaceSettings(ctx(), ws)
		require.NoError(t, err)
		require.Equal(t, switchboard.DefaultTimeZone, s.TimeZone, "a refused patch writes none of its fields")
		require.Equal(t, &switchboard.DefaultCallingHours, s.CallingHours)

		_, err = db.UpdateWorkspaceSettings(ctx(), NewWorkspaceID(), switchboard.WorkspaceSettingsPatch{TimeZone: &good})
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
	})
}

// testCallerIDOwner: a number is a caller ID of one workspace at most, even
// when several register it at once.
func testCallerIDOwner(t *testing.T, open Opener) {
	db := open(t)

	t.Run("Taken", func(t *testing.T) {
		t.Parallel()
		wsA, wsB := NewWorkspaceID(), NewWorkspaceID()
		phone := mustf("+1415555%04d", 1000+len(wsA))
		a := &switchboard.CallerID{WorkspaceID: wsA, PhoneNumber: phone, Status: switchboard.CallerIDVerified}
		require.NoError(t, db.CreateCallerID(ctx(), a))
		holder, err := db.CallerIDWorkspace(ctx(), phone)
		require.NoError(t, err)
		require.Equal(t, wsA, holder)

		err = db.CreateCallerID(ctx(), &switchboard.CallerID{WorkspaceID: wsB, PhoneNumber: phone, Status: switchboard.CallerIDVerified})
		require.Equal(t, switchboard.ECallerIDTaken, switchboard.ErrorCode(err))
		require.NotContains(t, err.Error(), wsA, "the holder is not named")
		err = db.CreateCallerID(ctx(), &switchboard.CallerID{WorkspaceID: wsA, PhoneNumber: phone, Status: switchboard.CallerIDVerified})
		require.Equal(t, switchboard.ECallerIDExists, switchboard.ErrorCode(err))

		_, meta, err := db.ListCallerIDs(ctx(), wsB, switchboard.Page{Limit: 10})
		require.NoError(t, err)
		require.Zero(t, meta.Total, "nothing written for B")
		_, err = db.FindCallerIDByPhone(ctx(), wsB, phone)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		_, err = db.CallerIDWorkspace(ctx(), "+14155550000")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
	})

	t.Run("Race", func(t *testing.T) {
		t.Parallel()
		phone := "+14155559876"
		const n = 6
		codes := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := db.CreateCallerID(ctx(), &switchboard.CallerID{WorkspaceID: NewWorkspaceID(), PhoneNumber: phone, Status: switchboard.CallerIDVerified})
				codes[i] = switchboard.ErrorCode(err)
			}()
		}
		wg.Wait()
		won := 0
		for _, c := range codes {
			if c == "" {
				won++
			} else {
				require.Equal(t, switchboard.ECallerIDTaken, c)
			}
		}
		require.Equal(t, 1, won, "exactly one workspace holds the number: %v", codes)
	})
}
