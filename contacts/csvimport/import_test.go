package csvimport_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/contacts/csvimport"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// Tiny batches and two writers on the real store: the file's order must hold
// across concurrent batches (a later row updates what an earlier batch
// inserts), and the report must count every row once.
func TestConcurrentBatchesKeepFileOrder(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t)
			ws := storetest.NewWorkspaceID()
			var b strings.Builder
			b.WriteString("first name,last name,phone\n")
			const rows = 400
			for i := 0; i < rows; i++ {
				// Every phone appears three times, far apart: first
				// inserted, then updated twice, in that order.
				fmt.Fprintf(&b, "P%d,v1,+1415555%04d\n", i%100, i%100)
			}
			for _, update := range []bool{false, true} {
				wsx := fmt.Sprintf("%s_%v", ws, update)
				res, err := csvimport.Run(context.Background(), strings.NewReader(b.String()), db, csvimport.Options{
					WorkspaceID: wsx, Region: "US", Update: update, BatchSize: 7, Workers: 2, Writers: 2,
				})
				require.NoError(t, err)
				require.Equal(t, 100, res.Imported)
				require.Equal(t, 0, res.Failed)
				if update {
					require.Equal(t, rows-100, res.Updated)
					require.Equal(t, 0, res.Skipped)
				} else {
					require.Equal(t, rows-100, res.Skipped)
					require.Equal(t, 0, res.Updated)
				}
				list, meta, err := db.ListContacts(context.Background(), wsx, sb.Page{Limit: 200})
				require.NoError(t, err)
				require.Equal(t, 100, meta.Total)
				require.Len(t, list, 100)
			}
		})
	}
}

// The version a phone ends with is the last row of the file that holds it,
// even when its rows land in different, concurrently written batches.
func TestConcurrentUpdatesApplyInFileOrder(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t)
			ws := storetest.NewWorkspaceID()
			var b strings.Builder
			b.WriteString("first name,phone\n")
			for v := 1; v <= 5; v++ {
				for i := 0; i < 50; i++ {
					fmt.Fprintf(&b, "v%d,+1415555%04d\n", v, i)
				}
			}
			_, err := csvimport.Run(context.Background(), strings.NewReader(b.String()), db, csvimport.Options{
				WorkspaceID: ws, Region: "US", Update: true, BatchSize: 3, Workers: 2, Writers: 2,
			})
			require.NoError(t, err)
			list, _, err := db.ListContacts(context.Background(), ws, sb.Page{Limit: 200})
			require.NoError(t, err)
			require.Len(t, list, 50)
			for _, c := range list {
				require.Equal(t, "v5", c.FirstName, "%s", c.Phone)
			}
		})
	}
}
