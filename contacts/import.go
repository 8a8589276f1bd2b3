package contacts

import (
	"context"
	"io"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/contacts/csvimport"
)

// ImportResult is the report of an import: counts, ignored columns and the
// rejected rows with their line numbers.
type ImportResult = csvimport.Result

// ImportOptions of one CSV import.
type ImportOptions struct {
	WorkspaceID string
	// Region reads national-format numbers; "" means the default region.
	Region string
	// Update updates the contacts whose phone is already stored (and later
	// rows of the file over earlier ones) instead of skipping them.
	Update bool
	// AddedBy is the identity of the token importing (DNC imports).
	AddedBy string
}

// ImportContacts imports the contacts of a CSV (see csvimport.Run): each
// row is normalized and held to Contact.Validate like a POST, a bad row is
// reported and never stops the import. An error means the file could not
// be read (EInvalid: no usable header, a row over the limits) or a batch
// could not be written; the batches written before it stay written, and
// the result so far comes with the error.
//
// A finished import records one contacts.imported event with its counts.
// Its batches committed one by one already, so a failure to record the
// event cannot undo them: it is logged, and the report still returned.
func (s *Service) ImportContacts(ctx context.Context, r io.Reader, opts ImportOptions) (*ImportResult, error) {
	res, err := csvimport.Run(ctx, r, s.deps.Contacts, csvimport.Options{
		WorkspaceID: opts.WorkspaceID,
		Region:      s.region(opts.Region),
		Update:      opts.Update,
		Writers:     s.cfg.ImportWriters,
	})
	if err != nil {
		return res, err
	}
	sum := sb.ImportSummary{WorkspaceID: opts.WorkspaceID, Imported: res.Imported, Updated: res.Updated,
		Skipped: res.Skipped, Failed: res.Failed}
	if err := s.deps.Events.RecordEvent(ctx, opts.WorkspaceID, sb.EventContactsImported, sum); err != nil {
		s.logger(ctx).Error("recording the contacts.imported event failed", "error", err)
	}
	return res, nil
}

// ImportDNC lists the numbers of a CSV (see csvimport.RunDNC), each row
// held to DNCEntry.Validate like a POST.
func (s *Service) ImportDNC(ctx context.Context, r io.Reader, opts ImportOptions) (*ImportResult, error) {
	return csvimport.RunDNC(ctx, r, s.deps.DNC, csvimport.DNCOptions{
		WorkspaceID: opts.WorkspaceID,
		Region:      s.region(opts.Region),
		AddedBy:     opts.AddedBy,
	})
}

func (s *Service) region(r string) string {
	if r == "" {
		return s.cfg.DefaultRegion
	}
	return r
}

var _ csvimport.Writer = sb.ContactStore(nil)
var _ csvimport.DNCWriter = sb.DNCStore(nil)
