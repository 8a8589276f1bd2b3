package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"os"
	"regexp"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/contacts"
	"github.com/switchboard-oss/switchboard/gen/api"
	"github.com/switchboard-oss/switchboard/server/metrics"
)

var regionPattern = regexp.MustCompile(`^[A-Za-z]{2}$`)

// importParams are the import's settings, from the query string and, for
// multipart uploads, from form fields (which win).
type importParams struct {
	workspaceID *string
	region      string
	onDuplicate string
}

func (s *strict) ImportContacts(ctx context.Context, req api.ImportContactsRequestObject) (api.ImportContactsResponseObject, error) {
	p := importParams{workspaceID: req.Params.WorkspaceId}
	if req.Params.DefaultRegion != nil {
		p.region = *req.Params.DefaultRegion
	}
	if req.Params.OnDuplicate != nil {
		p.onDuplicate = string(*req.Params.OnDuplicate)
	}
	body, ws, err := s.receiveUpload(ctx, req.MultipartBody, req.Body, &p)
	if err != nil {
		return nil, err
	}
	defer body.discard()
	switch p.onDuplicate {
	case "", "skip", "update":
	default:
		return nil, sb.FieldErrorf(sb.EInvalid, "onDuplicate", "want skip or update, got %q", sb.Truncate(p.onDuplicate, 16))
	}
	res, err := s.deps.Contacts.ImportContacts(ctx, body.file, contacts.ImportOptions{
		WorkspaceID: ws,
		Region:      p.region,
		Update:      p.onDuplicate == "update",
	})
	if res != nil {
		s.cfg.Metrics.AddImportRows(metrics.ImportContacts, res.Imported, res.Updated, res.Skipped, res.Failed)
	}
	if err != nil {
		if res != nil {
			loggerFrom(ctx, s.log).Warn("import stopped", "error", err, "imported", res.Imported, "updated", res.Updated)
		}
		return nil, err
	}
	loggerFrom(ctx, s.log).Info("contacts imported", "imported", res.Imported, "updated", res.Updated,
		"skipped", res.Skipped, "failed", res.Failed)
	return api.ImportContacts200JSONResponse{Data: toAPIImportResult(res)}, nil
}

func toAPIImportResult(res *contacts.ImportResult) api.ImportResult {
	out := api.ImportResult{
		Imported:           res.Imported,
		Updated:            res.Updated,
		Skipped:            res.Skipped,
		Failed:             res.Failed,
		IgnoredColumns:     res.IgnoredColumns,
		IgnoredColumnCount: res.IgnoredColumnCount,
		Errors:             make([]api.ImportRowError, len(res.Errors)),
	}
	for i, e := range res.Errors {
		out.Errors[i] = api.ImportRowError{Row: e.Row, Field: e.Field, Message: e.Message}
	}
	return out
}

// upload is a received CSV upload, spooled to a temporary file.
type upload struct{ file *os.File }

func (u upload) discard() { _ = u.file.Close(); _ = os.Remove(u.file.Name()) }

// receiveUpload spools an import's body (multipart or text/csv), reads its
// form fields into p, resolves the workspace and checks the region's form
// ("" leaves the service's default).
func (s *strict) receiveUpload(ctx context.Context, mr *multipart.Reader, raw io.Reader, p *importParams) (upload, string, error) {
	var file *os.File
	var err error
	switch {
	case mr != nil:
		file, err = readImportForm(mr, p)
	case raw != nil:
		file, err = spool(raw)
	default:
		err = sb.FieldErrorf(sb.EInvalid, "Content-Type", "send the CSV as multipart/form-data (part \"file\") or as a text/csv body")
	}
	if err != nil {
		return upload{}, "", err
	}
	u := upload{file: file}
	ws, err := workspaceOf(ctx, p.workspaceID)
	if err == nil {
		if r, bad := sb.ControlChar(p.region+p.onDuplicate, false); bad {
			err = sb.FieldErrorf(sb.EInvalid, "body", "a form field contains the control character %U", r)
		}
	}
	if err == nil && p.region != "" && !regionPattern.MatchString(p.region) {
		// The query parameter's pattern, which kin-openapi checks, holds
		// for the form field too.
		err = sb.FieldErrorf(sb.EInvalid, "defaultRegion", "want a two-letter ISO region, got %q", sb.Truncate(p.region, 16))
	}
	if err != nil {
		u.discard()
		return upload{}, "", err
	}
	return u, ws, nil
}

// readImportForm reads every part of the upload. The file is spooled (see
// spool) because the form's fields, workspaceId above all, may come after it.
func readImportForm(mr *multipart.Reader, p *importParams) (*os.File, error) {
	var file *os.File
	fail := func(err error) (*os.File, error) {
		if file != nil {
			_ = file.Close()
			_ = os.Remove(file.Name())
		}
		return nil, err
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return fail(formError(err))
		}
		switch name := part.FormName(); name {
		case "file":
			if file != nil {
				return fail(sb.FieldErrorf(sb.EInvalid, "file", "send one file per import"))
			}
			if file, err = spool(part); err != nil {
				return fail(err)
			}
		case "workspaceId", "defaultRegion", "onDuplicate":
			b, err := io.ReadAll(io.LimitReader(part, 257))
			if err != nil {
				return fail(formError(err))
			} else if len(b) > 256 {
				return fail(sb.FieldErrorf(sb.EInvalid, name, "too long"))
			}
			v := strings.TrimSpace(string(b))
			switch name {
			case "workspaceId":
				p.workspaceID = &v
			case "defaultRegion":
				p.region = v
			case "onDuplicate":
				p.onDuplicate = v
			}
		default:
			// Unknown parts are drained and ignored, like unknown columns.
			if _, err := io.Copy(io.Discard, part); err != nil {
				return fail(formError(err))
			}
		}
	}
	if file == nil {
		return fail(sb.FieldErrorf(sb.EInvalid, "file", "the form has no \"file\" part"))
	}
	return file, nil
}

// spool copies an upload to a temporary file and rewinds it. The whole body
// is received before the first row is written, so a body over the limit is
// refused with nothing imported, and the workspace is known first.
func spool(r io.Reader) (*os.File, error) {
	f, err := createSpool()
	if err != nil {
		return nil, fmt.Errorf("spooling the upload: %w", err)
	}
	if _, err = io.Copy(f, r); err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		_ = f.Close()
		_ = os.Remove(f.Name())
		return nil, formError(err)
	}
	return f, nil
}

// formError keeps a body-limit error as it is and calls anything else a
// malformed form.
func formError(err error) error {
	var de *sb.Error
	if errors.As(err, &de) || isTooLarge(err) {
		return err
	}
	return sb.FieldErrorf(sb.EInvalid, "body", "malformed multipart body: %v", err)
}
