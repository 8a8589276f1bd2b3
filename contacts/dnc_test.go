package contacts_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

// A number is listed in E.164 whatever its notation; listing it again
// answers the stored entry; the check reads any notation; each workspace's
// list is its own; a removal keeps the entry as history; a number listed
// again after a removal is a new entry.
func TestDNC(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		e := &sb.DNCEntry{WorkspaceID: b.ws, Phone: "(415) 555-2671", Reason: "asked", AddedBy: "ada"}
		created, err := b.svc.AddDNC(ctx, e)
		require.NoError(t, err)
		require.True(t, created)
		require.Equal(t, "+14155552671", e.Phone)
		require.NotEmpty(t, e.ID)
		require.Equal(t, "asked", e.Reason)

		again := &sb.DNCEntry{WorkspaceID: b.ws, Phone: "+14155552671", Reason: "again", AddedBy: "grace"}
		created, err = b.svc.AddDNC(ctx, again)
		require.NoError(t, err)
		require.False(t, created, "an already listed number is not listed twice")
		require.Equal(t, e.ID, again.ID, "the stored entry is answered")
		require.Equal(t, "asked", again.Reason)

		_, err = b.svc.AddDNC(ctx, &sb.DNCEntry{WorkspaceID: b.ws, Phone: "+14155550100", AddedBy: "ada"})
		require.NoError(t, err)
		list, meta, err := b.svc.ListDNC(ctx, b.ws, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Len(t, list, 2)
		require.Equal(t, 2, meta.Total)
		require.Equal(t, "+14155550100", list[0].Phone, "newest first")

		e164, entry, err := b.svc.CheckDNC(ctx, b.ws, "415-555-2671")
		require.NoError(t, err)
		require.Equal(t, "+14155552671", e164)
		require.NotNil(t, entry)
		require.Equal(t, e.ID, entry.ID)

		e164, entry, err = b.svc.CheckDNC(ctx, b.other, "+14155552671")
		require.NoError(t, err, "another workspace's list is its own")
		require.Equal(t, "+14155552671", e164)
		require.Nil(t, entry)
		list, _, err = b.svc.ListDNC(ctx, b.other, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Empty(t, list)
		requireCode(t, b.svc.RemoveDNC(ctx, b.other, e.ID, sb.DNCRemoval{By: "chief"}), sb.ENotFound)

		require.NoError(t, b.svc.RemoveDNC(ctx, b.ws, e.ID, sb.DNCRemoval{By: "boss", Reason: "consent"}))
		requireCode(t, b.svc.RemoveDNC(ctx, b.ws, e.ID, sb.DNCRemoval{By: "boss"}), sb.ENotFound)
		_, entry, err = b.svc.CheckDNC(ctx, b.ws, "4155552671")
		require.NoError(t, err)
		require.Nil(t, entry, "removed")

		relisted := &sb.DNCEntry{WorkspaceID: b.ws, Phone: "+14155552671", Reason: "asked again", AddedBy: "grace"}
		created, err = b.svc.AddDNC(ctx, relisted)
		require.NoError(t, err)
		require.True(t, created, "listing again is a new entry")
		require.NotEqual(t, e.ID, relisted.ID)

		hist, _, err := b.svc.DNCHistory(ctx, b.ws, "+14155552671", sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Len(t, hist, 2)
		require.Equal(t, relisted.ID, hist[0].ID)
		require.Nil(t, hist[0].RemovedAt)
		old := hist[1]
		require.Equal(t, e.ID, old.ID)
		require.NotNil(t, old.RemovedAt)
		require.Equal(t, "boss", old.RemovedBy)
		require.Equal(t, "consent", old.RemovalReason)
		require.Equal(t, "ada", old.AddedBy)
		require.Equal(t, "asked", old.Reason)
		hist, _, err = b.svc.DNCHistory(ctx, b.other, "", sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Empty(t, hist, "another workspace's history is not shown")
	})
}

// What listing and removing refuse, with the domain code and the field;
// nothing refused is written.
func TestDNCRejects(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		for _, tc := range []struct {
			name  string
			e     sb.DNCEntry
			code  string
			field string
		}{
			{"not a number", sb.DNCEntry{Phone: "12"}, sb.EInvalidPhone, "phone"},
			{"letters", sb.DNCEntry{Phone: "abc"}, sb.EInvalidPhone, "phone"},
			{"reason too long", sb.DNCEntry{Phone: "+14155552671", Reason: strings.Repeat("r", sb.MaxDNCReasonLength+1)}, sb.EInvalid, "reason"},
			{"control character in the reason", sb.DNCEntry{Phone: "+14155552671", Reason: "bad \x00 reason"}, sb.EInvalid, "reason"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				tc.e.WorkspaceID, tc.e.AddedBy = b.ws, "ada"
				_, err := b.svc.AddDNC(ctx, &tc.e)
				requireCode(t, err, tc.code, tc.field)
			})
		}
		_, _, err := b.svc.CheckDNC(ctx, b.ws, "abc")
		requireCode(t, err, sb.EInvalidPhone, "phone")
		list, _, err := b.svc.ListDNC(ctx, b.ws, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Empty(t, list, "nothing refused was written")

		e := &sb.DNCEntry{WorkspaceID: b.ws, Phone: "+14155552671", Reason: "multi\nline", AddedBy: "ada"}
		_, err = b.svc.AddDNC(ctx, e)
		require.NoError(t, err, "a reason may span lines")
		requireCode(t, b.svc.RemoveDNC(ctx, b.ws, e.ID, sb.DNCRemoval{By: "boss", Reason: "\x07"}), sb.EInvalid, "reason")
		_, entry, err := b.svc.CheckDNC(ctx, b.ws, e.Phone)
		require.NoError(t, err)
		require.NotNil(t, entry, "the refused removal removed nothing")
	})
}
