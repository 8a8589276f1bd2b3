package server

// GET /docs is an API reference rendered here, in Go, from openapi.yaml with
// html/template. It is hand-rendered on purpose: Switchboard is self-hosted,
// often where the browser has no internet, so the page may not load Swagger
// UI or Redoc (or fonts, or styles) from a CDN, and the project has no
// JavaScript build step to vendor them. The spec's Markdown is rendered by a
// deliberately small renderer (markdown below) rather than a dependency: it
// knows only what the descriptions use. The page has no script at all.

import (
	"bytes"
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	sb "github.com/switchboard-oss/switchboard"
)

//go:embed docs.html.tmpl
var docsTemplate string

var docsTmpl = template.Must(template.New("docs").Parse(docsTemplate))

// docsPage is the rendered reference, built at the first request: the spec is
// embedded, so the page cannot change while the process runs.
var docsPage = sync.OnceValues(func() ([]byte, error) { return renderDocs(sb.OpenAPISpec) })

// serveDocs serves the rendered API reference.
func (s *Server) serveDocs(c echo.Context) error {
	page, err := docsPage()
	if err != nil {
		return fmt.Errorf("rendering the API reference: %w", err)
	}
	return c.HTMLBlob(http.StatusOK, page)
}

// The view model: everything the template shows, already in display order.
type (
	docPage struct {
		Title, Version string
		Intro          template.HTML
		Servers        []string
		Schemes        []docScheme
		Tags           []docTag
		Schemas        []docSchema
	}
	docScheme struct {
		Name, Label string
		Desc        template.HTML
	}
	docTag struct {
		Name, Anchor string
		Desc         template.HTML
		Ops          []docOp
	}
	docOp struct {
		ID, Method, Path, Summary string
		Desc                      template.HTML
		Security                  []docScheme // empty: no authentication
		Params                    []docParam
		BodyRequired              bool
		Bodies                    []docMedia
		Responses                 []docResponse
	}
	docParam struct {
		Name, In, Example string
		Required          bool
		Type              docType
		Constraints       []string
		Desc              template.HTML
	}
	docMedia struct {
		Type    string
		Schema  docType
		Fields  []docField
		Example string
	}
	docResponse struct {
		Status string
		Desc   template.HTML
		Media  []docMedia
	}
	docField struct {
		Name, Example      string
		Type               docType
		Required, Nullable bool
		Constraints        []string
		Desc               template.HTML
	}
	docSchema struct {
		Name        string
		Type        docType
		Desc        template.HTML
		Constraints []string
		Fields      []docField
		Extra       string // what additionalProperties says, when it does
		Example     string
	}
	// docType shows as Text followed by a link to the schema Ref, if any
	// ("array of " + Contact).
	docType struct{ Text, Ref string }
)

