package storetest

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

func testDNC(t *testing.T, open Opener) {
	db := open(t)

	t.Run("AddFindDelete", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		e := &switchboard.DNCEntry{WorkspaceID: ws, Phone: "+14155550100", Reason: "asked"}
		created, err := db.AddDNC(ctx(), e)
		require.NoError(t, err)
		require.True(t, created)
		require.NotEmpty(t, e.ID)
		require.False(t, e.CreatedAt.IsZero())

		again := &switchboard.DNCEntry{WorkspaceID: ws, Phone: "+14155550100", Reason: "other"}
		created, err = db.AddDNC(ctx(), again)
		require.NoError(t, err)
		require.False(t, created)
		require.Equal(t, e, again, "an already listed number answers the stored entry")

		got, err := db.FindDNCByPhone(ctx(), ws, "+14155550100")
		require.NoError(t, err)
		require.Equal(t, e, got)

		_, err = db.FindDNCByPhone(ctx(), ws, "+14155550199")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))

		require.NoError(t, db.DeleteDNC(ctx(), ws, e.ID, switchboard.DNCRemoval{By: "admin"}))
		_, err = db.FindDNCByPhone(ctx(), ws, "+14155550100")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(db.DeleteDNC(ctx(), ws, e.ID, switchboard.DNCRemoval{By: "admin"})))
	})

	t.Run("History", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		phone := "+14155550123"
		first := &switchboard.DNCEntry{WorkspaceID: ws, Phone: phone, Reason: "asked", AddedBy: "ada"}
		_, err := db.AddDNC(ctx(), first)
		require.NoError(t, err)
		require.Equal(t, switchboard.DNCSourceAPI, first.Source)
		require.NoError(t, db.DeleteDNC(ctx(), ws, first.ID, switchboard.DNCRemoval{By: "boss", Reason: "consent"}))

		// Listed again: a new entry, the first kept as history.
		second := &switchboard.DNCEntry{WorkspaceID: ws, Phone: phone, Reason: "asked again", AddedBy: "grace", Source: switchboard.DNCSourceCall}
		created, err := db.AddDNC(ctx(), second)
		require.NoError(t, err)
		require.True(t, created)
		require.NotEqual(t, first.ID, second.ID)

		listedNow, _, err := db.ListDNC(ctx(), ws, switchboard.Page{Limit: 50})
		require.NoError(t, err)
		require.Len(t, listedNow, 1)
		require.Equal(t, second.ID, listedNow[0].ID)

		hist, meta, err := db.ListDNCHistory(ctx(), ws, phone, switchboard.Page{Limit: 50})
		require.NoError(t, err)
		require.Equal(t, 2, meta.Total)
		require.Equal(t, second.ID, hist[0].ID)
		require.Nil(t, hist[0].RemovedAt)
		require.Equal(t, switchboard.DNCSourceCall, hist[0].Source)
		old := hist[1]
		require.Equal(t, first.ID, old.ID)
		require.NotNil(t, old.RemovedAt)
		require.Equal(t, "boss", old.RemovedBy)
		require.Equal(t, "consent", old.RemovalReason)
		require.Equal(t, "ada", old.AddedBy)
		require.Equal(t, "asked", old.Reason)

		// Import: listed numbers are skipped, new ones created with their source.
		created2, err := db.ImportDNC(ctx(), ws, []*switchboard.DNCEntry{
			{Phone: phone, Source: switchboard.DNCSourceImport, AddedBy: "ada"},
			{Phone: "+14155550124", Source: switchboard.DNCSourceImport, AddedBy: "ada", Reason: "list"},
		})
		require.NoError(t, err)
		require.Equal(t, []bool{false, true}, created2)
		got, err := db.FindDNCByPhone(ctx(), ws, "+14155550124")
		require.NoError(t, err)
		require.Equal(t, switchboard.DNCSourceImport, got.Source)
	})

	t.Run("Invalid", func(t *testing.T) {
		t.Parallel()
		_, err := db.AddDNC(ctx(), &switchboard.DNCEntry{WorkspaceID: NewWorkspaceID()})
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err))
		_, err = db.AddDNC(ctx(), &switchboard.DNCEntry{Phone: "+14155550100"})
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err))
	})

	t.Run("WorkspaceScoping", func(t *testing.T) {
		t.Parallel()
		wsA, wsB := NewWorkspaceID(), NewWorkspaceID()
		a := &switchboard.DNCEntry{WorkspaceID: wsA, Phone: "+14155550101"}
		_, err := db.AddDNC(ctx(), a)
		require.NoError(t, err)

		_, err = db.FindDNCByPhone(ctx(), wsB, a.Phone)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(db.DeleteDNC(ctx(), wsB, a.ID, switchboard.DNCRemoval{By: "admin"})))
		list, meta, err := db.ListDNC(ctx(), wsB, switchboard.Page{Limit: 50})
		require.NoError(t, err)
		require.Empty(t, list)
		require.Zero(t, meta.Total)

		// The same number may be listed by another workspace.
		b := &switchboard.DNCEntry{WorkspaceID: wsB, Phone: a.Phone}
		created, err := db.AddDNC(ctx(), b)
		require.NoError(t, err)
		require.True(t, created)
		require.NotEqual(t, a.ID, b.ID)
		_, err = db.FindDNCByPhone(ctx(), wsA, a.Phone)
		require.NoError(t, err, "A's entry survives B's")
	})

	t.Run("List", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		var ids []string
		for i := range 5 {
			e := &switchboard.DNCEntry{WorkspaceID: ws, Phone: mustf("+1415555020%d", i)}
			_, err := db.AddDNC(ctx(), e)
			require.NoError(t, err)
			ids = append([]string{e.ID}, ids...) // newest first
		}
		var got []string
		for offset := 0; ; offset += 2 {
			page, meta, err := db.ListDNC(ctx(), ws, switchboard.Page{Limit: 2, Offset: offset})
			require.NoError(t, err)
			require.Equal(t, meta.HasMore, meta.Next != nil, "a next key exactly when more follow")
			meta.Next = nil
			require.Equal(t, switchboard.Meta{Total: 5, HasMore: offset+2 < 5, Limit: 2, Offset: offset}, meta)
			for _, e := range page {
				got = append(got, e.ID)
			}
			if !meta.HasMore {
				break
			}
		}
		require.Equal(t, ids, got)
	})

	t.Run("ConcurrentAdd", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		const n = 16
		var wg sync.WaitGroup
		results := make([]bool, n)
		entries := make([]*switchboard.DNCEntry, n)
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() {
				entries[i] = &switchboard.DNCEntry{WorkspaceID: ws, Phone: "+14155550300"}
				results[i], errs[i] = db.AddDNC(ctx(), entries[i])
			})
		}
		wg.Wait()
		createdCount := 0
		for i := range n {
			require.NoError(t, errs[i])
			if results[i] {
				createdCount++
			}
			require.Equal(t, entries[0].ID, entries[i].ID)
		}
		require.Equal(t, 1, createdCount)
	})
}
