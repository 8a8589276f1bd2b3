package server

// Text input is checked in two central places rather than per handler:
// JSON bodies before anything decodes them (checkJSONBody), and query, path
// and form parameters in the chain every operation shares (checkParams). A
// control character or invalid UTF-8 anywhere answers 400 invalid_request
// naming the field, the same on SQLite and PostgreSQL (which cannot store
// NUL at all); free text that may span lines (notes, reasons) keeps tab
// and newline.
//
// Invalid UTF-8 must be caught in the raw bytes: encoding/json, and so
// kin-openapi and Echo's binder, decode a bad byte, an overlong sequence,
// a CESU-8 surrogate or an escaped lone surrogate ("\ud800") to U+FFFD
// without a word, and the mangled text would be stored.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	sb "github.com/switchboard-oss/switchboard"
)

// checkText applies the domain's text rule without a length: lengths are
// the request validator's to check, against openapi.yaml. last is the
// field's own name, which says whether it may span lines.
func checkText(field, last, v string) error {
	return sb.CheckText(field, v, 0, sb.Multiline(last))
}

// jsonSerializer is Echo's JSON codec with one more check on the way in:
// the body is one JSON value and nothing after it. Its text was checked
// before validation (checkJSONBody).
type jsonSerializer struct{ echo.DefaultJSONSerializer }

func (js jsonSerializer) Deserialize(c echo.Context, i any) error {
	dec := json.NewDecoder(c.Request().Body)
	if err := dec.Decode(i); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return sb.FieldErrorf(sb.EInvalid, "body", "the body must be one JSON value with nothing after it")
	}
	return nil
}

// checkJSONBody holds every string of a JSON body to the text rule before
// the validator or the handler decodes it, and hands the body on unread.
// The body is at most the default limit (1 MiB), which the validator
// buffers anyway; the imports, which stream up to 50 MiB of CSV, are left
// alone.
func checkJSONBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Body == nil || r.Body == http.NoBody || isImport(c.Path()) || !isJSON(r.Header.Get("Content-Type")) {
			return next(c)
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return err
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		if err := checkJSONText(body); err != nil {
			return err
		}
		return next(c)
	}
}

// isJSON tells a JSON media type (application/json, or any +json), the
// bodies the validator decodes as JSON.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = strings.ToLower(strings.TrimSpace(contentType))
	}
	return strings.HasPrefix(mt, "application/json") || strings.HasSuffix(mt, "+json")
}

// checkJSONText walks a JSON document's strings, keys and values, for
// invalid UTF-8 and control characters. Both can only be written as
// escapes or as bytes outside printable ASCII, so a body of valid UTF-8
// with no backslash, no DEL and no C1 lead byte is clean without a walk.
func checkJSONText(body []byte) error {
	if bytes.IndexByte(body, '\\') < 0 && bytes.IndexByte(body, 0x7f) < 0 && bytes.IndexByte(body, 0xc2) < 0 && utf8.Valid(body) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	w := jsonWalker{dec: dec, body: body}
	if err := w.walk("", ""); !errors.Is(err, errMalformed) {
		return err
	}
	// Malformed JSON is the validator's to report. The walk stops at it:
	// the decoder does not move past a syntax error, so a loop that went
	// on asking for tokens would never end.
	return nil
}

var errMalformed = errors.New("malformed JSON")

// jsonWalker walks a document token by token. The decoder hands strings
// back already mended, so each string is also judged by its raw bytes:
// those between the offset before its token and the offset after.
type jsonWalker struct {
	dec  *json.Decoder
	body []byte
}

// token reads the next token and the raw bytes it came from (with the
// separators and white space before it, which are plain ASCII).
func (w jsonWalker) token() (json.Token, []byte, error) {
	start := w.dec.InputOffset()
	tok, err := w.dec.Token()
	return tok, w.body[start:w.dec.InputOffset()], err
}

// text checks one string token: its raw bytes, then its decoded value.
func text(field, last, v string, raw []byte) error {
	if !utf8.Valid(raw) {
		return sb.FieldErrorf(sb.EInvalid, field, "is not valid UTF-8")
	}
	if r, ok := loneSurrogate(raw); ok {
		return sb.FieldErrorf(sb.EInvalid, field, "is not valid UTF-8: the escape \\u%04x is half of a surrogate pair", r)
	}
	return checkText(field, last, v)
}

func (w jsonWalker) walk(path, last string) error {
	tok, raw, err := w.token()
	if err != nil {
		return errMalformed
	}
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch t := tok.(type) {
	case string:
		field := path
		if field == "" {
			field = "body"
		}
		return text(field, last, t, raw)
	case json.Delim:
		switch t {
		case '{':
			for w.dec.More() {
				kt, raw, err := w.token()
				if err != nil {
					return errMalformed
				}
				k, _ := kt.(string)
				if err := text(join(k), "", k, raw); err != nil {
					return err
				}
				if err := w.walk(join(k), k); err != nil {
					return err
				}
			}
			if _, err := w.dec.Token(); err != nil {
				return errMalformed
			}
		case '[':
			for n := 0; w.dec.More(); n++ {
				if err := w.walk(join(strconv.Itoa(n)), last); err != nil {
					return err
				}
			}
			if _, err := w.dec.Token(); err != nil {
				return errMalformed
			}
		}
	}
	return nil
}

// loneSurrogate finds an escape of half a surrogate pair ("\ud800") that is
// not followed, or preceded, by its other half: JSON allows writing it,
// UTF-8 cannot hold it, and encoding/json turns it into U+FFFD.
func loneSurrogate(raw []byte) (rune, bool) {
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		i++ // the escaped character: an escaped backslash is skipped whole
		r, ok := hexEscape(raw, i)
		if !ok {
			continue
		}
		switch {
		case utf16.IsSurrogate(r) && r < 0xdc00:
			if lo, ok := hexEscape(raw, i+6); ok && raw[i+5] == '\\' && lo >= 0xdc00 && lo <= 0xdfff {
				i += 10 // the pair's second half
				continue
			}
			return r, true
		case utf16.IsSurrogate(r):
			return r, true // a low half with no high half before it
		}
		i += 4
	}
	return 0, false
}

// hexEscape reads "uXXXX" at raw[i:], the escape after its backslash.
func hexEscape(raw []byte, i int) (rune, bool) {
	if i+5 > len(raw) || raw[i] != 'u' {
		return 0, false
	}
	n, err := strconv.ParseUint(string(raw[i+1:i+5]), 16, 16)
	return rune(n), err == nil
}

// checkParams refuses control characters in an operation's path and query
// parameters and in a form body already parsed (the provider's webhooks,
// parsed by the signature check).
func checkParams(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		for i, name := range c.ParamNames() {
			v := c.ParamValues()[i]
			if r.URL.RawPath != "" {
				// Echo routed on the escaped path, so its values are still
				// escaped ("%2B1415%FF"); the handler reads them unescaped.
				if u, err := url.PathUnescape(v); err == nil {
					v = u
				}
			}
			if err := checkText(name, name, v); err != nil {
				return err
			}
		}
		if r.URL.RawQuery != "" {
			for k, vs := range c.QueryParams() {
				if err := checkText(k, "", k); err != nil {
					return err
				}
				for _, v := range vs {
					if err := checkText(k, k, v); err != nil {
						return err
					}
				}
			}
		}
		if r.Method == http.MethodPost && r.PostForm != nil {
			for k, vs := range r.PostForm {
				for _, v := range append(vs, k) {
					if err := checkText(k, k, v); err != nil {
						return err
					}
				}
			}
		}
		return next(c)
	}
}
