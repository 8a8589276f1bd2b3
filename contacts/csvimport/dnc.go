package csvimport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// DNCWriter lists one batch of numbers of a workspace in one transaction
// (switchboard.DNCStore implements it); created[i] is false where the
// number was already listed.
type DNCWriter interface {
	ImportDNC(ctx context.Context, workspaceID string, entries []*sb.DNCEntry) (created []bool, err error)
}

// DNCOptions of one do-not-call import.
type DNCOptions struct {
	WorkspaceID string
	Region      string // for national-format numbers
	AddedBy     string // the identity of the token importing
}

// dncBatch is how many entries are listed per transaction.
const dncBatch = 1000

// dncColumns maps a folded header name to what the DNC import reads from it.
var dncColumns = map[string]string{
	"phone": "phone", "phonenumber": "phone", "mobile": "phone", "tel": "phone",
	"telephone": "phone", "number": "phone", "cell": "phone",
	"reason": "reason", "notes": "reason", "note": "reason", "comment": "reason", "comments": "reason",
}

// RunDNC lists the numbers of a CSV on the do-not-call list. It reads with
// the same Reader and limits as Run, but the rows are few and cheap, so
// they are read and written in file order without Run's parallel
// pipeline. Errors are Run's: bad rows are reported, never fatal.
func RunDNC(ctx context.Context, r io.Reader, w DNCWriter, opts DNCOptions) (*Result, error) {
	cr, err := Open(r)
	if err != nil {
		return nil, err
	}
	phoneCol, reasonCol := -1, -1
	ignored := []string{}
	for i, h := range cr.Header {
		switch dncColumns[fold(h)] {
		case "phone":
			if phoneCol < 0 {
				phoneCol = i
				continue
			}
		case "reason":
			if reasonCol < 0 {
				reasonCol = i
				continue
			}
		}
		ignored = append(ignored, strings.TrimSpace(h))
	}
	if phoneCol < 0 {
		return nil, sb.FieldErrorf(sb.EInvalid, "file", "the CSV header names no phone column")
	}
	res := &Result{IgnoredColumns: CappedIgnored(ignored), IgnoredColumnCount: len(ignored), Errors: []RowError{}}
	fail := func(line int, e *RowError) {
		res.Failed++
		if len(res.Errors) < 1000 {
			e.Row = line
			res.Errors = append(res.Errors, *e)
		}
	}
	seen := map[string]bool{}
	var batch []*sb.DNCEntry
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		created, err := w.ImportDNC(ctx, opts.WorkspaceID, batch)
		if err != nil {
			return err
		}
		for _, c := range created {
			if c {
				res.Imported++
			} else {
				res.Skipped++
			}
		}
		batch = batch[:0]
		return nil
	}
	for {
		line, rec, rowErr, err := cr.Next()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, err
		}
		if rowErr != nil {
			fail(line, rowErr)
			continue
		}
		e, rerr := buildDNCEntry(cell(rec, phoneCol), cell(rec, reasonCol), opts)
		switch {
		case rerr != nil:
			fail(line, rerr)
			continue
		case seen[e.Phone]:
			res.Skipped++
			continue
		}
		seen[e.Phone] = true
		batch = append(batch, e)
		if len(batch) == dncBatch {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return res, nil
}

// buildDNCEntry reads one row into an entry with its phone in E.164, held
// to the entry's rules (DNCEntry.Validate) as a POST would be.
func buildDNCEntry(raw, reason string, opts DNCOptions) (*sb.DNCEntry, *RowError) {
	// Both cells are checked as written, the phone before the library
	// reads a number out of whatever surrounds it.
	if err := sb.CheckText("phone", raw, 0, sb.Multiline("phone")); err != nil {
		return nil, rowError(err)
	}
	if err := sb.CheckText("reason", reason, 0, sb.Multiline("reason")); err != nil {
		return nil, rowError(err)
	}
	e := &sb.DNCEntry{WorkspaceID: opts.WorkspaceID, Reason: reason, Source: sb.DNCSourceImport, AddedBy: opts.AddedBy}
	if raw != "" {
		e164, ok := phone.E164(raw, opts.Region)
		if !ok {
			return nil, &RowError{Field: "phone", Message: fmt.Sprintf("%q is not a valid phone number", sb.Truncate(raw, 64))}
		}
		e.Phone = e164
	}
	if err := e.Validate(); err != nil {
		return nil, rowError(err)
	}
	return e, nil
}

func cell(rec []string, i int) string {
	if i < 0 || i >= len(rec) {
		return ""
	}
	return strings.TrimSpace(rec[i])
}
