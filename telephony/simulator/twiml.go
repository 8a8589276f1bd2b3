package simulator

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// node is one TwiML element, kept generic: the service's TwiML comes from
// twilio-go's twiml package, whose attribute order changes from run to run,
// so it is read as XML, never matched as text.
type node struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []node     `xml:",any"`
}

func (n node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// flag reads a TwiML boolean attribute; Twilio accepts "true"/"false".
func (n node) flag(name string, def bool) bool {
	switch strings.ToLower(n.attr(name)) {
	case "true":
		return true
	case "false":
		return false
	}
	return def
}

func parseTwiML(b []byte) ([]node, error) {
	var root node
	if err := xml.NewDecoder(bytes.NewReader(b)).Decode(&root); err != nil {
		return nil, fmt.Errorf("parse TwiML (Twilio error 12100): %w", err)
	}
	if root.XMLName.Local != "Response" {
		return nil, fmt.Errorf("TwiML root is <%s>, not <Response> (Twilio error 12100)", root.XMLName.Local)
	}
	return root.Children, nil
}

// runTwiML fetches the call's TwiML (or runs the inline document) and acts on
// it, following <Redirect>. It returns when the document is done, the call
// hung up, or the TwiML could not be had; the caller ends the call.
func (s *Simulator) runTwiML(c *call, docURL, m, inline string) {
	for hops := 0; hops < 10; hops++ {
		var body []byte
		if inline != "" {
			body, inline = []byte(inline), ""
		} else {
			s.mu.Lock()
			params := s.callParamsLocked(c)
			s.mu.Unlock()
			var err error
			if body, err = s.webhook(c, "twiml", m, docURL, params); err != nil {
				// Twilio says "an application error has occurred" and hangs up (11200).
				s.log.Warn("fetching TwiML failed; hanging up", "call_sid", c.sid, "url", docURL, "err", err)
				return
			}
		}
		verbs, err := parseTwiML(body)
		if err != nil {
			s.noteWebhookError(c, err)
			s.log.Warn("bad TwiML; hanging up", "call_sid", c.sid, "url", docURL, "err", err)
			return
		}
		next, nextMethod, done := s.execute(c, verbs)
		if done {
			t := s.takeRedirect(c)
			if t == nil {
				return
			}
			docURL, m, inline = t.url, t.method, t.twiml
			continue
		}
		ref, err := url.Parse(next)
		base, berr := url.Parse(docURL)
		if err != nil || berr != nil {
			s.log.Warn("bad Redirect URL", "call_sid", c.sid, "url", next)
			return
		}
		docURL, m = base.ResolveReference(ref).String(), nextMethod
	}
	s.log.Warn("too many Redirects; hanging up", "call_sid", c.sid)
}

// execute runs verbs in order. It returns a Redirect target, or done when
// the document ended or the call hung up.
func (s *Simulator) execute(c *call, verbs []node) (next, nextMethod string, done bool) {
	for _, v := range verbs {
		switch v.XMLName.Local {
		case "Hangup", "Reject":
			s.log.Info("TwiML hangs up", "call_sid", c.sid, "verb", v.XMLName.Local)
			return "", "", true
		case "Say":
			s.answer(c)
			s.log.Info("TwiML says", "call_sid", c.sid, "text", strings.TrimSpace(v.Text))
		case "Play":
			s.answer(c) // no audio to play; the verb takes no time here
			s.mu.Lock()
			c.played = append(c.played, strings.TrimSpace(v.Text))
			s.mu.Unlock()
			s.log.Info("TwiML plays", "call_sid", c.sid, "url", strings.TrimSpace(v.Text))
		case "Pause":
			s.answer(c) // the verb takes no time here
		case "Redirect":
			m := strings.ToUpper(v.attr("method"))
			if m != http.MethodGet {
				m = http.MethodPost
			}
			return strings.TrimSpace(v.Text), m, false
		case "Dial":
			s.answer(c)
			if hungUp := s.dial1(c, v); hungUp {
				return "", "", true
			}
		default:
			s.log.Info("TwiML verb not simulated; skipped", "call_sid", c.sid, "verb", v.XMLName.Local)
		}
	}
	return "", "", true
}

// dial1 runs one <Dial>; only <Conference> is simulated. It reports whether
// the call hung up while in it.
func (s *Simulator) dial1(c *call, dial node) bool {
	for _, noun := range dial.Children {
		if noun.XMLName.Local != "Conference" {
			s.log.Info("Dial noun not simulated; skipped", "call_sid", c.sid, "noun", noun.XMLName.Local)
			continue
		}
		label := noun.attr("participantLabel")
		if label == "" {
			label = noun.attr("label") // the seed's spelling; Twilio only warns (12200)
		}
		spec := joinSpec{
			name:  strings.TrimSpace(noun.Text),
			label: label,
			start: noun.flag("startConferenceOnEnter", true),
			end:   noun.flag("endConferenceOnExit", false),
			muted: noun.flag("muted", false),
		}
		if spec.name == "" {
			s.log.Warn("<Conference> without a name; skipped", "call_sid", c.sid)
			continue
		}
		return s.dialConference(c, spec)
	}
	return false
}

// twimlTarget is new TwiML for a live call: a document to fetch (url,
// method) or one given inline (twiml).
type twimlTarget struct {
	url, method, twiml string
}

// takeRedirect returns the TwiML a Calls update gave the call while its
// document ran (kept by dialConference, or still waiting), or nil.
func (s *Simulator) takeRedirect(c *call) *twimlTarget {
	if t := c.next; t != nil {
		c.next = nil
		return t
	}
	select {
	case t := <-c.redirect:
		return &t
	default:
		return nil
	}
}

var errWebhookStatus = errors.New("webhook answered a non-2xx status")

// noteWebhookError marks the call's last TwiML request as failed: its answer was
// no usable TwiML (Twilio error 12100).
func (s *Simulator) noteWebhookError(c *call, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(c.webhooks) - 1; i >= 0; i-- {
		if c.webhooks[i].Kind == "twiml" {
			c.webhooks[i].Error = err.Error()
			return
		}
	}
}
