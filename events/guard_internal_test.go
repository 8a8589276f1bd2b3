package events

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// registry is IANA's IPv4 and IPv6 special-purpose registries (and the
// multicast and reserved blocks), written out here on their own so that a
// range dropped from SpecialPurpose fails this test.
var registry = []string{
	"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
	"192.0.0.0/24", "192.0.0.0/29", "192.0.0.8/32", "192.0.0.9/32", "192.0.0.10/32", "192.0.0.170/31",
	"192.0.0.171/32", "192.0.2.0/24", "192.31.196.0/24", "192.52.193.0/24", "192.88.99.0/24",
	"192.168.0.0/16", "192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
	"224.0.0.0/4", "240.0.0.0/4", "255.255.255.255/32",
	"::/128", "::1/128", "::/96", "::ffff:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64",
	"2001::/23", "2001::/32", "2001:1::1/128", "2001:1::2/128", "2001:1::3/128", "2001:2::/48",
	"2001:3::/32", "2001:4:112::/48", "2001:10::/28", "2001:20::/28", "2001:30::/28", "2001:db8::/32",
	"2002::/16", "2620:4f:8000::/48", "3fff::/20", "5f00::/16", "fc00::/7", "fe80::/10", "ff00::/8",
}

// inside returns the first and last addresses of p and one between.
func inside(p netip.Prefix) []netip.Addr {
	first := p.Masked().Addr()
	b := first.AsSlice()
	bits := len(b) * 8
	for i := p.Bits(); i < bits; i++ {
		b[i/8] |= 1 << (7 - i%8)
	}
	last, _ := netip.AddrFromSlice(b)
	mid := first
	if p.Bits() < bits {
		mid = first.Next()
	}
	return []netip.Addr{first, mid, last}
}

// guarded is the production client with control in place of guard.
func guarded(control func(string, string, syscall.RawConn) error) *http.Client {
	return newHTTPClient(2*time.Second, control)
}

// TestSpecialPurposeRefused: every address of every special-purpose range
// (its first, its last, one between) is refused by Public and by the
// dialer itself, before a packet leaves, IPv4 and IPv6; the history says
// "delivery failed: address not allowed", never the address.
func TestSpecialPurposeRefused(t *testing.T) {
	t.Parallel()
	client := guarded(guard)
	for _, r := range registry {
		for _, ip := range inside(netip.MustParsePrefix(r)) {
			require.False(t, Public(ip), "%s in %s", ip, r)
			if ip.Is4In6() {
				continue // the dialer connects to the IPv4 address: judged as such
			}
			u := "http://" + netip.AddrPortFrom(ip, 80).String() + "/hooks"
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
			require.NoError(t, err)
			_, err = client.Do(req)
			cancel()
			require.ErrorIs(t, err, errPrivate, "%s in %s", ip, r)
			shown := tenantError(err)
			require.Equal(t, failNotAllowed, shown)
			require.NotContains(t, shown, ip.String())
		}
	}
	// Neighbours of the ranges the old guard missed are public.
	for _, a := range []string{"192.0.1.255", "192.0.3.0", "198.51.99.255", "198.51.101.0", "203.0.112.255",
		"203.0.114.0", "64:ff9b::1:0:0", "2003::1", "2001:200::1", "1.1.1.1", "2606:4700:4700::1111"} {
		require.True(t, Public(netip.MustParseAddr(a)), a)
	}
}

// TestGuardAfterDNS: a name is judged by what it resolves to, on every
// attempt: "localhost" is refused as loopback; a name that does not
// resolve says "DNS lookup failed" and never the resolver's address.
func TestGuardAfterDNS(t *testing.T) {
	t.Parallel()
	client := guarded(guard)
	for host, want := range map[string]string{"localhost": failNotAllowed, "nowhere.invalid": failDNS} {
		for range 2 {
			_, err := client.Post("http://"+host+":9/hooks", "application/json", nil)
			require.Error(t, err)
			require.Equal(t, want, tenantError(err), host)
			var dnsErr *net.DNSError
			if errors.As(err, &dnsErr) && dnsErr.Server != "" {
				require.NotContains(t, tenantError(err), dnsErr.Server)
			}
		}
	}
}

// TestRedirectNotFollowed: a receiver that redirects, here to a loopback
// address, gets a failed attempt naming its status; the redirect's target
// is never connected to (and would meet the guard if it were).
func TestRedirectNotFollowed(t *testing.T) {
	t.Parallel()
	var reached atomic.Int32
	inner := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { reached.Add(1) }))
	defer inner.Close()
	outer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, inner.URL+"/internal", http.StatusTemporaryRedirect)
	}))
	defer outer.Close()
	// The guard, but for the redirecting receiver (tests have no public
	// address to listen on).
	allowed := strings.TrimPrefix(outer.URL, "http://")
	client := guarded(func(network, address string, c syscall.RawConn) error {
		if address == allowed {
			return nil
		}
		return guard(network, address, c)
	})
	res, err := client.Post(outer.URL+"/hooks", "application/json", nil)
	require.NoError(t, err)
	_ = res.Body.Close()
	require.Equal(t, http.StatusTemporaryRedirect, res.StatusCode)
	require.Zero(t, reached.Load())
	require.Equal(t, "the receiver answered 307", shown(errStatus(res.StatusCode)))
}
