package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v4"
)

// The embedded simulator sends every webhook to PUBLIC_BASE_URL and its REST
// client talks to it there too (TWILIO_API_BASE_URL defaults to it). When
// PUBLIC_BASE_URL does not reach this very process (SWITCHBOARD_ADDR changed
// and PUBLIC_BASE_URL not, or a balancer in front of several instances, each
// with a simulator of its own), every simulated call fails later with an
// error naming another host. So `serve` checks it once listening, and
// refuses to start.

// probeHeader carries this process's nonce on the start-up probe; the
// process answers "ok" in the same header only to its own nonce, so an
// answer from another server (another instance, an old process on the
// port) is told apart from its own.
const probeHeader = "X-Switchboard-Probe"

// probeAttempts is how many probes must all reach this process: behind a
// round-robin balancer of two instances, three probes miss the other one
// one time in eight.
const probeAttempts = 3

// probeTimeout bounds each probe; the process answers /healthz at once.
const probeTimeout = 3 * time.Second

// selfProbe answers and sends the start-up probe.
type selfProbe struct{ nonce string }

func newSelfProbe() *selfProbe {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return &selfProbe{nonce: hex.EncodeToString(b[:])}
}

// middleware marks the answer to this process's own probe.
func (p *selfProbe) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Header.Get(probeHeader) == p.nonce {
			c.Response().Header().Set(probeHeader, "ok")
		}
		return next(c)
	}
}

// check sends the probes to base/healthz and returns why base does not
// reach this process ("" when every probe did), or an error when ctx ended.
func (p *selfProbe) check(ctx context.Context, base string) (string, error) {
	client := &http.Client{Timeout: probeTimeout, Transport: &http.Transport{
		Proxy: http.ProxyFromEnvironment, DisableKeepAlives: true,
	}}
	for i := 0; i < probeAttempts; i++ {
		if why, err := p.probe(ctx, client, base); why != "" || err != nil {
			return why, err
		}
	}
	return "", nil
}

// errLogged ends the program with status 1 after the reason was logged:
// main prints nothing more.
var errLogged = errors.New("stopped; the reason is logged")

// refuse logs the one line that says why the simulator cannot run here,
// naming both ends and the fix.
func (m *Main) refuse(why string) error {
	m.Logger.Error("refusing to start: PUBLIC_BASE_URL does not reach this process, and the embedded simulator sends every webhook there",
		"public_base_url", m.Config.PublicBaseURL, "addr", m.Addr, "why", why,
		"fix", "set PUBLIC_BASE_URL="+suggestURL(m.Addr)+" (or the URL of a proxy in front of this process), or use one shared `switchboard sim` or a Twilio account (docs/production.md)")
	return errLogged
}

// probe returns why one probe failed to reach this process ("" when it
// did), or an error when ctx ended.
func (p *selfProbe) probe(ctx context.Context, client *http.Client, base string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/healthz", nil)
	if err != nil {
		return "", err
	}
	req.Header.Set(probeHeader, p.nonce)
	res, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err // the URL is in the sentence already
		}
		return "GET " + base + "/healthz failed: " + err.Error(), nil
	}
	res.Body.Close()
	if res.Header.Get(probeHeader) != "ok" {
		return fmt.Sprintf("GET %s/healthz was answered (%d) by another server", base, res.StatusCode), nil
	}
	return "", nil
}

// suggestURL is the URL the listener itself is reached at: its host, or
// localhost when it listens on every interface.
func suggestURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}
