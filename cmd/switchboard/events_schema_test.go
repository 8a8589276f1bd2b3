package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// TestEveryEventMatchesItsSchema: for every event type, a real event of the
// running program, as delivered to an endpoint and as the log keeps it, is
// what openapi.yaml says: the delivered body validates (kin-openapi)
// against the union WebhookEvent and against its type's own schema, the
// log's data against that schema's data, and no field is sent that the
// schema does not declare; the schema's example has the same fields as the
// real thing; the generated Go union decodes it to its type's struct.
func TestEveryEventMatchesItsSchema(t *testing.T) {
	t.Parallel()
	spec := loadSpec(t)
	union := spec.Components.Schemas["WebhookEvent"].Value
	require.NotNil(t, union.Discriminator)
	mapped := slices.Sorted(func(yield func(string) bool) {
		for k := range union.Discriminator.Mapping {
			if !yield(k) {
				return
			}
		}
	})
	var types []string
	for _, e := range sb.EventTypes {
		types = append(types, string(e))
	}
	sort.Strings(types)
	require.Equal(t, types, mapped, "WebhookEvent maps every event type, and only those")
	require.Len(t, union.OneOf, len(types))
	var enum []string
	for _, v := range spec.Components.Schemas["EventType"].Value.Enum {
		enum = append(enum, v.(string))
	}
	sort.Strings(enum)
	require.Equal(t, types, enum, "the EventType enum names the same types")

	eachDatabase(t, func(t *testing.T, dbURL string) {
		p := startProgram(t, dbURL, "ws_events")
		rcs := []*eventstest.Receiver{eventstest.NewReceiver(t), eventstest.NewReceiver(t)}
		secrets := p.endpoints(rcs[0].URL(), rcs[1].URL())
		secretOf := map[string]string{}
		deleted, refused := p.everyEvent()

		byType := map[string][]eventstest.Delivery{}
		eventually(t, "a delivery of every type", func() bool {
			byType = map[string][]eventstest.Delivery{}
			for i, rc := range rcs {
				for _, d := range rc.Deliveries() {
					typ, _ := d.Payload["type"].(string)
					byType[typ] = append(byType[typ], d)
					secretOf[d.ID] = secrets[i]
				}
			}
			return len(byType) == len(types)
		})
		_, log := p.do("GET", "/v1/events?limit=200", p.admin, nil)
		logged := map[string]map[string]any{}
		for _, e := range log["data"].([]any) {
			e := e.(map[string]any)
			logged[e["id"].(string)] = e
		}

		for typ, ds := range byType {
			variant := schemaOf(t, spec, union.Discriminator.Mapping[typ].Ref)
			for _, d := range ds {
				eventstest.Verify(t, d, secretOf[d.ID])
				var body any
				require.NoError(t, json.Unmarshal(d.Body, &body))
				require.NoError(t, union.VisitJSON(body), "%s: the delivered body is a WebhookEvent: %s", typ, d.Body)
				require.NoError(t, variant.VisitJSON(body), "%s: the delivered body is its type's schema: %s", typ, d.Body)
				require.Empty(t, undeclared(variant, body, typ), "%s: sent but not in the schema: %s", typ, d.Body)

				ev, ok := logged[d.ID]
				require.True(t, ok, "%s: webhook-id %s is an event of the log", typ, d.ID)
				require.Equal(t, typ, ev["type"])
				require.NoError(t, spec.Components.Schemas["Event"].Value.VisitJSON(ev))
				require.NoError(t, variant.Properties["data"].Value.VisitJSON(ev["data"]), "%s: the log's data", typ)
				require.Equal(t, d.Payload["data"], ev["data"], "%s: the log keeps what was delivered", typ)

				var gen api.WebhookEvent
				require.NoError(t, json.Unmarshal(d.Body, &gen))
				v, err := gen.ValueByDiscriminator()
				require.NoError(t, err, typ)
				require.Equal(t, goTypeName(union.Discriminator.Mapping[typ].Ref), fmt.Sprintf("%T", v), "the generated union decodes %s to its struct", typ)
			}
			var example any = variant.Example
			require.NotNil(t, example, "%s: the schema has an example", typ)
			require.Equal(t, keysOf(example), withoutAdded(variant, keysOf(example), keysOf(any(ds[0].Payload))),
				"%s: the example has the fields a real event has", typ)
		}

		// The payloads say what their types promise.
		require.Equal(t, deleted, byType["contact.deleted"][0].Payload["data"], "contact.deleted: the contact as its last GET showed it")
		require.Equal(t, "Listed by mistake", dataOf(byType["dnc.removed"][0])["removalReason"])
		for typ, status := range map[string]string{"call.initiated": "initiated", "call.ringing": "ringing", "call.answered": "answered", "call.completed": "completed"} {
			for _, d := range byType[typ] {
				if dataOf(d)["callSid"] != refused {
					require.Equal(t, status, dataOf(d)["status"], typ)
				}
			}
		}
		require.Equal(t, "", dataOf(byType["call.initiated"][0])["customerCallSid"], "call.initiated: no customer leg yet")
		require.NotNil(t, dataOf(byType["call.answered"][0])["answeredAt"])
		var refusedEvents []string
		for typ, ds := range byType {
			for _, d := range ds {
				if dataOf(d)["callSid"] == refused {
					refusedEvents = append(refusedEvents, typ+" "+dataOf(d)["status"].(string))
				}
			}
		}
		require.Equal(t, []string{"call.completed failed"}, refusedEvents, "a refused call has call.completed alone")
		require.NotNil(t, dataOf(byType["call.outcome_set"][0])["outcome"])
		require.Equal(t, "completed", dataOf(byType["recording.completed"][0])["status"])
		require.EqualValues(t, 1, dataOf(byType["contacts.imported"][0])["imported"])

		// The union tells the types apart: a call's data under a contact's
		// type is refused, and so is a body without data.
		wrong := map[string]any{"type": "contact.created", "timestamp": "2026-11-23T10:15:00Z", "data": dataOf(byType["call.answered"][0])}
		require.Error(t, union.VisitJSON(wrong))
		require.Error(t, union.VisitJSON(map[string]any{"type": "call.answered", "timestamp": "2026-11-23T10:15:00Z"}))
		extra := map[string]any{"type": "contact.created", "data": map[string]any{"id": "x", "nickname": "Hedy"}}
		require.Equal(t, []string{"contact.created.data.nickname"},
			undeclared(schemaOf(t, spec, union.Discriminator.Mapping["contact.created"].Ref), extra, "contact.created"),
			"a field the schema does not declare is seen")
		code, _ := p.do("GET", "/v1/events?limit=1", p.agent, nil)
		require.Equal(t, http.StatusForbidden, code, "the log is an admin's")
	})
}

