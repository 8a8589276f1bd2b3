package telephony

import (
	"encoding/xml"
	"reflect"
	"strings"
	"testing"
)

// node is a parsed XML element with its attributes in a map, so documents
// compare equal whatever order twilio-go wrote the attributes in.
type node struct {
	Name  string
	Attrs map[string]string
	Text  string
	Kids  []node
}

func (n *node) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	n.Name = start.Name.Local
	for _, a := range start.Attr {
		if n.Attrs == nil {
			n.Attrs = map[string]string{}
		}
		n.Attrs[a.Name.Local] = a.Value
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			var kid node
			if err := kid.UnmarshalXML(d, tok); err != nil {
				return err
			}
			n.Kids = append(n.Kids, kid)
		case xml.CharData:
			n.Text += strings.TrimSpace(string(tok))
		case xml.EndElement:
			return nil
		}
	}
}

func parseTwiML(t *testing.T, doc string, err error) node {
	t.Helper()
	if err != nil {
		t.Fatalf("building TwiML: %v", err)
	}
	var n node
	if err := xml.Unmarshal([]byte(doc), &n); err != nil {
		t.Fatalf("parsing %s: %v", doc, err)
	}
	return n
}

func el(name string, attrs map[string]string, text string, kids ...node) node {
	return node{Name: name, Attrs: attrs, Text: text, Kids: kids}
}

func TestTwiML(t *testing.T) {
	t.Parallel()
	const name = "sb-0123abcd"
	tests := []struct {
		name string
		doc  func() (string, error)
		want node
	}{
		{"agent conference", func() (string, error) { return AgentConference(name) },
			el("Response", nil, "", el("Dial", nil, "", el("Conference", map[string]string{
				"startConferenceOnEnter": "true", "endConferenceOnExit": "false", "participantLabel": "agent",
			}, name)))},
		{"customer conference", func() (string, error) { return CustomerConference(name) },
			el("Response", nil, "", el("Dial", nil, "", el("Conference", map[string]string{
				"endConferenceOnExit": "true", "participantLabel": "customer", "label": "customer",
			}, name)))},
		{"refuse", func() (string, error) { return Refuse("This number is on the do-not-call list.") },
			el("Response", nil, "", el("Say", nil, "This number is on the do-not-call list."), el("Hangup", nil, ""))},
		{"refuse escapes", func() (string, error) { return Refuse(`<Dial>+1 & "x"</Dial>`) },
			el("Response", nil, "", el("Say", nil, `<Dial>+1 & "x"</Dial>`), el("Hangup", nil, ""))},
		{"hangup", Hangup, el("Response", nil, "", el("Hangup", nil, ""))},
		{"hold music", func() (string, error) { return HoldMusic("https://cdn.example.com/hold.mp3") },
			el("Response", nil, "", el("Play", map[string]string{"loop": "0"}, "https://cdn.example.com/hold.mp3"))},
		{"hold message", func() (string, error) { return HoldMusic("") },
			el("Response", nil, "", el("Say", map[string]string{"loop": "0"}, HoldMessage))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc, err := tt.doc()
			if !strings.HasPrefix(doc, `<?xml version="1.0" encoding="UTF-8"?>`) {
				t.Errorf("no XML declaration: %s", doc)
			}
			if got := parseTwiML(t, doc, err); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v\ndoc %s", got, tt.want, doc)
			}
		})
	}
}
