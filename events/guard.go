package events

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// errPrivate is why a delivery to a special-purpose address is refused.
var errPrivate = errors.New("refused: the address is special-purpose (loopback, private, link-local, reserved or documentation); set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow it")

// SpecialPurpose are the ranges a delivery never connects to: every entry
// of IANA's IPv4 and IPv6 Special-Purpose Address Registries
// (https://www.iana.org/assignments/iana-ipv4-special-registry,
// https://www.iana.org/assignments/iana-ipv6-special-registry), the
// globally reachable ones included (no receiver of webhooks lives on an
// anycast relay or a DNS sink), and the multicast, reserved and deprecated
// blocks around them. A receiver has a public unicast address; anything
// else is where an internal service or a trick hides. docs/webhooks.md
// lists them for operators.
var SpecialPurpose = []netip.Prefix{
	// IPv4 (RFC 6890 and its updates).
	netip.MustParsePrefix("0.0.0.0/8"),          // "this network" (RFC 791)
	netip.MustParsePrefix("10.0.0.0/8"),         // private (RFC 1918)
	netip.MustParsePrefix("100.64.0.0/10"),      // shared address space, carrier-grade NAT (RFC 6598)
	netip.MustParsePrefix("127.0.0.0/8"),        // loopback (RFC 1122)
	netip.MustParsePrefix("169.254.0.0/16"),     // link-local, cloud metadata (RFC 3927)
	netip.MustParsePrefix("172.16.0.0/12"),      // private (RFC 1918)
	netip.MustParsePrefix("192.0.0.0/24"),       // IETF protocol assignments, DS-Lite, NAT64 discovery (RFC 6890)
	netip.MustParsePrefix("192.0.2.0/24"),       // documentation, TEST-NET-1 (RFC 5737)
	netip.MustParsePrefix("192.31.196.0/24"),    // AS112-v4 (RFC 7535)
	netip.MustParsePrefix("192.52.193.0/24"),    // AMT (RFC 7450)
	netip.MustParsePrefix("192.88.99.0/24"),     // deprecated 6to4 relay anycast (RFC 7526)
	netip.MustParsePrefix("192.168.0.0/16"),     // private (RFC 1918)
	netip.MustParsePrefix("192.175.48.0/24"),    // direct delegation AS112 (RFC 7534)
	netip.MustParsePrefix("198.18.0.0/15"),      // benchmarking (RFC 2544)
	netip.MustParsePrefix("198.51.100.0/24"),    // documentation, TEST-NET-2 (RFC 5737)
	netip.MustParsePrefix("203.0.113.0/24"),     // documentation, TEST-NET-3 (RFC 5737)
	netip.MustParsePrefix("224.0.0.0/4"),        // multicast (RFC 5771)
	netip.MustParsePrefix("240.0.0.0/4"),        // reserved (RFC 1112)
	netip.MustParsePrefix("255.255.255.255/32"), // limited broadcast (RFC 919)

	// IPv6 (RFC 6890 and its updates).
	netip.MustParsePrefix("::/96"),             // unspecified, loopback, deprecated IPv4-compatible (RFC 4291)
	netip.MustParsePrefix("::ffff:0:0/96"),     // IPv4-mapped (RFC 4291): the dialer connects to the IPv4 address, judged above
	netip.MustParsePrefix("::ffff:0:0:0/96"),   // IPv4-translated, SIIT (RFC 2765)
	netip.MustParsePrefix("64:ff9b::/96"),      // NAT64 well-known prefix: reaches IPv4 through a translator (RFC 6052)
	netip.MustParsePrefix("64:ff9b:1::/48"),    // local-use NAT64 (RFC 8215)
	netip.MustParsePrefix("100::/64"),          // discard-only (RFC 6666)
	netip.MustParsePrefix("2001::/23"),         // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112 (RFC 2928)
	netip.MustParsePrefix("2001:db8::/32"),     // documentation (RFC 3849)
	netip.MustParsePrefix("2002::/16"),         // 6to4: reaches IPv4 through a relay (RFC 3056)
	netip.MustParsePrefix("2620:4f:8000::/48"), // direct delegation AS112 (RFC 7534)
	netip.MustParsePrefix("3fff::/20"),         // documentation (RFC 9637)
	netip.MustParsePrefix("5f00::/16"),         // segment routing SIDs (RFC 9602)
	netip.MustParsePrefix("fc00::/7"),          // unique local (RFC 4193)
	netip.MustParsePrefix("fe80::/10"),         // link-local (RFC 4291)
	netip.MustParsePrefix("fec0::/10"),         // deprecated site-local (RFC 3879)
	netip.MustParsePrefix("ff00::/8"),          // multicast (RFC 4291)
}

// Public reports whether a delivery may connect to ip: a valid unicast
// address in none of SpecialPurpose.
func Public(ip netip.Addr) bool {
	if !ip.IsValid() || ip.Zone() != "" {
		return false
	}
	for _, p := range SpecialPurpose {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// guard is the dialer's Control: it runs for every address the dialer
// tries, after DNS resolution, so a name that resolves to a special-purpose
// address (or changes to one later) is refused on every attempt, before a
// packet is sent.
func guard(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return fmt.Errorf("dialing %s: %w", address, err)
	}
	if !Public(ip) {
		return fmt.Errorf("%s: %w", ip, errPrivate)
	}
	return nil
}

// newHTTPClient is the client deliveries are made with: no proxy (the
// address checked must be the one connected to), redirects not followed
// (a redirect is a failed attempt: following it would send the event
// where the endpoint's owner did not register it; and were it followed,
// its connection would pass the guard again), and the whole attempt
// bounded by timeout. control, when set, is the dialer's check.
func newHTTPClient(timeout time.Duration, control func(network, address string, c syscall.RawConn) error) *http.Client {
	d := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second, Control: control}
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			Proxy:                 nil,
			DialContext:           d.DialContext,
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          100,
			MaxIdleConnsPerHost:   4,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   timeout,
			ResponseHeaderTimeout: timeout,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// What the delivery history says of a failed connection. The tenant reads
// it, so it names the kind of failure and never an address: not the one
// refused (it may be the network's own), not the resolver's.
const (
	failNotAllowed = "delivery failed: address not allowed"
	failDNS        = "DNS lookup failed"
)

// tenantError is err, an attempt's failure to connect or to read an
// answer, in words a tenant may read: the kind of failure without the
// addresses Go's errors carry. The full error goes to the operator's log.
func tenantError(err error) string {
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var invalid x509.CertificateInvalidError
	var recordErr tls.RecordHeaderError
	var alert tls.AlertError
	switch {
	case errors.Is(err, errPrivate):
		return failNotAllowed
	case errors.As(err, &dnsErr):
		return failDNS
	case errors.As(err, &certErr), errors.As(err, &unknownAuth), errors.As(err, &hostErr), errors.As(err, &invalid):
		return "delivery failed: the receiver's TLS certificate is not valid for its name"
	case errors.As(err, &recordErr), errors.As(err, &alert):
		return "delivery failed: TLS handshake failed"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "delivery failed: connection refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "delivery failed: connection reset"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "delivery failed: address unreachable"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "delivery failed: the connection closed before an answer"
	}
	return "delivery failed: connection failed"
}
