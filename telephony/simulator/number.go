package simulator

import (
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"time"

	"crypto/rand"
)

// phoneNumber is an incoming phone number (PN…) or a verified outgoing caller
// ID of the account.
type phoneNumber struct {
	sid, number, friendlyName string
	created                   time.Time
}

func (n *phoneNumber) name() string {
	if n.friendlyName != "" {
		return n.friendlyName
	}
	return n.number
}

// AddIncomingNumber gives the account another phone number (E.164), as
// buying one at Twilio does: calls may then come From it.
func (s *Simulator) AddIncomingNumber(number string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range s.numbers {
		if n.number == number {
			return
		}
	}
	s.numbers = append(s.numbers, &phoneNumber{sid: newSid("PN"), number: number, created: time.Now().UTC()})
}

func (s *Simulator) listIncomingNumbers(w http.ResponseWriter, r *http.Request) {
	filter := r.Form.Get("PhoneNumber")
	s.mu.Lock()
	items := []map[string]any{}
	for _, n := range s.numbers {
		if filter != "" && n.number != filter {
			continue
		}
		items = append(items, map[string]any{
			"sid":           n.sid,
			"account_sid":   s.cfg.AccountSid,
			"api_version":   APIVersion,
			"phone_number":  n.number,
			"friendly_name": n.name(),
			"date_created":  twilioTime(n.created),
			"date_updated":  twilioTime(n.created),
			"capabilities":  map[string]bool{"voice": true, "sms": true, "mms": false, "fax": false},
			"status":        "in-use",
			"origin":        "twilio",
			"voice_method":  "POST",
			"uri":           s.accountURI("/IncomingPhoneNumbers/" + n.sid + ".json"),
		})
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, page(r, "incoming_phone_numbers", items, len(items)))
}

func (s *Simulator) listCallerIDs(w http.ResponseWriter, r *http.Request) {
	filter := r.Form.Get("PhoneNumber")
	s.mu.Lock()
	items := []map[string]any{}
	for _, n := range s.callerIDs {
		if filter != "" && n.number != filter {
			continue
		}
		items = append(items, map[string]any{
			"sid":           n.sid,
			"account_sid":   s.cfg.AccountSid,
			"phone_number":  n.number,
			"friendly_name": n.name(),
			"date_created":  twilioTime(n.created),
			"date_updated":  twilioTime(n.created),
			"uri":           s.accountURI("/OutgoingCallerIds/" + n.sid + ".json"),
		})
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, page(r, "outgoing_caller_ids", items, len(items)))
}

// createValidationRequest is POST OutgoingCallerIds.json. Twilio then calls
// the number and the owner keys in the code; here the owner does so after
// ValidationDelay, the number becomes a verified caller ID, and the
// StatusCallback (if any) hears VerificationStatus=success.
func (s *Simulator) createValidationRequest(w http.ResponseWriter, r *http.Request) {
	number, friendly := r.Form.Get("PhoneNumber"), r.Form.Get("FriendlyName")
	cb := r.Form.Get("StatusCallback")
	switch {
	case number == "":
		fail(w, http.StatusBadRequest, 21201, "A 'PhoneNumber' is required")
		return
	case !e164Pattern.MatchString(number):
		fail(w, http.StatusBadRequest, 21211, "Invalid 'PhoneNumber': %s", number)
		return
	case cb != "" && !absoluteURL(cb):
		fail(w, http.StatusBadRequest, 21609, "Invalid StatusCallback URL: %s", cb)
		return
	}
	cbMethod, ok := method(w, r, "StatusCallbackMethod", http.MethodPost)
	if !ok {
		return
	}

	s.mu.Lock()
	for _, n := range s.callerIDs {
		if n.number == number {
			s.mu.Unlock()
			fail(w, http.StatusBadRequest, 21450, "Phone number %s is already verified", number)
			return
		}
	}
	code := s.validations[number]
	if code == "" {
		code = sixDigits()
		s.validations[number] = code
	}
	callSid := newSid("CA")
	s.mu.Unlock()

	s.log.Info("caller ID validation requested", "phone_number", number, "validation_code", code)
	s.spawn(func() {
		if !s.sleep(s.timing.ValidationDelay) {
			return
		}
		s.mu.Lock()
		if s.validations[number] != code {
			s.mu.Unlock()
			return
		}
		delete(s.validations, number)
		n := &phoneNumber{sid: newSid("PN"), number: number, friendlyName: friendly, created: time.Now().UTC()}
		s.callerIDs = append(s.callerIDs, n)
		s.mu.Unlock()
		s.log.Info("caller ID verified", "phone_number", number, "sid", n.sid)
		if cb != "" {
			v := url.Values{}
			v.Set("AccountSid", s.cfg.AccountSid)
			v.Set("CallSid", callSid)
			v.Set("PhoneNumber", number)
			v.Set("VerificationStatus", "success")
			v.Set("OutgoingCallerIdSid", n.sid)
			_, _ = s.webhook(nil, "validation", cbMethod, cb, v)
		}
	})

	var fn any
	if friendly != "" {
		fn = friendly
	}
	// 200, not 201: a validation request is not a resource of its own, and
	// Twilio (and its published description) answers 200 OK.
	writeJSON(w, http.StatusOK, map[string]any{
		"account_sid":     s.cfg.AccountSid,
		"call_sid":        callSid,
		"friendly_name":   fn,
		"phone_number":    number,
		"validation_code": code,
	})
}

func sixDigits() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "123456"
	}
	return fmt.Sprintf("%06d", n.Int64())
}
