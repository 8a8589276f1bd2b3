package storetest

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// allOutcomes lists a workspace's outcomes, archived ones too.
func allOutcomes(t *testing.T, db *store.DB, ws string, archived bool) []*switchboard.CallOutcome {
	t.Helper()
	out, meta, err := db.ListOutcomes(ctx(), ws, archived, switchboard.Page{Limit: switchboard.MaxLimit})
	require.NoError(t, err)
	require.Equal(t, len(out), meta.Total)
	return out
}

func outcomeNames(os []*switchboard.CallOutcome) []string {
	names := make([]string, len(os))
	for i, o := range os {
		names[i] = o.Name
	}
	return names
}

// outcomeNamed finds a workspace's outcome by name.
func outcomeNamed(t *testing.T, db *store.DB, ws, name string) *switchboard.CallOutcome {
	t.Helper()
	for _, o := range allOutcomes(t, db, ws, true) {
		if o.Name == name {
			return o
		}
	}
	t.Fatalf("no outcome %q", name)
	return nil
}

func testOutcome(t *testing.T, open Opener) {
	db := open(t)

	t.Run("DefaultsInOrder", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		got := allOutcomes(t, db, ws, false)
		require.Len(t, got, len(switchboard.DefaultOutcomes))
		for i, d := range switchboard.DefaultOutcomes {
			require.Equal(t, d.Name, got[i].Name)
			require.Equal(t, d.Kind, got[i].Kind)
			require.Equal(t, ws, got[i].WorkspaceID)
			require.False(t, got[i].Archived)
		}
		require.Equal(t, []string{"Interested", "Not interested", "Call back later", "Left voicemail",
			"No answer", "Wrong number", "Do not call"}, outcomeNames(got))
		again := allOutcomes(t, db, ws, false)
		require.Equal(t, got, again, "read twice, written once")
	})

	t.Run("ConcurrentFirstUseWritesDefaultsOnce", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if i%4 == 0 {
					o := &switchboard.CallOutcome{WorkspaceID: ws, Name: mustf("Custom %d", i), Kind: switchboard.OutcomeConnected}
					errs <- db.CreateOutcome(ctx(), o)
					return
				}
				_, _, err := db.ListOutcomes(ctx(), ws, true, switchboard.Page{Limit: 50})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			require.NoError(t, err)
		}
		got := allOutcomes(t, db, ws, true)
		require.Len(t, got, 7+4, "seven defaults once, and the four created")
		for i, d := range switchboard.DefaultOutcomes {
			require.Equal(t, d.Name, got[i].Name, "the defaults come first, in order")
		}
	})

	t.Run("CreateAppendsAndNamesAreUniqueIgnoringCase", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		o := &switchboard.CallOutcome{WorkspaceID: ws, Name: "Demo booked", Kind: switchboard.OutcomeConnected}
		require.NoError(t, db.CreateOutcome(ctx(), o))
		require.NotEmpty(t, o.ID)
		require.False(t, o.CreatedAt.IsZero())
		got := allOutcomes(t, db, ws, false)
		require.Len(t, got, 8)
		require.Equal(t, o.ID, got[7].ID, "after the defaults")

		for _, name := range []string{"demo BOOKED", "INTERESTED", "do not call"} {
			dup := &switchboard.CallOutcome{WorkspaceID: ws, Name: name, Kind: switchboard.OutcomeConnected}
			err := db.CreateOutcome(ctx(), dup)
			require.Equal(t, switchboard.EOutcomeExists, switchboard.ErrorCode(err), name)
		}
		_, err := db.UpdateOutcome(ctx(), ws, o.ID, switchboard.OutcomePatch{Archived: ptrBool(true)})
		require.NoError(t, err)
		err = db.CreateOutcome(ctx(), &switchboard.CallOutcome{WorkspaceID: ws, Name: "DEMO booked", Kind: switchboard.OutcomeConnected})
		require.Equal(t, switchboard.EOutcomeExists, switchboard.ErrorCode(err), "archived names stay taken")

		err = db.CreateOutcome(ctx(), &switchboard.CallOutcome{WorkspaceID: ws, Name: "X", Kind: "maybe"})
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err))
		require.Len(t, allOutcomes(t, db, ws, true), 8, "nothing written")

		other := NewWorkspaceID()
		require.NoError(t, db.CreateOutcome(ctx(), &switchboard.CallOutcome{WorkspaceID: other, Name: "Demo booked", Kind: switchboard.OutcomeConnected}),
			"another workspace may use the name")
	})

	t.Run("UpdateRenamesArchivesRestores", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		o := outcomeNamed(t, db, ws, "Interested")
		got, err := db.UpdateOutcome(ctx(), ws, o.ID, switchboard.OutcomePatch{Name: ptr("Hot lead")})
		require.NoError(t, err)
		require.Equal(t, "Hot lead", got.Name)
		require.Equal(t, switchboard.OutcomeConnected, got.Kind)

		_, err = db.UpdateOutcome(ctx(), ws, o.ID, switchboard.OutcomePatch{Name: ptr("no ANSWER")})
		require.Equal(t, switchboard.EOutcomeExists, switchboard.ErrorCode(err))
		got, err = db.UpdateOutcome(ctx(), ws, o.ID, switchboard.OutcomePatch{Name: ptr("HOT LEAD")})
		require.NoError(t, err, "its own name in another case")
		require.Equal(t, "HOT LEAD", got.Name)

		got, err = db.UpdateOutcome(ctx(), ws, o.ID, switchboard.OutcomePatch{Archived: ptrBool(true)})
		require.NoError(t, err)
		require.True(t, got.Archived)
		require.Len(t, allOutcomes(t, db, ws, false), 6, "archived ones are not listed")
		require.Len(t, allOutcomes(t, db, ws, true), 7, "unless asked for")
		found, err := db.FindOutcome(ctx(), ws, o.ID)
		require.NoError(t, err)
		require.True(t, found.Archived)

		got, err = db.UpdateOutcome(ctx(), ws, o.ID, switchboard.OutcomePatch{Archived: ptrBool(false)})
		require.NoError(t, err)
		require.False(t, got.Archived)
		require.Equal(t, "HOT LEAD", allOutcomes(t, db, ws, false)[0].Name, "restored in its place")

		_, err = db.UpdateOutcome(ctx(), NewWorkspaceID(), o.ID, switchboard.OutcomePatch{Archived: ptrBool(true)})
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "another workspace's outcome")
		_, err = db.FindOutcome(ctx(), NewWorkspaceID(), o.ID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
	})

	t.Run("PagesByCursorAndOffset", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		for i := range 5 {
			require.NoError(t, db.CreateOutcome(ctx(), &switchboard.CallOutcome{WorkspaceID: ws, Name: mustf("Extra %d", i), Kind: switchboard.OutcomeNotConnected}))
		}
		want := outcomeNames(allOutcomes(t, db, ws, false))
		require.Len(t, want, 12)
		var walked []string
		page := switchboard.Page{Limit: 5}
		for {
			got, meta, err := db.ListOutcomes(ctx(), ws, false, page)
			require.NoError(t, err)
			require.Equal(t, 12, meta.Total)
			walked = append(walked, outcomeNames(got)...)
			if !meta.HasMore {
				break
			}
			page.After = meta.Next
		}
		require.Equal(t, want, walked)
		got, meta, err := db.ListOutcomes(ctx(), ws, false, switchboard.Page{Limit: 5, Offset: 10})
		require.NoError(t, err)
		require.False(t, meta.HasMore)
		require.Equal(t, want[10:], outcomeNames(got))
	})
}

func ptrBool(b bool) *bool { return &b }