func renderDocs(spec []byte) ([]byte, error) {
	loader := openapi3.NewLoader()
	loader.IncludeOrigin = true // line numbers keep the spec's own order
	doc, err := loader.LoadFromData(spec)
	if err != nil {
		return nil, fmt.Errorf("parsing openapi.yaml: %w", err)
	}
	p := docPage{Title: doc.Info.Title, Version: doc.Info.Version, Intro: markdown(doc.Info.Description)}
	for _, s := range doc.Servers {
		p.Servers = append(p.Servers, strings.TrimSpace(s.URL+" "+s.Description))
	}
	schemes := doc.Components.SecuritySchemes
	for _, name := range ordered(schemes, func(r *openapi3.SecuritySchemeRef) *openapi3.Origin { return r.Value.Origin }) {
		p.Schemes = append(p.Schemes, docScheme{Name: name, Label: schemeLabel(schemes[name].Value), Desc: markdown(schemes[name].Value.Description)})
	}

	tags := map[string]*docTag{}
	tag := func(name string) *docTag {
		if tags[name] == nil {
			t := &docTag{Name: name, Anchor: "tag-" + strings.ReplaceAll(strings.ToLower(name), " ", "-")}
			if s := doc.Tags.Get(name); s != nil {
				t.Desc = markdown(s.Description)
			}
			tags[name] = t
		}
		return tags[name]
	}
	for _, t := range doc.Tags {
		tag(t.Name)
	}
	type pathOp struct {
		path, method string
		op           *openapi3.Operation
	}
	var ops []pathOp
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops = append(ops, pathOp{path, method, op})
		}
	}
	slices.SortFunc(ops, func(a, b pathOp) int { return cmp.Compare(line(a.op.Origin), line(b.op.Origin)) })
	for _, o := range ops {
		name := "Other"
		if len(o.op.Tags) > 0 {
			name = o.op.Tags[0]
		}
		t := tag(name)
		t.Ops = append(t.Ops, operation(doc, o.method, o.path, doc.Paths.Value(o.path), o.op))
	}
	for _, t := range doc.Tags {
		if len(tags[t.Name].Ops) > 0 {
			p.Tags = append(p.Tags, *tags[t.Name])
		}
		delete(tags, t.Name)
	}
	if t := tags["Other"]; t != nil {
		p.Tags = append(p.Tags, *t)
	}

	schemas := doc.Components.Schemas
	for _, name := range ordered(schemas, refOrigin) {
		v := schemas[name].Value
		s := docSchema{Name: name, Type: typeOf(&openapi3.SchemaRef{Value: v}), Desc: markdown(v.Description),
			Constraints: constraints(v), Fields: fields(v, "")}
		if has := v.AdditionalProperties.Has; has != nil && *has {
			s.Extra = "Other fields are accepted."
		} else if has != nil {
			s.Extra = "Other fields are rejected (400 invalid_request)."
		}
		if len(s.Fields) == 0 && v.Example != nil {
			s.Example = literal(v.Example)
		}
		p.Schemas = append(p.Schemas, s)
	}

	var b bytes.Buffer
	if err := docsTmpl.Execute(&b, p); err != nil {
		return nil, fmt.Errorf("rendering the API reference: %w", err)
	}
	return b.Bytes(), nil
}

func operation(doc *openapi3.T, method, path string, item *openapi3.PathItem, op *openapi3.Operation) docOp {
	o := docOp{ID: op.OperationID, Method: method, Path: path, Summary: op.Summary, Desc: markdown(op.Description)}
	reqs := doc.Security
	if op.Security != nil {
		reqs = *op.Security
	}
	for _, req := range reqs {
		for _, name := range slices.Sorted(maps.Keys(req)) {
			if s := doc.Components.SecuritySchemes[name]; s != nil {
				o.Security = append(o.Security, docScheme{Name: name, Label: schemeLabel(s.Value)})
			}
		}
	}
	for _, pr := range append(slices.Clone(item.Parameters), op.Parameters...) {
		v := pr.Value
		dp := docParam{Name: v.Name, In: v.In, Required: v.Required, Desc: markdown(v.Description), Example: literal(v.Example)}
		if v.Schema != nil {
			dp.Type, dp.Constraints = typeOf(v.Schema), constraints(v.Schema.Value)
			if dp.Example == "" {
				dp.Example = literal(v.Schema.Value.Example)
			}
		}
		o.Params = append(o.Params, dp)
	}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		o.BodyRequired = op.RequestBody.Value.Required
		o.Bodies = media(op.RequestBody.Value.Content, true)
	}
	for _, status := range slices.Sorted(maps.Keys(op.Responses.Map())) {
		r := op.Responses.Value(status).Value
		desc := ""
		if r.Description != nil {
			desc = *r.Description
		}
		o.Responses = append(o.Responses, docResponse{Status: status, Desc: markdown(desc), Media: media(r.Content, false)})
	}
	return o
}

