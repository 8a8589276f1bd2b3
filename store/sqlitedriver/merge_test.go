package sqlitedriver

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The ends of a workspace's range of row keys, which number its next
// contact and place its sample's runs, are read from the table's key at
// those ends: a scan read every page of a million contacts' table through
// the readers' mapping (200 MB resident) inside an import's request.
func TestRangeEndsAreRead(t *testing.T) {
	t.Parallel()
	_, _, closeAll, w, r := openFile(t, time.Hour)
	defer closeAll()
	require.NoError(t, w.Exec("CREATE TABLE workspaces (id TEXT PRIMARY KEY, contact_seq_base INTEGER)").Error)
	require.NoError(t, w.Exec("CREATE TABLE contacts (seq INTEGER PRIMARY KEY, body TEXT)").Error)
	const base = 1 << 40
	require.NoError(t, w.Exec("INSERT INTO workspaces VALUES ('a', ?), ('b', ?), ('empty', ?)", base, 2*base, 3*base).Error)
	require.NoError(t, w.Exec("INSERT INTO contacts (seq, body) VALUES (?, 'a'), (?, 'a'), (?, 'b'), (?, 'b')",
		base+7, base+40, 2*base+1, 2*base+9).Error)

	last := func(ws string) int64 {
		t.Helper()
		var n int64
		require.NoError(t, r.Raw(lastContactSeq, ws).Row().Scan(&n))
		return n
	}
	require.EqualValues(t, base+40, last("a"))
	require.EqualValues(t, 2*base+9, last("b"))
	require.EqualValues(t, 3*base, last("empty"), "no contact: the range's base")

	var lo, hi int64
	require.NoError(t, r.Raw(sampleBounds, "b").Row().Scan(&lo, &hi))
	require.EqualValues(t, []int64{2*base + 1, 2*base + 9}, []int64{lo, hi})

	for _, q := range []string{lastContactSeq, sampleBounds} {
		rows, err := r.Raw("EXPLAIN QUERY PLAN "+q, "a").Rows()
		require.NoError(t, err)
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
			plan = append(plan, detail)
		}
		require.NoError(t, rows.Err())
		rows.Close()
		t.Logf("plan: %q", plan)
		for _, step := range plan {
			require.False(t, strings.HasPrefix(step, "SCAN contacts"), "the table is not scanned: %q", plan)
		}
	}
}
