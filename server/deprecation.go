package server

// Deprecation (openapi.yaml, info: Deprecation) is driven by the spec: an
// operation, a parameter or a request body field marked `deprecated: true`
// carries its dates as `x-deprecated-at` and `x-sunset`, read at start-up
// into one rule per operationId. A request that uses something deprecated
// is answered with Deprecation (RFC 9745), Sunset (RFC 8594) and a Link to
// the operation in the reference; one that does not gets none of them.
// Marking a field deprecated is an edit to openapi.yaml and nothing else; a
// mark without its dates, or with a sunset less than a year after the
// deprecation, stops the server at start-up.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
)

// Extensions that date a deprecation, and the least time between them.
const (
	extDeprecatedAt = "x-deprecated-at"
	extSunset       = "x-sunset"
	minNotice       = 365 * 24 * time.Hour
)

// Response headers of a request that used something deprecated.
const (
	headerDeprecation = "Deprecation"
	headerSunset      = "Sunset"
	headerLink        = "Link"
)

// dates are when something was deprecated and when it may stop working.
type dates struct{ at, sunset time.Time }

// earlier keeps, of d and o, the earliest of each date: the headers of a
// request that used two deprecated things warn of the first to go.
func (d dates) earlier(o dates) dates {
	if d.at.IsZero() || o.at.Before(d.at) {
		d.at = o.at
	}
	if d.sunset.IsZero() || o.sunset.Before(d.sunset) {
		d.sunset = o.sunset
	}
	return d
}

// deprecatedParam is a deprecated parameter, by where it is sent.
type deprecatedParam struct {
	name, in string
	dates
}

// deprecatedField is a deprecated field of the JSON body, by its path from
// the body's root ("*" stands for every item of an array).
type deprecatedField struct {
	path []string
	dates
}

// deprecations is what one operation has deprecated.
type deprecations struct {
	operationID string
	op          *dates
	params      []deprecatedParam
	fields      []deprecatedField
}

// readDeprecations reads every operation's deprecated parts, keyed by
// operationId; operations with none are absent.
func readDeprecations(doc *openapi3.T) (map[string]*deprecations, error) {
	out := map[string]*deprecations{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			// The reference's anchors are the ids as openapi.yaml spells
			// them; the embedded spec may spell them as Go names.
			id := op.OperationID
			if id != "" {
				id = strings.ToLower(id[:1]) + id[1:]
			}
			d := &deprecations{operationID: id}
			where := fmt.Sprintf("%s %s", method, path)
			if op.Deprecated {
				ds, err := datesOf(op.Extensions, where)
				if err != nil {
					return nil, err
				}
				d.op = &ds
			}
			for _, p := range append(append(openapi3.Parameters{}, item.Parameters...), op.Parameters...) {
				if p.Value == nil || !p.Value.Deprecated {
					continue
				}
				ds, err := datesOf(p.Value.Extensions, where+" parameter "+p.Value.Name)
				if err != nil {
					return nil, err
				}
				d.params = append(d.params, deprecatedParam{name: p.Value.Name, in: p.Value.In, dates: ds})
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil {
					fields, err := deprecatedFields(mt.Schema, nil, where, map[*openapi3.Schema]bool{})
					if err != nil {
						return nil, err
					}
					d.fields = fields
				}
			}
			if d.op != nil || len(d.params) > 0 || len(d.fields) > 0 {
				out[op.OperationID] = d // the key policies use
			}
		}
	}
	return out, nil
}

// deprecatedFields walks a body schema's properties (and array items) for
// deprecated fields; seen stops at a schema already on the way down.
func deprecatedFields(ref *openapi3.SchemaRef, path []string, where string, seen map[*openapi3.Schema]bool) ([]deprecatedField, error) {
	if ref == nil || ref.Value == nil || seen[ref.Value] {
		return nil, nil
	}
	s := ref.Value
	seen[s] = true
	defer delete(seen, s)
	var out []deprecatedField
	if len(path) > 0 && s.Deprecated {
		ds, err := datesOf(s.Extensions, fmt.Sprintf("%s field %v", where, path))
		if err != nil {
			return nil, err
		}
		out = append(out, deprecatedField{path: path, dates: ds})
	}
	for name, prop := range s.Properties {
		more, err := deprecatedFields(prop, append(path[:len(path):len(path)], name), where, seen)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	more, err := deprecatedFields(s.Items, append(path[:len(path):len(path)], "*"), where, seen)
	return append(out, more...), err
}

// datesOf reads a deprecation's two extensions (RFC 3339 date-times).
func datesOf(ext map[string]any, where string) (dates, error) {
	var d dates
	for _, f := range []struct {
		name string
		to   *time.Time
	}{{extDeprecatedAt, &d.at}, {extSunset, &d.sunset}} {
		var err error
		switch v := ext[f.name].(type) {
		case string:
			*f.to, err = time.Parse(time.RFC3339, v)
		case time.Time:
			*f.to = v
		default:
			err = fmt.Errorf("missing")
		}
		if err != nil {
			return d, fmt.Errorf("%s is deprecated: %s must be an RFC 3339 date-time: %v", where, f.name, err)
		}
	}
	if d.sunset.Before(d.at.Add(minNotice)) {
		return d, fmt.Errorf("%s is deprecated: %s must be at least a year after %s", where, extSunset, extDeprecatedAt)
	}
	return d, nil
}

// middleware sets the headers on the response of a request that uses
// something d holds deprecated, before the handler (and any error) writes
// it. The JSON body, read to look for deprecated fields, is put back for
// what follows.
func (d *deprecations) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		used, found := dates{}, false
		use := func(ds dates) { used, found = used.earlier(ds), true }
		if d.op != nil {
			use(*d.op)
		}
		r := c.Request()
		for _, p := range d.params {
			if sent(c, p) {
				use(p.dates)
			}
		}
		if len(d.fields) > 0 && r.Body != nil && r.Body != http.NoBody && isJSON(r.Header.Get("Content-Type")) {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				return err
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			var doc any
			// A body that is not JSON is the validator's to refuse.
			if json.Unmarshal(body, &doc) == nil {
				for _, f := range d.fields {
					if has(doc, f.path) {
						use(f.dates)
					}
				}
			}
		}
		if found {
			h := c.Response().Header()
			h.Set(headerDeprecation, "@"+strconv.FormatInt(used.at.Unix(), 10))
			h.Set(headerSunset, used.sunset.UTC().Format(http.TimeFormat))
			h.Add(headerLink, `</docs#operation/`+d.operationID+`>; rel="deprecation"; type="text/html"`)
		}
		return next(c)
	}
}

// sent reports whether the request carries parameter p.
func sent(c echo.Context, p deprecatedParam) bool {
	r := c.Request()
	switch p.in {
	case openapi3.ParameterInQuery:
		return r.URL.Query().Has(p.name)
	case openapi3.ParameterInHeader:
		return len(r.Header.Values(p.name)) > 0
	case openapi3.ParameterInCookie:
		_, err := r.Cookie(p.name)
		return err == nil
	}
	return true // a path parameter is in every request of its operation
}

// has reports whether doc holds a value at path ("*": any item of an
// array), null included: a client that sends the field uses it.
func has(doc any, path []string) bool {
	if len(path) == 0 {
		return true
	}
	switch v := doc.(type) {
	case map[string]any:
		next, ok := v[path[0]]
		return ok && has(next, path[1:])
	case []any:
		if path[0] != "*" {
			return false
		}
		for _, item := range v {
			if has(item, path[1:]) {
				return true
			}
		}
	}
	return false
}
