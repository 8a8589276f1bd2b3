package contacts_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/contacts"
)

// rowErr is a row error as the report gives it: line and field.
type rowErr struct {
	row   int
	field string
}

func rowErrs(t *testing.T, res *contacts.ImportResult) []rowErr {
	t.Helper()
	var out []rowErr
	for _, e := range res.Errors {
		require.NotEmpty(t, e.Message, "%+v", e)
		out = append(out, rowErr{e.Row, e.Field})
	}
	return out
}

// byPhone lists a workspace's contacts by phone.
func (b *bundle) byPhone(t *testing.T) map[string]*sb.Contact {
	t.Helper()
	list, _, err := b.svc.List(context.Background(), b.ws, sb.Page{Limit: 200})
	require.NoError(t, err)
	out := map[string]*sb.Contact{}
	for _, c := range list {
		out[c.Phone] = c
	}
	return out
}

// The report of an import: each row imported, skipped as a duplicate (of
// the file or of the store) or failed with its line and field, in line
// order; unknown columns listed; the first of two duplicates kept when
// skipping, the last one's non-empty cells written when updating.
func TestImportContacts(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		existing := b.create(t, sb.Contact{FirstName: "Old", Phone: "+14155550100", Company: "Keep"})

		csv := "\ufeffFirst Name,last_name,Phone Number,E-Mail,Organization,Birthday,notes\n" +
			"Ada,Lovelace,(415) 555-2671,ada@example.com,AE,1815-12-10,first\n" + // line 2: ok
			"Bad,Phone,12,,,,\n" + // line 3: invalid phone
			"Bad,Email,4155550101,nope,,,\n" + // line 4: invalid email
			",,,,Nobody Inc,,\n" + // line 5: no name, no phone
			"Ada,Again,+1 415 555 2671,,,,\n" + // line 6: duplicate of line 2
			"New,Name,415-555-0100,,New Co,,\n" + // line 7: duplicate of a stored contact
			"Grace,Hopper,,grace@example.com,,,\n" + // line 8: no phone is fine
			"\"Quoted, Name\",X,4155550102\n" // line 9: short row, quoted comma
		res, err := b.svc.ImportContacts(ctx, strings.NewReader(csv), contacts.ImportOptions{WorkspaceID: b.ws})
		require.NoError(t, err)
		require.Equal(t, 3, res.Imported)
		require.Zero(t, res.Updated)
		require.Equal(t, 2, res.Skipped, "in-file and stored duplicates")
		require.Equal(t, 3, res.Failed)
		require.Equal(t, []string{"Birthday"}, res.IgnoredColumns)
		require.Equal(t, []rowErr{{3, "phone"}, {4, "email"}, {5, "row"}}, rowErrs(t, res))

		got := b.byPhone(t)
		require.Len(t, got, 4)
		require.Equal(t, "Lovelace", got["+14155552671"].LastName, "the first of two in-file duplicates wins when skipping")
		require.Equal(t, "first", got["+14155552671"].Notes)
		require.Equal(t, "Quoted, Name", got["+14155550102"].FirstName)
		require.Equal(t, "Old", got["+14155550100"].FirstName, "a stored duplicate is skipped")
		require.Equal(t, existing.ID, got["+14155550100"].ID)

		res, err = b.svc.ImportContacts(ctx, strings.NewReader(
			"name,mobile,company\nAugusta Ada King,4155552671,\nNew Name,(415) 555-0100,\nSecond Update,4155550100,Latest\nFresh Person,4155550103,\n"),
			contacts.ImportOptions{WorkspaceID: b.ws, Update: true})
		require.NoError(t, err)
		require.Equal(t, 1, res.Imported)
		require.Equal(t, 3, res.Updated)
		require.Zero(t, res.Skipped)
		require.Zero(t, res.Failed)
		got = b.byPhone(t)
		require.Len(t, got, 5)
		old := got["+14155550100"]
		require.Equal(t, existing.ID, old.ID)
		require.Equal(t, "Second", old.FirstName, "the later duplicate in the file wins")
		require.Equal(t, "Update", old.LastName)
		require.Equal(t, "Latest", old.Company, "non-empty cells replace")
		ada := got["+14155552671"]
		require.Equal(t, "Augusta Ada", ada.FirstName, "a full name splits at its last space")
		require.Equal(t, "King", ada.LastName)
		require.Equal(t, "AE", ada.Company, "empty cells leave stored values alone")
	})
}

