package contacts_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/contacts"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// bundle is the contacts service alone, without HTTP, over a real store:
// the service's decisions are read from what it answers and what the store
// then holds.
type bundle struct {
	svc   *contacts.Service
	db    *store.DB
	ws    string // the workspace the tests work in
	other string // another workspace, which must never see ws's records
}

// onEachDB runs fn, in parallel, with a service over each database
// (PostgreSQL skips without TEST_DATABASE_URL). The service reads national
// numbers as US numbers, as the program's default does.
func onEachDB(t *testing.T, fn func(t *testing.T, b *bundle)) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t)
			fn(t, &bundle{svc: newService(t, db, "US"), db: db,
				ws: storetest.NewWorkspaceID(), other: storetest.NewWorkspaceID()})
		})
	}
}

func newService(t *testing.T, db *store.DB, region string) *contacts.Service {
	t.Helper()
	svc, err := contacts.New(contacts.Config{DefaultRegion: region, ImportWriters: db.ImportWriters()},
		contacts.Deps{Contacts: db, DNC: db, Events: db})
	require.NoError(t, err)
	return svc
}

// create stores a contact through the service and returns it.
func (b *bundle) create(t *testing.T, c sb.Contact) *sb.Contact {
	t.Helper()
	if c.WorkspaceID == "" {
		c.WorkspaceID = b.ws
	}
	require.NoError(t, b.svc.Create(context.Background(), &c))
	return &c
}

// requireCode asserts that err is the domain error code and that its
// details name every one of fields.
func requireCode(t *testing.T, err error, code string, fields ...string) *sb.Error {
	t.Helper()
	require.Error(t, err)
	var e *sb.Error
	require.True(t, errors.As(err, &e), "%v is not a domain error", err)
	require.Equal(t, code, e.Code, "%v", err)
	require.NotEmpty(t, e.Message)
	var named []string
	for _, d := range e.Details {
		named = append(named, d.Field)
	}
	for _, f := range fields {
		require.Contains(t, named, f, "%v", err)
	}
	return e
}

func ptr(s string) *string { return &s }
