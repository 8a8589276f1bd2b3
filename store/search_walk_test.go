package store_test

import (
	"testing"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSearchShortWalks runs the search suites with walks bounded to 300
// rows: on the suites' small workspaces the walks of broad searches then
// give way to the index (PostgreSQL) or to ranking every match (SQLite),
// which must return what the walks would.
func TestSearchShortWalks(t *testing.T) {
	t.Parallel()
	short := func(open storetest.Opener) storetest.Opener {
		return func(t testing.TB) *store.DB {
			db := open(t)
			store.SetWalkRows(db, 300)
			return db
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		storetest.RunSearch(t, short(storetest.OpenSQLite))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		storetest.OpenPostgres(t)
		storetest.RunSearch(t, short(storetest.OpenPostgres))
	})
}
