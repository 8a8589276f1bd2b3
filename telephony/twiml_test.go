package telephony

import (
	"reflect"
	"strings"
	"testing"

	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

type node = telephonytest.Node

var el = telephonytest.El

func parseTwiML(t *testing.T, doc string, err error) node {
	t.Helper()
	if err != nil {
		t.Fatalf("building TwiML: %v", err)
	}
	n, err := telephonytest.ParseTwiML([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return n
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
		{"announcement", func() (string, error) { return Announcement(`This call is recorded <& "kept">.`) },
			el("Response", nil, "", el("Say", nil, `This call is recorded <& "kept">.`))},
		{"announcement off", func() (string, error) { return Announcement("") }, el("Response", nil, "")},
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
