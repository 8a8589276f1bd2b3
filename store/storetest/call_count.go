package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// testCountScan: a combination of filters whose matches lie past the
// newest CallCountScan calls of the driving index is still listed in full,
// in order, with a total that is a lower bound never below what the pages
// reached, and exact on the last page read by offset.
func testCountScan(t *testing.T, db *store.DB) {
	ws := NewWorkspaceID()
	n := switchboard.CallCountScan + 50
	// Every call is ada's; 25 are busy: 5 newer than all the others, 20
	// older.
	var busy []string // newest first
	for i := range n {
		c := browserCall(ws)
		_, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		var at time.Time
		switch {
		case i < 20:
			at = time.Date(2020, 1, 1, 0, 0, i, 0, time.UTC)
		case i >= n-5:
			at = time.Date(2100, 1, 1, 0, 0, i, 0, time.UTC)
		default:
			continue
		}
		WriteCallFixture(t, db, c.CallSID, CallFixture{CreatedAt: at, Status: switchboard.CallBusy})
		busy = append([]string{c.CallSID}, busy...)
	}
	// The agent drives (every call is ada's), the status is tested: the
	// newest CallCountScan calls hold 5 of the 25.
	f := switchboard.CallFilter{Agent: "ada", Status: switchboard.CallBusy}
	var got []string
	for off := 0; ; off += 10 {
		items, meta, err := db.ListCalls(ctx(), ws, f, switchboard.Page{Limit: 10, Offset: off})
		require.NoError(t, err)
		for _, c := range items {
			got = append(got, c.CallSID)
		}
		if !meta.HasMore {
			require.Equal(t, 25, meta.Total, "the last page counts exactly")
			require.False(t, meta.TotalIsLowerBound)
			break
		}
		require.True(t, meta.TotalIsLowerBound, "offset %d", off)
		require.Equal(t, off+10, meta.Total, "offset %d: the calls reached so far", off)
	}
	require.Equal(t, busy, got, "every match, newest first")
	// A first page smaller than the matches the scan saw; then a page by
	// cursor, which knows nothing of its position.
	items, meta, err := db.ListCalls(ctx(), ws, f, switchboard.Page{Limit: 3})
	require.NoError(t, err)
	require.Len(t, items, 3)
	require.Equal(t, 5, meta.Total, "five matches among the newest calls scanned")
	require.True(t, meta.TotalIsLowerBound)
	_, meta, err = db.ListCalls(ctx(), ws, f, switchboard.Page{Limit: 3, After: meta.Next})
	require.NoError(t, err)
	require.Equal(t, 5, meta.Total)
	require.True(t, meta.TotalIsLowerBound)
	// The same filter over a range the scan exhausts (the 20 oldest
	// calls) counts exactly.
	before := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
	_, meta, err = db.ListCalls(ctx(), ws, switchboard.CallFilter{Agent: "ada", Status: switchboard.CallBusy, CreatedBefore: &before},
		switchboard.Page{Limit: 1})
	require.NoError(t, err)
	require.False(t, meta.TotalIsLowerBound)
	require.Equal(t, 20, meta.Total)
}
