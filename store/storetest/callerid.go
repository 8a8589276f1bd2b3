package storetest

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

func testCallerID(t *testing.T, open Opener) {
	db := open(t)

	t.Run("OneDefault", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		first := &switchboard.CallerID{WorkspaceID: ws, PhoneNumber: "+15005550006", FriendlyName: "Sales", Status: switchboard.CallerIDVerified}
		require.NoError(t, db.CreateCallerID(ctx(), first))
		require.True(t, first.IsDefault, "the first caller ID is the default")
		require.NotEmpty(t, first.ID)

		second := &switchboard.CallerID{WorkspaceID: ws, PhoneNumber: "+15005550007", Status: switchboard.CallerIDPending, ValidationCode: "123456"}
		require.NoError(t, db.CreateCallerID(ctx(), second))
		require.False(t, second.IsDefault)
		require.Equal(t, "123456", second.ValidationCode)

		third := &switchboard.CallerID{WorkspaceID: ws, PhoneNumber: "+14155552671", Status: switchboard.CallerIDVerified, IsDefault: true}
		require.NoError(t, db.CreateCallerID(ctx(), third))
		def, err := db.DefaultCallerID(ctx(), ws)
		require.NoError(t, err)
		require.Equal(t, third.ID, def.ID, "a new default replaces the old")

		dup := &switchboard.CallerID{WorkspaceID: ws, PhoneNumber: "+15005550006", Status: switchboard.CallerIDVerified}
		require.Equal(t, switchboard.ECallerIDExists, switchboard.ErrorCode(db.CreateCallerID(ctx(), dup)))

		items, meta, err := db.ListCallerIDs(ctx(), ws, switchboard.Page{Limit: 10})
		require.NoError(t, err)
		require.Equal(t, 3, meta.Total)
		defaults := 0
		for _, c := range items {
			if c.IsDefault {
				defaults++
			}
		}
		require.Equal(t, 1, defaults)
		require.Equal(t, third.ID, items[0].ID, "newest first")
		var walked []string
		for p := (switchboard.Page{Limit: 1}); ; {
			page, meta, err := db.ListCallerIDs(ctx(), ws, p)
			require.NoError(t, err)
			walked = append(walked, page[0].ID)
			if !meta.HasMore {
				break
			}
			p.After = meta.Next
		}
		require.Equal(t, []string{items[0].ID, items[1].ID, items[2].ID}, walked, "by key, one at a time")

		require.NoError(t, db.MarkCallerIDVerified(ctx(), ws, second.ID))
		got, err := db.FindCallerIDByPhone(ctx(), ws, "+15005550007")
		require.NoError(t, err)
		require.Equal(t, switchboard.CallerIDVerified, got.Status)
		require.Empty(t, got.ValidationCode)

		_, err = db.FindCallerIDByPhone(ctx(), NewWorkspaceID(), "+15005550007")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		_, err = db.DefaultCallerID(ctx(), NewWorkspaceID())
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(db.MarkCallerIDVerified(ctx(), NewWorkspaceID(), second.ID)))
	})

	t.Run("ConcurrentDefaults", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := &switchboard.CallerID{WorkspaceID: ws, PhoneNumber: mustf("+1500555%04d", 10+i), Status: switchboard.CallerIDVerified, IsDefault: i%2 == 0}
				require.NoError(t, db.CreateCallerID(ctx(), c))
			}()
		}
		wg.Wait()
		items, _, err := db.ListCallerIDs(ctx(), ws, switchboard.Page{Limit: 10})
		require.NoError(t, err)
		require.Len(t, items, 6)
		defaults := 0
		for _, c := range items {
			if c.IsDefault {
				defaults++
			}
		}
		require.Equal(t, 1, defaults)
	})

	t.Run("Invalid", func(t *testing.T) {
		t.Parallel()
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(db.CreateCallerID(ctx(), &switchboard.CallerID{PhoneNumber: "+15005550006", Status: switchboard.CallerIDVerified})))
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(db.CreateCallerID(ctx(), &switchboard.CallerID{WorkspaceID: NewWorkspaceID(), Status: switchboard.CallerIDVerified})))
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(db.CreateCallerID(ctx(), &switchboard.CallerID{WorkspaceID: NewWorkspaceID(), PhoneNumber: "+15005550006", Status: "maybe"})))
	})
}
