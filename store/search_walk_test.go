package store_test

import (
	"testing"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSearchShortWalks (PostgreSQL) runs the search suites with walks
// bounded to 300 rows: on the suites' small workspaces the walks of broad
// searches then give way to the index, which must return what the walks
// would, in the same order, by offset and by cursor.
func TestSearchShortWalks(t *testing.T) {
	t.Parallel()
	storetest.OpenPostgres(t) // skips when TEST_DATABASE_URL is unset
	storetest.RunSearch(t, func(t testing.TB) *store.DB {
		db := storetest.OpenPostgres(t)
		store.SetWalkRows(db, 300)
		return db
	})
}
