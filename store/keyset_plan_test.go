package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// TestContactKeysRangeOnRowValue: on SQLite a page after a key ranges the
// contacts' index on the key's row value, not on its time alone, which
// passed over every contact of an import's batch stamped with the key's
// time (driver.RowValueKeys).
func TestContactKeysRangeOnRowValue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "keys.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(ctx))
	var batch []*switchboard.Contact
	for i := range 3000 {
		batch = append(batch, &switchboard.Contact{FirstName: "Ada", LastName: fmt.Sprint(i)})
	}
	_, err = db.ImportContacts(ctx, "ws_keys", batch, false)
	require.NoError(t, err)
	db.FinishImport(ctx, len(batch))

	key := &switchboard.PageKey{Time: batch[0].CreatedAt, ID: batch[1500].ID}
	dry := db.r.Session(&gorm.Session{DryRun: true}).Select(contactColumns).Where("workspace_id = ?", "ws_keys")
	stmt := db.contactKeys().page(dry, switchboard.Page{Limit: 50, After: key}).Find(&[]contactRow{}).Statement
	var plan []struct{ Detail string }
	require.NoError(t, db.r.Raw("EXPLAIN QUERY PLAN "+stmt.SQL.String(), stmt.Vars...).Scan(&plan).Error)
	require.NotEmpty(t, plan)
	require.Contains(t, plan[0].Detail, "(created_at,id)<(?,?)", "the index range of %s", stmt.SQL.String())

	// And the page is the one after the key.
	all, _, err := db.ListContacts(ctx, "ws_keys", switchboard.Page{Limit: switchboard.MaxLimit, Offset: 1000})
	require.NoError(t, err)
	page, _, err := db.ListContacts(ctx, "ws_keys", switchboard.Page{Limit: 5, After: &switchboard.PageKey{Time: all[9].CreatedAt, ID: all[9].ID}})
	require.NoError(t, err)
	require.Equal(t, all[10:15], page)
}
