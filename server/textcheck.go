package server

// Text input is checked in two central places rather than per handler:
// JSON bodies where Echo decodes them (jsonSerializer), and query, path and
// form parameters in the chain every operation shares (checkParams). A
// control character (or invalid UTF-8) anywhere answers 400 invalid_request
// naming the field,
// the same on SQLite and PostgreSQL (which cannot store NUL at all); free
// text that may span lines (notes, reasons) keeps tab and newline.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	sb "github.com/switchboard-oss/switchboard"
)

// checkText applies the domain's text rule without a length: lengths are
// the request validator's to check, against openapi.yaml. last is the
// field's own name, which says whether it may span lines.
func checkText(field, last, v string) error {
	return sb.CheckText(field, v, 0, sb.Multiline(last))
}

// jsonSerializer is Echo's JSON codec with two checks on the way in: the
// body is one JSON value and nothing after it, and no string in it holds a
// control character.
type jsonSerializer struct{ echo.DefaultJSONSerializer }

func (js jsonSerializer) Deserialize(c echo.Context, i any) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(i); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return sb.FieldErrorf(sb.EInvalid, "body", "the body must be one JSON value with nothing after it")
	}
	return checkJSONText(body)
}

// checkJSONText walks a JSON document's strings for control characters.
// A control character can only be written escaped (or, for DEL and the C1
// range, raw), so a body with no backslash, no DEL and no C1 lead byte is
// clean without a walk.
func checkJSONText(body []byte) error {
	if bytes.IndexByte(body, '\\') < 0 && bytes.IndexByte(body, 0x7f) < 0 && bytes.IndexByte(body, 0xc2) < 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	return walkJSON(dec, "", "")
}

func walkJSON(dec *json.Decoder, path, last string) error {
	tok, err := dec.Token()
	if err != nil {
		return nil // malformed JSON is the decoder's to report
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
		return checkText(field, last, t)
	case json.Delim:
		switch t {
		case '{':
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil
				}
				k, _ := kt.(string)
				if err := checkText(join(k), "", k); err != nil {
					return err
				}
				if err := walkJSON(dec, join(k), k); err != nil {
					return err
				}
			}
			_, _ = dec.Token()
		case '[':
			for n := 0; dec.More(); n++ {
				if err := walkJSON(dec, join(strconv.Itoa(n)), last); err != nil {
					return err
				}
			}
			_, _ = dec.Token()
		}
	}
	return nil
}

// checkParams refuses control characters in an operation's path and query
// parameters and in a form body already parsed (the provider's webhooks,
// parsed by the signature check).
func checkParams(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		for i, name := range c.ParamNames() {
			if err := checkText(name, name, c.ParamValues()[i]); err != nil {
				return err
			}
		}
		r := c.Request()
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
