package csvimport

import (
	"bufio"
	"encoding/csv"
	"errors"
	"io"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
)

// Limits of an upload, whatever it imports. A header is read into memory
// whole, so its size is capped before it is read; a data row only as far as
// it is needed, and a row is at most MaxRowBytes.
const (
	MaxHeaderBytes   = 64 << 10
	MaxHeaderColumns = 1000
	MaxRowBytes      = 1 << 20
	// MaxIgnoredColumns is how many unused column names a report lists;
	// Result.IgnoredColumnCount counts them all.
	MaxIgnoredColumns = 100
)

// Reader reads a CSV upload's records with the limits above: the header
// (required) first, then one record at a time with its line number.
type Reader struct {
	cr     *csv.Reader
	lim    *recordLimiter
	Header []string
}

// Open reads the header of r. Errors: EInvalid (empty file, header over the
// limits, malformed header), or r's own error.
func Open(r io.Reader) (*Reader, error) {
	lim := &recordLimiter{r: skipBOM(bufio.NewReaderSize(r, 64<<10)), limit: MaxHeaderBytes}
	cr := csv.NewReader(lim)
	cr.FieldsPerRecord = -1 // short or long rows: missing cells are empty
	cr.ReuseRecord = false
	header, err := cr.Read()
	switch {
	case errors.Is(err, io.EOF):
		return nil, sb.FieldErrorf(sb.EInvalid, "file", "the file is empty: a header row is required")
	case errors.Is(err, errRecordTooLong):
		return nil, sb.FieldErrorf(sb.EInvalid, "file", "the header row is longer than %d bytes", MaxHeaderBytes)
	case err != nil:
		return nil, readError(err)
	case len(header) > MaxHeaderColumns:
		return nil, sb.FieldErrorf(sb.EInvalid, "file", "the header row has %d columns; at most %d are allowed", len(header), MaxHeaderColumns)
	}
	lim.limit = MaxRowBytes
	return &Reader{cr: cr, lim: lim, Header: header}, nil
}

// Next returns the next record and its line number. A malformed record
// comes back as a RowError and a nil record, and reading carries on; a row
// over MaxRowBytes stops the file (EInvalid). At the end: io.EOF.
func (r *Reader) Next() (line int, rec []string, rowErr *RowError, err error) {
	rec, err = r.cr.Read()
	var pe *csv.ParseError
	switch {
	case err == nil:
		line, _ = r.cr.FieldPos(0)
		return line, rec, nil, nil
	case errors.Is(err, io.EOF):
		return 0, nil, nil, io.EOF
	case errors.Is(err, errRecordTooLong):
		return 0, nil, nil, sb.FieldErrorf(sb.EInvalid, "file", "a row near line %d is longer than %d bytes", r.lim.line, MaxRowBytes)
	case errors.As(err, &pe):
		// A malformed row (a stray quote, say) is reported and skipped;
		// the reader carries on at the next record.
		return pe.StartLine, nil, &RowError{Row: pe.StartLine, Field: "row", Message: pe.Err.Error()}, nil
	}
	return 0, nil, nil, readError(err)
}

// Keep returns the first n cells of rec for keeping. The csv reader slices
// every cell of a record from one string, so a kept cell holds the whole
// row in memory: when the row is mostly cells that are not kept (a million
// empty ones, say), the kept cells are copied out of it; otherwise they are
// kept as they are, at no cost.
func Keep(rec []string, n int) []string {
	n = min(n, len(rec))
	if n == len(rec) {
		return rec
	}
	total, kept := 0, 0
	for i, c := range rec {
		total += len(c) + 1
		if i < n {
			kept += len(c) + 1
		}
	}
	if total <= 2*kept+256 {
		return rec[:n:n]
	}
	out := make([]string, n)
	for i := range out {
		out[i] = strings.Clone(rec[i])
	}
	return out
}

var errRecordTooLong = errors.New("csv record too long")

// recordLimiter passes the upload through while following CSV quoting the
// way encoding/csv does, and fails a record longer than limit before the
// csv reader has buffered it.
type recordLimiter struct {
	r     io.Reader
	limit int
	n     int // bytes of the current record
	state quoteState
	line  int // newlines seen, for the error message
}

type quoteState uint8

const (
	fieldStart quoteState = iota
	unquoted              // a bare quote here is an error csv resyncs from at the newline
	quoted
	quoteInQuoted // a quote inside a quoted field: closing, or the first of ""
)

func (l *recordLimiter) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for i := 0; i < n; i++ {
		c := p[i]
		if c == '\n' {
			l.line++
		}
		switch l.state {
		case fieldStart, unquoted, quoteInQuoted:
			switch {
			case c == '\n':
				l.state, l.n = fieldStart, 0
				continue
			case c == ',':
				l.state = fieldStart
			case c == '"' && l.state == fieldStart:
				l.state = quoted
			case c == '"' && l.state == quoteInQuoted:
				l.state = quoted
			default:
				// After a closing quote anything but a comma or a newline
				// is a parse error; csv drops the rest of the line.
				l.state = unquoted
			}
		case quoted:
			if c == '"' {
				l.state = quoteInQuoted
			}
		}
		l.n++
		if l.n > l.limit {
			return i, errRecordTooLong
		}
	}
	return n, err
}

// CappedIgnored keeps the first MaxIgnoredColumns names.
func CappedIgnored(names []string) []string {
	if len(names) > MaxIgnoredColumns {
		return names[:MaxIgnoredColumns:MaxIgnoredColumns]
	}
	return names
}