// media describes each content type; request bodies get their fields
// listed, responses only link their schema.
func media(content openapi3.Content, withFields bool) []docMedia {
	var out []docMedia
	for _, ct := range ordered(content, func(m *openapi3.MediaType) *openapi3.Origin { return m.Origin }) {
		m := content[ct]
		dm := docMedia{Type: ct, Schema: typeOf(m.Schema)}
		if withFields && m.Schema != nil && m.Schema.Value != nil {
			dm.Fields = fields(m.Schema.Value, "")
		}
		ex := m.Example
		if ex == nil && len(m.Examples) > 0 {
			first := m.Examples[slices.Min(slices.Collect(maps.Keys(m.Examples)))]
			if first != nil && first.Value != nil {
				ex = first.Value.Value
			}
		}
		if s, ok := ex.(string); ok {
			dm.Example = s // CSV, TwiML: shown as written
		} else if ex != nil {
			dm.Example = jsonText(ex, "  ")
		}
		out = append(out, dm)
	}
	return out
}

// fields lists an object's properties in the spec's order; inline objects
// (not $refs, which link to their own entry) are listed under dotted names.
func fields(s *openapi3.Schema, prefix string) []docField {
	var out []docField
	for _, name := range ordered(s.Properties, refOrigin) {
		r := s.Properties[name]
		v := r.Value
		out = append(out, docField{Name: prefix + name, Type: typeOf(r), Required: slices.Contains(s.Required, name),
			Nullable: v.Nullable, Constraints: constraints(v), Desc: markdown(v.Description), Example: literal(v.Example)})
		if r.Ref == "" && len(v.Properties) > 0 {
			out = append(out, fields(v, prefix+name+".")...)
		}
		if r.Ref == "" && v.Items != nil && v.Items.Ref == "" && len(v.Items.Value.Properties) > 0 {
			out = append(out, fields(v.Items.Value, prefix+name+"[].")...)
		}
	}
	return out
}

func typeOf(r *openapi3.SchemaRef) docType {
	if r == nil || r.Value == nil {
		return docType{Text: "any"}
	}
	if name, ok := strings.CutPrefix(r.Ref, "#/components/schemas/"); ok {
		return docType{Ref: name}
	}
	v := r.Value
	if len(v.AllOf) == 1 && v.Type.IsEmpty() {
		return typeOf(v.AllOf[0]) // the spec's idiom for a nullable $ref
	}
	if v.Type.Is("array") {
		t := typeOf(v.Items)
		t.Text = "array of " + t.Text
		return t
	}
	t := strings.Join(v.Type.Slice(), " | ")
	if t == "" {
		t = "any"
	}
	if v.Format != "" {
		t += " (" + v.Format + ")"
	}
	return docType{Text: t}
}

func constraints(v *openapi3.Schema) []string {
	if v == nil {
		return nil
	}
	var c []string
	add := func(format string, a ...any) { c = append(c, fmt.Sprintf(format, a...)) }
	if len(v.Enum) > 0 {
		vals := make([]string, len(v.Enum))
		for i, e := range v.Enum {
			vals[i] = literal(e)
		}
		add("one of: %s", strings.Join(vals, ", "))
	}
	if v.Min != nil {
		add("min %s%s", num(*v.Min), exclusive(v.ExclusiveMin))
	}
	if v.Max != nil {
		add("max %s%s", num(*v.Max), exclusive(v.ExclusiveMax))
	}
	if v.MinLength > 0 {
		add("minLength %d", v.MinLength)
	}
	if v.MaxLength != nil {
		add("maxLength %d", *v.MaxLength)
	}
	if v.Pattern != "" {
		add("pattern %s", v.Pattern)
	}
	if v.MinItems > 0 {
		add("minItems %d", v.MinItems)
	}
	if v.MaxItems != nil {
		add("maxItems %d", *v.MaxItems)
	}
	if v.Default != nil {
		add("default %s", literal(v.Default))
	}
	return c
}

func exclusive(b openapi3.ExclusiveBound) string {
	if b.Bool != nil && *b.Bool {
		return " (exclusive)"
	}
	return ""
}

func schemeLabel(s *openapi3.SecurityScheme) string {
	switch {
	case s.Type == "http" && strings.EqualFold(s.Scheme, "bearer"):
		return "Bearer token"
	case s.Type == "apiKey":
		return s.Name + " " + s.In
	}
	return s.Type + " " + s.Scheme
}

