package storetest

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

// testConcurrentWriters runs many writers at once. On SQLite it is the test
// that the single writer connection and immediate transactions keep
// "database is locked" (SQLITE_BUSY) away: every call must succeed.
func testConcurrentWriters(t *testing.T, open Opener) {
	db := open(t)
	ws := NewWorkspaceID()
	const writers, each = 24, 20

	var wg sync.WaitGroup
	errs := make(chan error, writers*each*4)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				c := &switchboard.Contact{WorkspaceID: ws, FirstName: mustf("W%d", w), Phone: mustf("+1312%03d%04d", w, i)}
				if err := db.CreateContact(ctx(), c); err != nil {
					errs <- err
					continue
				}
				if _, err := db.UpdateContact(ctx(), ws, c.ID, patch(switchboard.ContactPatch{Notes: ptr("touched")})); err != nil {
					errs <- err
				}
				// Interleave reads with the writes.
				if _, _, err := db.ListContacts(ctx(), ws, switchboard.Page{Limit: 10}); err != nil {
					errs <- err
				}
				batch := []*switchboard.Contact{{FirstName: "Imp", Phone: mustf("+1646%03d%04d", w, i)}, {FirstName: "Imp"}}
				if _, err := db.ImportContacts(ctx(), ws, batch, i%2 == 0); err != nil {
					errs <- err
				}
				if i%5 == 0 {
					if _, err := db.AddDNC(ctx(), &switchboard.DNCEntry{WorkspaceID: ws, Phone: mustf("+1718555%04d", i)}); err != nil {
						errs <- err
					}
					if _, _, err := db.CreateToken(ctx(), ws, mustf("agent%d", w), switchboard.RoleAgent); err != nil {
						errs <- err
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	requireTotal(t, db, ws, writers*each*3)
}
