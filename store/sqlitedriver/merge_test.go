package sqlitedriver

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The span of the contacts' row keys, which decides the search index's
// merge after an import, is read from the two ends of the table: a scan of
// it read every page of a million contacts' table through the readers'
// mapping (200 MB resident) inside the import's request.
func TestContactsSpanReadsTheEnds(t *testing.T) {
	t.Parallel()
	_, _, closeAll, w, r := openFile(t, time.Hour)
	defer closeAll()
	require.NoError(t, w.Exec("CREATE TABLE contacts (seq INTEGER PRIMARY KEY, body TEXT)").Error)
	require.NoError(t, w.Exec("INSERT INTO contacts (seq, body) VALUES (7, 'a'), (9, 'b'), (40, 'c')").Error)
	var span int64
	require.NoError(t, r.Raw(selectContactsSpan).Row().Scan(&span))
	require.EqualValues(t, 34, span)

	rows, err := r.Raw("EXPLAIN QUERY PLAN " + selectContactsSpan).Rows()
	require.NoError(t, err)
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
		plan = append(plan, detail)
	}
	require.NoError(t, rows.Err())
	t.Logf("plan: %q", plan)
	for _, step := range plan {
		require.False(t, strings.HasPrefix(step, "SCAN contacts"), "the table is not scanned: %q", plan)
	}
}
