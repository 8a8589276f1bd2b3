package csvimport

import (
	"bufio"
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// Writer stores one batch of contacts in one transaction
// (switchboard.ContactStore implements it). It must be safe for
// concurrent batches when Options.Writers > 1.
type Writer interface {
	ImportContacts(ctx context.Context, workspaceID string, batch []*sb.Contact, update bool) ([]sb.ImportOutcome, error)
}

// Options of one import.
type Options struct {
	WorkspaceID string
	Region      string // for national-format numbers
	Update      bool   // update duplicates instead of skipping them
	BatchSize   int    // rows per transaction; default 2000
	Workers     int    // normalizing goroutines; default GOMAXPROCS
	// Writers is how many batches may be written at once; default 1. A
	// database that writes in parallel (PostgreSQL) is faster with 2; one
	// with a single writer (SQLite) gains nothing.
	Writers   int
	MaxErrors int // row errors kept in the report; default 1000
}

// RowError is one rejected row.
type RowError struct {
	Row     int // 1-based line number in the file; the header is line 1
	Field   string
	Message string
}

// Result is the report of an import.
type Result struct {
	Imported, Updated, Skipped, Failed int
	// IgnoredColumns lists the first MaxIgnoredColumns unused columns;
	// IgnoredColumnCount counts them all.
	IgnoredColumns     []string
	IgnoredColumnCount int
	Errors             []RowError
}

// chunkRows is how many rows travel together through the normalizing stage:
// large enough that channel hand-offs cost nothing, small enough that the
// pipeline holds little memory.
const chunkRows = 512

type rawRow struct {
	line   int
	fields []string
}

type chunk struct {
	seq  int
	rows []rawRow
	// filled by a worker:
	contacts []*sb.Contact // nil entry = the row failed
	errs     []RowError
}

// ErrNoUsableHeader reports a file without a phone or a name column.
var ErrNoUsableHeader = errors.New("the CSV header names neither a phone nor a name column")

// Run imports the CSV read from r. A bad row is reported and never stops the
// import; an error is returned only when the file cannot be read at all (no
// usable header, a read error, the body limit) or a batch cannot be written,
// and then every batch written before it stays written.
func Run(ctx context.Context, r io.Reader, w Writer, opts Options) (*Result, error) {
	if opts.BatchSize <= 0 {
		opts.BatchSize = 2000
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.Writers <= 0 {
		opts.Writers = 1
	}
	if opts.MaxErrors <= 0 {
		opts.MaxErrors = 1000
	}
	cr, err := Open(r)
	if err != nil {
		return nil, err
	}
	cols, ok := mapHeader(cr.Header)
	if !ok {
		return nil, sb.FieldErrorf(sb.EInvalid, "file", "%s", ErrNoUsableHeader.Error())
	}
	res := &Result{IgnoredColumns: CappedIgnored(cols.ignored), IgnoredColumnCount: len(cols.ignored), Errors: []RowError{}}

	g, gctx := errgroup.WithContext(ctx)
	raw := make(chan *chunk, opts.Workers*8)
	done := make(chan *chunk, opts.Workers*8)

	g.Go(func() error { // reader: the only goroutine touching cr
		defer close(raw)
		return readChunks(gctx, cr, cols.used, raw)
	})
	workers, wctx := errgroup.WithContext(gctx)
	for i := 0; i < opts.Workers; i++ {
		workers.Go(func() error {
			for c := range raw {
				normalizeChunk(c, cols, opts.Region)
				select {
				case done <- c:
				case <-wctx.Done():
					return wctx.Err()
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		err := workers.Wait()
		close(done)
		return err
	})
	g.Go(func() error { // batches, in file order
		wr := newBatchWriter(gctx, w, opts, res)
		next, held := 0, map[int]*chunk{}
		for c := range done {
			held[c.seq] = c
			for held[next] != nil {
				if err := wr.add(held[next]); err != nil {
					return err
				}
				delete(held, next)
				next++
			}
		}
		if gctx.Err() != nil {
			_ = wr.wait()
			return gctx.Err()
		}
		return wr.finish()
	})
	err = g.Wait()
	if f, ok := w.(Finisher); ok && res.Imported+res.Updated > 0 {
		// Even after a failed batch: what was written stays written.
		f.FinishImport(context.WithoutCancel(ctx), res.Imported)
	}
	return res, err
}

// Finisher is a Writer with work to do once after an import's last batch
// (the store refreshes PostgreSQL's statistics, visibility map and search
// index).
type Finisher interface {
	FinishImport(ctx context.Context, inserted int)
}

func readChunks(ctx context.Context, cr *Reader, used int, out chan<- *chunk) error {
	seq := 0
	c := &chunk{seq: seq}
	for {
		line, rec, rowErr, err := cr.Next()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return err
		}
		if rowErr != nil {
			c.rows = append(c.rows, rawRow{line: line, fields: nil})
			c.errs = append(c.errs, *rowErr)
		} else {
			// Only the mapped columns are kept: a row of a million empty
			// cells must not stay in memory while it waits for a worker.
			c.rows = append(c.rows, rawRow{line: line, fields: Keep(rec, used)})
		}
		if len(c.rows) == chunkRows {
			select {
			case out <- c:
			case <-ctx.Done():
				return ctx.Err()
			}
			seq++
			c = &chunk{seq: seq}
		}
	}
	if len(c.rows) > 0 {
		select {
		case out <- c:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// readError keeps a body-limit or transport error as it is (the HTTP layer
// maps it) and reports anything else as a malformed file.
func readError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return sb.FieldErrorf(sb.EInvalid, "file", "line %d: %v", pe.StartLine, pe.Err)
	}
	return fmt.Errorf("reading the CSV: %w", err)
}

func normalizeChunk(c *chunk, cols columns, region string) {
	c.contacts = make([]*sb.Contact, len(c.rows))
	for i, row := range c.rows {
		if row.fields == nil { // a parse error, already reported
			continue
		}
		ct, rerr := buildContact(row.fields, cols, region)
		if rerr != nil {
			rerr.Row = row.line
			c.errs = append(c.errs, *rerr)
			continue
		}
		c.contacts[i] = ct
	}
	c.rows = nil // the raw cells are no longer needed
	// The reader's errors came first; the report lists rows in file order,
	// so that its first 1,000 errors are the file's first 1,000.
	slices.SortStableFunc(c.errs, func(a, b RowError) int { return cmp.Compare(a.Row, b.Row) })
}

// buildContact reads one row into a contact with its phone in E.164, and
// holds it to the contact's rules (Contact.Validate), as a POST would.
func buildContact(rec []string, cols columns, region string) (*sb.Contact, *RowError) {
	ct := &sb.Contact{}
	var full string
	for i, f := range cols.index {
		if f == fieldNone || i >= len(rec) {
			continue
		}
		v := strings.TrimSpace(rec[i])
		if v == "" {
			continue
		}
		// Every mapped cell is checked as written, as every string of a
		// JSON body is: a cell the contact ends up not using (a full name
		// beside a first name) too, and a phone before the library reads a
		// number out of whatever surrounds it. A full name is a name:
		// its bidirectional controls are refused naming its own column.
		var err error
		if f == fieldFullName {
			err = sb.CheckDisplayName(fieldNames[f], v, 0)
		} else {
			err = sb.CheckText(fieldNames[f], v, 0, sb.Multiline(fieldNames[f]))
		}
		if err != nil {
			return nil, rowError(err)
		}
		switch f {
		case fieldFirstName:
			ct.FirstName = v
		case fieldLastName:
			ct.LastName = v
		case fieldFullName:
			full = v
		case fieldPhone:
			ct.Phone = v
		case fieldEmail:
			ct.Email = v
		case fieldCompany:
			ct.Company = v
		case fieldNotes:
			ct.Notes = v
		case fieldTimeZone:
			ct.TimeZone = v // Contact.Validate checks the name
		}
	}
	if full != "" && ct.FirstName == "" && ct.LastName == "" {
		// "Ada King Lovelace": the last word is the last name.
		if i := strings.LastIndexByte(full, ' '); i > 0 {
			ct.FirstName, ct.LastName = strings.TrimSpace(full[:i]), full[i+1:]
		} else {
			ct.FirstName = full
		}
	}
	if ct.Phone != "" {
		e164, ok := phone.E164(ct.Phone, region)
		if !ok {
			return nil, &RowError{Field: "phone", Message: fmt.Sprintf("%q is not a valid phone number", sb.Truncate(ct.Phone, 64))}
		}
		ct.Phone = e164
	}
	if err := ct.Validate(); err != nil {
		return nil, rowError(err)
	}
	return ct, nil
}

// rowError reports a rule's error on a row: the field it names, and "row"
// for a rule of the whole record (the API's "body").
func rowError(err error) *RowError {
	var e *sb.Error
	if errors.As(err, &e) && len(e.Details) > 0 {
		field := e.Details[0].Field
		if field == "body" {
			field = "row"
		}
		return &RowError{Field: field, Message: e.Details[0].Message}
	}
	return &RowError{Field: "row", Message: sb.ErrorMessage(err)}
}

func skipBOM(r *bufio.Reader) io.Reader {
	if b, err := r.Peek(3); err == nil && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		_, _ = r.Discard(3)
	}
	return r
}