// An import reads national numbers in the region it is given, else in the
// service's default region.
func TestImportRegion(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		res, err := b.svc.ImportContacts(ctx, strings.NewReader("phone\n020 7946 0958\n"),
			contacts.ImportOptions{WorkspaceID: b.ws, Region: "GB"})
		require.NoError(t, err)
		require.Equal(t, 1, res.Imported)
		res, err = b.svc.ImportContacts(ctx, strings.NewReader("phone\n(415) 555-2671\n020 7946 0958\n"),
			contacts.ImportOptions{WorkspaceID: b.ws})
		require.NoError(t, err)
		require.Equal(t, 1, res.Imported)
		require.Equal(t, []rowErr{{3, "phone"}}, rowErrs(t, res), "not a US number")
		got := b.byPhone(t)
		require.Contains(t, got, "+442079460958")
		require.Contains(t, got, "+14155552671")
	})
}

// A file the import cannot read is an error, not a report: no usable
// header, or nothing at all. A broken quote is a row error.
func TestImportContactsRejects(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		for _, csv := range []string{"birthday,city\n1815,London\n", ""} {
			_, err := b.svc.ImportContacts(ctx, strings.NewReader(csv), contacts.ImportOptions{WorkspaceID: b.ws})
			requireCode(t, err, sb.EInvalid, "file")
		}
		res, err := b.svc.ImportContacts(ctx, strings.NewReader("name,phone\n\"Ada,4155552671\n"), contacts.ImportOptions{WorkspaceID: b.ws})
		require.NoError(t, err)
		require.Zero(t, res.Imported)
		require.Empty(t, b.byPhone(t), "nothing was imported")
	})
}

// A file without a phone column is a contacts import all the same: a name
// is enough for a contact. (The do-not-call import refuses it: TestImportDNC.)
func TestImportContactsWithoutPhones(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		res, err := b.svc.ImportContacts(context.Background(), strings.NewReader("name\nAda\n"), contacts.ImportOptions{WorkspaceID: b.ws})
		require.NoError(t, err)
		require.Equal(t, 1, res.Imported)
		require.Zero(t, res.Failed)
		got := b.byPhone(t)
		require.Len(t, got, 1)
		require.Equal(t, "Ada", got[""].FirstName)
	})
}

// The do-not-call import lists each new number in E.164 with its reason,
// skips one already listed or earlier in the file, fails a bad row alone
// (reported in line order), and records who imported it.
func TestImportDNC(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		_, err := b.svc.AddDNC(ctx, &sb.DNCEntry{WorkspaceID: b.ws, Phone: "+14155550100", AddedBy: "ada"})
		require.NoError(t, err)
		csv := "Phone Number,Reason,Extra\n" +
			"(415) 555-2671,asked\n" + // line 2: listed
			"+14155550100,dup of store\n" + // line 3: already listed
			"415 555 2671,dup in file\n" + // line 4: earlier in the file
			"12,bad\n" + // line 5: not a number
			"+14155550101,bad \x00 reason\n" + // line 6: NUL fails this row only
			"+14155550102,\"multi\nline\"\n" // line 7: newline allowed in a reason
		res, err := b.svc.ImportDNC(ctx, strings.NewReader(csv), contacts.ImportOptions{WorkspaceID: b.ws, AddedBy: "grace"})
		require.NoError(t, err)
		require.Equal(t, 2, res.Imported)
		require.Equal(t, 2, res.Skipped)
		require.Equal(t, 2, res.Failed)
		require.Equal(t, []string{"Extra"}, res.IgnoredColumns)
		require.Equal(t, 1, res.IgnoredColumnCount)
		errs := rowErrs(t, res)
		require.Len(t, errs, 2)
		require.Equal(t, 5, errs[0].row)
		require.Equal(t, rowErr{6, "reason"}, errs[1])

		_, e, err := b.svc.CheckDNC(ctx, b.ws, "4155552671")
		require.NoError(t, err)
		require.NotNil(t, e)
		require.Equal(t, sb.DNCSourceImport, e.Source)
		require.Equal(t, "grace", e.AddedBy)
		require.Equal(t, "asked", e.Reason)
		_, e, err = b.svc.CheckDNC(ctx, b.ws, "4155550102")
		require.NoError(t, err)
		require.NotNil(t, e)
		require.Equal(t, "multi\nline", e.Reason)

		_, err = b.svc.ImportDNC(ctx, strings.NewReader("name\nAda\n"), contacts.ImportOptions{WorkspaceID: b.ws})
		requireCode(t, err, sb.EInvalid, "file")
	})
}
