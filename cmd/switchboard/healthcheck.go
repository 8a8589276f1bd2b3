package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// healthcheck is `switchboard healthcheck [--ready] [--url URL]`: GET the
// running service's /healthz (or /readyz) and succeed when it answers 200.
// Container images without curl (the Dockerfile's) and service managers
// run it; by default it asks the listener SWITCHBOARD_ADDR configures, on
// loopback, so it reads the same environment as the service.
func healthcheck(ctx context.Context, getenv func(string) string, args []string, stdout, stderr io.Writer) error {
	c := lookupCommand("healthcheck")
	fs := c.flags()
	ready := fs.Bool("ready", false, "ask /readyz (database, migrations, job engine) instead of /healthz")
	base := fs.String("url", "", "the service's base URL (default: http://127.0.0.1:PORT of SWITCHBOARD_ADDR)")
	timeout := fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	if err := c.parse(fs, args, stdout, stderr); err != nil {
		return err
	}
	if *base == "" {
		cfg, err := LoadConfig(getenv)
		if err != nil {
			return err
		}
		*base = loopbackURL(cfg.Addr)
	}
	path := "/healthz"
	if *ready {
		path = "/readyz"
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *base+path, nil)
	if err != nil {
		return fmt.Errorf("--url: %w", err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 4<<10))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s%s answered %d: %s", *base, path, res.StatusCode, body)
	}
	fmt.Fprintf(stdout, "GET %s%s: %d %s", *base, path, res.StatusCode, body)
	return nil
}

// loopbackURL is the URL of a listener on addr from the same machine: its
// own host, or 127.0.0.1 when it listens on every interface.
func loopbackURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}
