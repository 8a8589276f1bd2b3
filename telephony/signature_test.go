package telephony

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/twilio/twilio-go/client"
)

const testAuthToken = "12345678901234567890123456789012"

func TestSignAcceptedByTwilioValidator(t *testing.T) {
	t.Parallel()
	rv := client.NewRequestValidator(testAuthToken)
	tests := []struct {
		name   string
		url    string
		params url.Values
	}{
		{"no params", "https://sb.example.com/v1/voice/conference-join?conference=sb-abc123", nil},
		{"query and form", "https://sb.example.com/v1/voice/conference-join?conference=sb-abc123", url.Values{
			"CallSid": {"CA123"}, "AccountSid": {"AC123"}, "CallStatus": {"in-progress"},
		}},
		{"form only", "https://sb.example.com/v1/voice/callml", url.Values{
			"CallSid": {"CA1"}, "From": {"client:ada"}, "To": {"+14155552671"}, "workspaceId": {"ws_1"},
			"Caller": {"client:ada"}, "callerId": {"+14155550100"}, "Empty": {""},
		}},
		{"with port", "http://localhost:8080/v1/voice/status", url.Values{"CallSid": {"CA1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sig := Sign(testAuthToken, tt.url, tt.params)
			params := map[string]string{}
			for k, v := range tt.params {
				params[k] = v[0]
			}
			if !rv.Validate(tt.url, params, sig) {
				t.Fatalf("twilio-go rejects Sign's signature %q", sig)
			}
			if rv.Validate(tt.url+"x", params, sig) {
				t.Fatal("signature does not cover the URL")
			}
			if Sign("other-token", tt.url, tt.params) == sig {
				t.Fatal("signature does not depend on the auth token")
			}
		})
	}
}

// The example from Twilio's security documentation, so Sign is checked
// against the published algorithm, not only against twilio-go.
func TestSignTwilioDocExample(t *testing.T) {
	t.Parallel()
	got := Sign("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", url.Values{
		"CallSid": {"CA1234567890ABCDE"}, "Caller": {"+12349013030"}, "Digits": {"1234"},
		"From": {"+12349013030"}, "To": {"+18005551212"},
	})
	if want := "0/KCTR6DLpKmkAf8muzZqo1nDgQ="; got != want {
		t.Fatalf("Sign = %q, want %q", got, want)
	}
}

func signedRequest(method, target, baseURL string, form url.Values) *http.Request {
	var body *strings.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	} else {
		body = strings.NewReader("")
	}
	r := httptest.NewRequest(method, target, body)
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	// The service sees its internal address; Twilio signed the public one.
	r.Host = "10.0.0.7:8080"
	r.Header.Set(SignatureHeader, Sign(testAuthToken, baseURL+r.URL.RequestURI(), form))
	return r
}

func TestValidator(t *testing.T) {
	t.Parallel()
	const public = "https://sb.example.com"
	form := url.Values{"CallSid": {"CA1"}, "CallStatus": {"in-progress"}, "AccountSid": {"AC1"}}

	t.Run("post with query uses public URL and PostForm", func(t *testing.T) {
		t.Parallel()
		v := NewValidator(testAuthToken, public+"/")
		r := signedRequest(http.MethodPost, "/v1/voice/conference-join?conference=sb-abc", public, form)
		if !v.Validate(r) {
			t.Fatal("valid signature rejected")
		}
		if r.PostForm.Get("CallSid") != "CA1" {
			t.Fatal("form not parsed for the handler")
		}
	})
	t.Run("get signs the URL alone", func(t *testing.T) {
		t.Parallel()
		v := NewValidator(testAuthToken, public)
		r := signedRequest(http.MethodGet, "/v1/voice/conference-join?conference=sb-abc&CallSid=CA1", public, nil)
		if !v.Validate(r) {
			t.Fatal("valid GET signature rejected")
		}
	})
	t.Run("repeated key signs its first value", func(t *testing.T) {
		t.Parallel()
		v := NewValidator(testAuthToken, public)
		r := signedRequest(http.MethodPost, "/v1/voice/status", public, url.Values{"E": {"a", "b"}})
		if !v.Validate(r) {
			t.Fatal("rejected")
		}
	})

	rejected := map[string]func() *http.Request{
		"missing signature": func() *http.Request {
			r := signedRequest(http.MethodPost, "/v1/voice/status", public, form)
			r.Header.Del(SignatureHeader)
			return r
		},
		"signed for the request's own host": func() *http.Request {
			return signedRequest(http.MethodPost, "/v1/voice/status", "http://10.0.0.7:8080", form)
		},
		"signed for another scheme": func() *http.Request {
			return signedRequest(http.MethodPost, "/v1/voice/status", "http://sb.example.com", form)
		},
		"tampered parameter": func() *http.Request {
			r := signedRequest(http.MethodPost, "/v1/voice/status", public, form)
			tampered := url.Values{"CallSid": {"CA2"}, "CallStatus": {"in-progress"}, "AccountSid": {"AC1"}}
			r.Body = io.NopCloser(strings.NewReader(tampered.Encode()))
			return r
		},
		"tampered query": func() *http.Request {
			r := signedRequest(http.MethodPost, "/v1/voice/conference-join?conference=a", public, form)
			r.URL.RawQuery = "conference=b"
			return r
		},
		"query signed as a form parameter": func() *http.Request {
			r := signedRequest(http.MethodPost, "/v1/voice/conference-join?conference=a", public, form)
			withQuery := url.Values{"conference": {"a"}}
			for k, v := range form {
				withQuery[k] = v
			}
			r.Header.Set(SignatureHeader, Sign(testAuthToken, public+"/v1/voice/conference-join?conference=a", withQuery))
			return r
		},
		"wrong token": func() *http.Request {
			r := signedRequest(http.MethodPost, "/v1/voice/status", public, form)
			r.Header.Set(SignatureHeader, Sign("other", public+"/v1/voice/status", form))
			return r
		},
	}
	for name, build := range rejected {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if NewValidator(testAuthToken, public).Validate(build()) {
				t.Fatal("invalid signature accepted")
			}
		})
	}
}