func loadSpec(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(sb.OpenAPISpec)
	require.NoError(t, err)
	return doc
}

// schemaOf resolves a "#/components/schemas/Name" reference.
func schemaOf(t *testing.T, doc *openapi3.T, ref string) *openapi3.Schema {
	t.Helper()
	s, ok := doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
	require.True(t, ok, ref)
	return s.Value
}

// goTypeName is the Go type oapi-codegen makes of a schema reference.
func goTypeName(ref string) string {
	return "api." + strings.TrimPrefix(ref, "#/components/schemas/")
}

func dataOf(d eventstest.Delivery) map[string]any { return d.Payload["data"].(map[string]any) }

// undeclared lists the fields of v, at any depth, that schema s does not
// declare: kin-openapi admits them (the schemas do not forbid additional
// properties, so that a field added later breaks no client), so this is
// how the test sees a payload grow past its schema.
func undeclared(s *openapi3.Schema, v any, where string) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		props := map[string]*openapi3.Schema{}
		for _, part := range append([]*openapi3.SchemaRef{{Value: s}}, s.AllOf...) {
			for k, p := range part.Value.Properties {
				props[k] = p.Value
			}
		}
		for k, x := range v {
			p, ok := props[k]
			if !ok {
				out = append(out, where+"."+k)
				continue
			}
			out = append(out, undeclared(p, x, where+"."+k)...)
		}
	case []any:
		if s.Items != nil {
			for i, x := range v {
				out = append(out, undeclared(s.Items.Value, x, fmt.Sprintf("%s[%d]", where, i))...)
			}
		}
	}
	return out
}

// withoutAdded drops from got the data fields the example lacks that the
// schema does not require: /v1 changes by addition, and an example
// published before a resource gained an optional field stays as it was
// (openapi.yaml's lines are never changed). A required field, and any
// other field, must still be in the example.
func withoutAdded(variant *openapi3.Schema, example, got []string) []string {
	has := map[string]bool{}
	for _, k := range example {
		has[k] = true
	}
	var required []string
	if d := variant.Properties["data"]; d != nil && d.Value != nil {
		required = d.Value.Required
	}
	var out []string
	for _, k := range got {
		field, isData := strings.CutPrefix(k, "data.")
		if !has[k] && isData && !slices.Contains(required, field) {
			continue
		}
		out = append(out, k)
	}
	return out
}

// keysOf lists the fields of a body and of its data, so that two bodies
// of one shape compare equal whatever their values. Nested objects are
// left out: a transfer or an outcome is null in one event and not in
// another of the same type, and undeclared checks their fields.
func keysOf(body any) []string {
	var out []string
	m, _ := body.(map[string]any)
	for k := range m {
		out = append(out, k)
	}
	data, _ := m["data"].(map[string]any)
	for k := range data {
		out = append(out, "data."+k)
	}
	sort.Strings(out)
	return out
}
