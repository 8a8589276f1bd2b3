package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
	"github.com/switchboard-oss/switchboard/server/csvimport"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// dncImportBatch is how many entries are listed per transaction.
const dncImportBatch = 1000

// dncColumn maps a folded header name to what the DNC import reads from it.
var dncColumn = map[string]string{
	"phone": "phone", "phonenumber": "phone", "mobile": "phone", "tel": "phone",
	"telephone": "phone", "number": "phone", "cell": "phone",
	"reason": "reason", "notes": "reason", "note": "reason", "comment": "reason", "comments": "reason",
}

// ImportDnc lists many numbers at once. The upload goes through the same
// spooling and the same CSV reader (with its limits) as the contacts
// import; the rows are few and cheap, so they are read and written in file
// order without the contacts' parallel pipeline.
func (s *strict) ImportDnc(ctx context.Context, req api.ImportDncRequestObject) (api.ImportDncResponseObject, error) {
	p := importParams{workspaceID: req.Params.WorkspaceId}
	if req.Params.DefaultRegion != nil {
		p.region = *req.Params.DefaultRegion
	}
	body, ws, err := s.receiveUpload(ctx, req.MultipartBody, req.Body, &p)
	if err != nil {
		return nil, err
	}
	defer body.discard()
	res, err := s.importDNC(ctx, body.file, ws, strings.ToUpper(p.region), tokenFrom(ctx).Identity)
	if err != nil {
		return nil, err
	}
	loggerFrom(ctx, s.log).Info("dnc entries imported", "imported", res.Imported, "skipped", res.Skipped, "failed", res.Failed)
	return api.ImportDnc200JSONResponse{Data: toAPIImportResult(res)}, nil
}

func (s *strict) importDNC(ctx context.Context, r io.Reader, ws, region, by string) (*csvimport.Result, error) {
	cr, err := csvimport.Open(r)
	if err != nil {
		return nil, err
	}
	phoneCol, reasonCol := -1, -1
	var ignored []string
	for i, h := range cr.Header {
		switch dncColumn[foldHeader(h)] {
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
	res := &csvimport.Result{IgnoredColumns: csvimport.CappedIgnored(ignored), IgnoredColumnCount: len(ignored), Errors: []csvimport.RowError{}}
	if res.IgnoredColumns == nil {
		res.IgnoredColumns = []string{}
	}
	fail := func(e csvimport.RowError) {
		res.Failed++
		if len(res.Errors) < 1000 {
			res.Errors = append(res.Errors, e)
		}
	}
	seen := map[string]bool{}
	var batch []*sb.DNCEntry
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		created, err := s.deps.DNC.ImportDNC(ctx, ws, batch)
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
			fail(*rowErr)
			continue
		}
		raw, reason := cell(rec, phoneCol), cell(rec, reasonCol)
		if e := csvimport.CheckText("phone", raw, false); e != nil {
			e.Row = line
			fail(*e)
			continue
		}
		if e := csvimport.CheckText("reason", reason, true); e != nil {
			e.Row = line
			fail(*e)
			continue
		}
		phone, ok := phone.E164(raw, region)
		switch {
		case raw == "":
			fail(csvimport.RowError{Row: line, Field: "phone", Message: "a phone number is required"})
			continue
		case !ok:
			fail(csvimport.RowError{Row: line, Field: "phone", Message: fmt.Sprintf("%q is not a valid phone number", truncate(raw, 64))})
			continue
		case len(reason) > 1000:
			fail(csvimport.RowError{Row: line, Field: "reason", Message: "longer than 1000 characters"})
			continue
		case seen[phone]:
			res.Skipped++
			continue
		}
		seen[phone] = true
		batch = append(batch, &sb.DNCEntry{Phone: phone, Reason: reason, Source: sb.DNCSourceImport, AddedBy: by})
		if len(batch) == dncImportBatch {
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

func cell(rec []string, i int) string {
	if i < 0 || i >= len(rec) {
		return ""
	}
	return strings.TrimSpace(rec[i])
}

// foldHeader matches column names ignoring case, spaces, '_' and '-'.
func foldHeader(h string) string {
	return strings.NewReplacer(" ", "", "_", "", "-", "").Replace(strings.ToLower(strings.TrimSpace(h)))
}
