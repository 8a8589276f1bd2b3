package storetest

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// EncodeEvent is the suite's event encoder: plain JSON, where the program
// gives the API's own (server.EncodeEvent).
func EncodeEvent(v any) (json.RawMessage, error) { return json.Marshal(v) }

// withEvents opens a store that records events.
func withEvents(t *testing.T, open Opener) *store.DB {
	return open(t, store.WithEvents(EncodeEvent))
}

// events lists every event of a workspace, newest first.
func events(t *testing.T, db *store.DB, ws string) []*switchboard.Event {
	t.Helper()
	out, _, err := db.ListEvents(ctx(), switchboard.EventFilter{WorkspaceID: ws, Page: switchboard.Page{Limit: switchboard.MaxLimit}})
	require.NoError(t, err)
	return out
}

func newContact(t *testing.T, db *store.DB, ws string, i int) *switchboard.Contact {
	t.Helper()
	c := &switchboard.Contact{WorkspaceID: ws, FirstName: mustf("E%d", i), Phone: mustf("+1415555%04d", i)}
	require.NoError(t, db.CreateContact(ctx(), c))
	return c
}

func testEvents(t *testing.T, open Opener) {
	db := withEvents(t, open)

	t.Run("RecordedWithTheChange", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		c := newContact(t, db, ws, 1)
		got := events(t, db, ws)
		require.Len(t, got, 1)
		e := got[0]
		require.Equal(t, switchboard.EventContactCreated, e.Type)
		require.Equal(t, ws, e.WorkspaceID)
		var data switchboard.Contact
		require.NoError(t, json.Unmarshal(e.Data, &data))
		require.Equal(t, c.ID, data.ID)
		require.False(t, e.CreatedAt.IsZero())

		found, err := db.FindEvent(ctx(), ws, e.ID)
		require.NoError(t, err)
		require.Equal(t, e, found)
		_, err = db.FindEvent(ctx(), NewWorkspaceID(), e.ID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "another workspace's event is not found")

		last, err := db.UpdateContact(ctx(), ws, c.ID, func(c *switchboard.Contact) error {
			c.LastName, c.TimeZone = "Lovelace", "America/Chicago"
			return nil
		})
		require.NoError(t, err)
		require.NoError(t, db.DeleteContact(ctx(), ws, c.ID))
		var types []switchboard.EventType
		all := events(t, db, ws)
		for _, e := range all {
			types = append(types, e.Type)
		}
		require.Equal(t, []switchboard.EventType{switchboard.EventContactDeleted, switchboard.EventContactUpdated, switchboard.EventContactCreated}, types)
		// contact.deleted carries the contact whole, as it was: every
		// column, the time zone too.
		var gone switchboard.Contact
		require.NoError(t, json.Unmarshal(all[0].Data, &gone))
		require.Equal(t, *last, gone)
	})

	t.Run("NoneForARolledBackChange", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		c := newContact(t, db, ws, 2)
		refused := errors.New("refused")
		_, err := db.UpdateContact(ctx(), ws, c.ID, func(c *switchboard.Contact) error { return refused })
		require.ErrorIs(t, err, refused)
		// A duplicate phone rolls the create back.
		err = db.CreateContact(ctx(), &switchboard.Contact{WorkspaceID: ws, FirstName: "Twin", Phone: c.Phone})
		require.Equal(t, switchboard.EContactExists, switchboard.ErrorCode(err))
		got := events(t, db, ws)
		require.Len(t, got, 1)
		require.Equal(t, switchboard.EventContactCreated, got[0].Type)
	})

	t.Run("NoneWithoutAnEncoder", func(t *testing.T) {
		t.Parallel()
		plain := open(t)
		ws := NewWorkspaceID()
		newContact(t, plain, ws, 3)
		require.Empty(t, events(t, plain, ws))
		// The contact count moves all the same.
		_, meta, err := plain.ListContacts(ctx(), ws, switchboard.Page{Limit: 10})
		require.NoError(t, err)
		require.Equal(t, 1, meta.Total)
	})

	t.Run("Paging", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		const n = 7
		for i := range n {
			_, err := db.AddDNC(ctx(), &switchboard.DNCEntry{WorkspaceID: ws, Phone: mustf("+1212555%04d", i), Reason: "asked"})
			require.NoError(t, err)
		}
		newContact(t, db, ws, 4)
		all := events(t, db, ws)
		require.Len(t, all, n+1)
		for i := 1; i < len(all); i++ {
			require.Greater(t, all[i-1].ID, all[i].ID, "newest first")
			require.False(t, all[i-1].CreatedAt.Before(all[i].CreatedAt))
		}

		// By key: every event once, in order.
		var walked []*switchboard.Event
		page := switchboard.Page{Limit: 3}
		for {
			got, meta, err := db.ListEvents(ctx(), switchboard.EventFilter{WorkspaceID: ws, Page: page})
			require.NoError(t, err)
			require.Equal(t, n+1, meta.Total)
			walked = append(walked, got...)
			if !meta.HasMore {
				break
			}
			page.After = meta.Next
		}
		require.Equal(t, all, walked)

		// By offset, and by type.
		got, meta, err := db.ListEvents(ctx(), switchboard.EventFilter{WorkspaceID: ws, Page: switchboard.Page{Limit: 2, Offset: 6}})
		require.NoError(t, err)
		require.Equal(t, all[6:8], got)
		require.False(t, meta.HasMore)
		got, meta, err = db.ListEvents(ctx(), switchboard.EventFilter{WorkspaceID: ws, Type: switchboard.EventContactCreated, Page: switchboard.Page{Limit: 10}})
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.Equal(t, 1, meta.Total)
	})

	t.Run("RecordEvent", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		require.NoError(t, db.RecordEvent(ctx(), ws, switchboard.EventContactsImported, map[string]int{"imported": 3}))
		got := events(t, db, ws)
		require.Len(t, got, 1)
		require.JSONEq(t, `{"imported":3}`, string(got[0].Data))
	})
}
