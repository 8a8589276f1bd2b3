package simulator

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/switchboard-oss/switchboard/telephony"
)

// WebhookLog is one request the simulator made, shown by GET /sim/calls.
type WebhookLog struct {
	At     time.Time `json:"at"`
	Kind   string    `json:"kind"` // twiml, status:<event>, recording:<status>, validation
	Method string    `json:"method"`
	URL    string    `json:"url"`
	Status int       `json:"status,omitempty"`
	Error  string    `json:"error,omitempty"`
}

// maxTwiML bounds what is read of a webhook's answer (Twilio allows 64 kB of
// TwiML).
const maxTwiML = 1 << 20

// webhook sends a signed request the way Twilio does: POST with the
// parameters form-encoded, or GET with them appended to the query; the
// X-Twilio-Signature is over the exact URL requested plus, for POST, the
// form. It returns the body of a 2xx answer. c, when not nil, gets the
// request in its log.
func (s *Simulator) webhook(c *call, kind, method, rawURL string, params url.Values) ([]byte, error) {
	entry := WebhookLog{At: time.Now().UTC(), Kind: kind, Method: method, URL: rawURL}
	body, status, err := s.send(method, rawURL, params)
	entry.Status = status
	if err != nil {
		entry.Error = err.Error()
		s.log.Warn("webhook failed", "kind", kind, "url", rawURL, "status", status, "err", err)
	}
	if c != nil {
		s.mu.Lock()
		c.webhooks = append(c.webhooks, entry)
		s.mu.Unlock()
	}
	return body, err
}

func (s *Simulator) send(method, rawURL string, params url.Values) ([]byte, int, error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.timing.WebhookTimeout)
	defer cancel()
	var req *http.Request
	var err error
	if method == http.MethodGet {
		u := rawURL
		if q := params.Encode(); q != "" {
			sep := "?"
			if strings.Contains(u, "?") {
				sep = "&"
			}
			u += sep + q
		}
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err == nil {
			req.Header.Set("X-Twilio-Signature", telephony.Sign(s.cfg.AuthToken, u, nil))
		}
	} else {
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, rawURL, strings.NewReader(params.Encode()))
		if err == nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Twilio-Signature", telephony.Sign(s.cfg.AuthToken, rawURL, params))
		}
	}
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("User-Agent", "TwilioProxy/1.1 (switchboard simulator)")
	req.Header.Set("Accept", "*/*")
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxTwiML))
	if err != nil {
		return nil, resp.StatusCode, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, resp.StatusCode, fmt.Errorf("%w: %d", errWebhookStatus, resp.StatusCode)
	}
	return body, resp.StatusCode, nil
}
