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
	var lin []string // newest first, once reversed
	for i := range n {
		c := browserCall(ws)
		// lin's calls: the 20 oldest, and 5 among the newest.
		if i < 20 || i >= n-5 {
			c.AgentIdentity = "lin"
			lin = append([]string{c.CallSID}, lin...)
		}
		_, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
	}
	// The status drives (every call is initiated), the agent is tested.
	f := switchboard.CallFilter{Agent: "lin", Status: switchboard.CallInitiated}
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
	require.Len(t, got, 25)
	// The newest 5 first, then the oldest 20; within each, newest first as
	// they were begun (the store's clock orders them, ties by SID).
	items, meta, err := db.ListCalls(ctx(), ws, f, switchboard.Page{Limit: 50})
	require.NoError(t, err)
	require.Len(t, items, 25)
	require.Equal(t, 25, meta.Total)
	for i, c := range items {
		require.Equal(t, got[i], c.CallSID)
		if i > 0 {
			require.False(t, c.CreatedAt.After(items[i-1].CreatedAt))
		}
	}
	// A page by cursor knows nothing of its position: a lower bound no
	// smaller than the five the scan saw.
	_, meta, err = db.ListCalls(ctx(), ws, f, switchboard.Page{Limit: 3, After: meta.Next})
	require.NoError(t, err)
	_, meta, err = db.ListCalls(ctx(), ws, f, switchboard.Page{Limit: 3})
	require.NoError(t, err)
	require.Equal(t, 5, meta.Total, "five matches among the newest calls scanned")
	require.True(t, meta.TotalIsLowerBound)
	_, meta, err = db.ListCalls(ctx(), ws, f, switchboard.Page{Limit: 3, After: meta.Next})
	require.NoError(t, err)
	require.Equal(t, 5, meta.Total)
	require.True(t, meta.TotalIsLowerBound)
	// The same filter over a range the scan exhausts (the 20 oldest
	// calls, all lin's) counts exactly.
	before := items[5].CreatedAt.Add(time.Microsecond)
	_, meta, err = db.ListCalls(ctx(), ws, switchboard.CallFilter{Agent: "lin", Status: switchboard.CallInitiated,
		CreatedBefore: &before}, switchboard.Page{Limit: 1})
	require.NoError(t, err)
	require.False(t, meta.TotalIsLowerBound)
	require.Equal(t, 20, meta.Total)
}