// literal shows a value briefly: strings as they are, the rest as JSON.
func literal(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	if v == nil {
		return ""
	}
	return jsonText(v, "")
}

func jsonText(v any, indent string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // the template escapes; \u003c would be unreadable
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(b.String())
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// ordered returns m's keys in the order they are written in the spec.
func ordered[T any](m map[string]T, origin func(T) *openapi3.Origin) []string {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(line(origin(m[a])), line(origin(m[b]))), cmp.Compare(a, b))
	})
	return keys
}

func refOrigin(r *openapi3.SchemaRef) *openapi3.Origin {
	if r.Origin != nil && r.Origin.Key != nil {
		return r.Origin
	}
	return r.Value.Origin
}

func line(o *openapi3.Origin) int {
	if o == nil || o.Key == nil {
		return 0
	}
	return o.Key.Line
}

// markdown renders the subset of Markdown the spec's descriptions use:
// headings, paragraphs, bullet lists, pipe tables, inline code and fenced
// code blocks (shown as written, so the mermaid diagram reads as text).
// Every piece of text goes through html.EscapeString.
func markdown(src string) template.HTML {
	var b strings.Builder
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	isBullet := func(t string) bool { return strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") }
	startsBlock := func(t string) bool {
		return t == "" || isBullet(t) || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "|")
	}
	for i := 0; i < len(lines); {
		t := strings.TrimSpace(lines[i])
		switch {
		case t == "":
			i++
		case strings.HasPrefix(t, "```"):
			j := i + 1
			for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
				j++
			}
			lang := strings.TrimSpace(strings.TrimPrefix(t, "```"))
			fmt.Fprintf(&b, "<pre class=\"code\" data-lang=\"%s\">%s</pre>\n", html.EscapeString(lang), html.EscapeString(strings.Join(lines[i+1:min(j, len(lines))], "\n")))
			i = j + 1
		case strings.HasPrefix(t, "#"):
			level := len(t) - len(strings.TrimLeft(t, "#"))
			h := min(level+1, 6) // the page's own sections are h1 and h2
			fmt.Fprintf(&b, "<h%d>%s</h%d>\n", h, inline(strings.TrimSpace(t[level:])), h)
			i++
		case strings.HasPrefix(t, "|"):
			b.WriteString("<table class=\"md\">\n")
			for row := 0; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
				cells := strings.Split(strings.Trim(strings.TrimSpace(lines[i]), "|"), "|")
				if strings.Trim(strings.Join(cells, ""), ":- ") == "" {
					continue // the |---|---| separator
				}
				tag := "td"
				if row == 0 {
					tag = "th"
				}
				b.WriteString("<tr>")
				for _, c := range cells {
					fmt.Fprintf(&b, "<%s>%s</%s>", tag, inline(strings.TrimSpace(c)), tag)
				}
				b.WriteString("</tr>\n")
				row++
			}
			b.WriteString("</table>\n")
		case isBullet(t):
			b.WriteString("<ul>\n")
			for i < len(lines) && isBullet(strings.TrimSpace(lines[i])) {
				item := strings.TrimSpace(lines[i])[2:]
				for i++; i < len(lines) && !startsBlock(strings.TrimSpace(lines[i])); i++ {
					item += " " + strings.TrimSpace(lines[i])
				}
				fmt.Fprintf(&b, "<li>%s</li>\n", inline(item))
			}
			b.WriteString("</ul>\n")
		default:
			para := t
			for i++; i < len(lines) && !startsBlock(strings.TrimSpace(lines[i])); i++ {
				para += " " + strings.TrimSpace(lines[i])
			}
			fmt.Fprintf(&b, "<p>%s</p>\n", inline(para))
		}
	}
	return template.HTML(b.String()) // safe: every piece of text above was escaped
}

// inline escapes s and turns `code` spans into <code>.
func inline(s string) string {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 { // an unmatched backtick: show it as written
		return html.EscapeString(s)
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + html.EscapeString(p) + "</code>")
		} else {
			b.WriteString(html.EscapeString(p))
		}
	}
	return b.String()
}
