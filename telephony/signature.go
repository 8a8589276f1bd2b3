package telephony

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/twilio/twilio-go/client"
)

// SignatureHeader carries the provider's signature of a webhook request.
const SignatureHeader = "X-Twilio-Signature"

// Validator checks the X-Twilio-Signature of provider webhooks with
// twilio-go's request validator.
//
// The URL it checks is PUBLIC_BASE_URL + the request URI, never the request's
// own scheme and host: behind a TLS-terminating proxy the service sees
// http://internal-host while Twilio signed https://public-host, and the
// signature covers the scheme. The parameters are the POST form only
// (r.PostForm, first value of each key): r.Form would add the query string's
// keys, which Twilio signs as part of the URL, not as parameters, so every
// conference-join?conference=… request would fail.
type Validator struct {
	baseURL string
	rv      client.RequestValidator
}

// NewValidator returns a Validator for webhooks signed with authToken and
// addressed to publicBaseURL (e.g. "https://switchboard.example.com"; a
// trailing slash is ignored).
func NewValidator(authToken, publicBaseURL string) *Validator {
	return &Validator{
		baseURL: strings.TrimRight(publicBaseURL, "/"),
		rv:      client.NewRequestValidator(authToken),
	}
}

// URL returns the URL the provider signed for r: the public base URL followed
// by r's path and query exactly as received.
func (v *Validator) URL(r *http.Request) string {
	return v.baseURL + r.URL.RequestURI()
}

// Validate reports whether r carries a valid signature. It parses r's form
// (so handlers after it can read r.PostForm); a request whose form cannot be
// parsed, or that has no signature, is invalid. GET requests are signed over
// the URL alone.
func (v *Validator) Validate(r *http.Request) bool {
	sig := r.Header.Get(SignatureHeader)
	if sig == "" {
		return false
	}
	if err := r.ParseForm(); err != nil {
		return false
	}
	// r.PostForm is empty for GET (ParseForm fills it for POST, PUT and
	// PATCH only), which is what Twilio signs for GET webhooks.
	params := make(map[string]string, len(r.PostForm))
	for k, vs := range r.PostForm {
		if len(vs) > 0 {
			params[k] = vs[0]
		}
	}
	return v.rv.Validate(v.URL(r), params, sig)
}

// Sign computes the X-Twilio-Signature of a request to fullURL (scheme, host,
// path and query, exactly as it will be requested) with the POST parameters
// params: base64 of HMAC-SHA1, keyed by the auth token, over the URL followed
// by each parameter's name and value in name order. Like twilio-go's
// validator, it takes the first value of a repeated name. The simulator signs
// its webhooks with it; tests use it to build signed requests.
func Sign(authToken, fullURL string, params url.Values) string {
	keys := make([]string, 0, len(params))
	for k, vs := range params {
		if len(vs) > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(fullURL)
	for _, k := range keys {
		b.WriteString(k)
		b.WriteString(params[k][0])
	}
	mac := hmac.New(sha1.New, []byte(authToken))
	mac.Write([]byte(b.String()))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}
