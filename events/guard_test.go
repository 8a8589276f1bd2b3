package events_test

import (
	"net/netip"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/events"
)

// TestPublic: the addresses a delivery may connect to, and the ones it may
// not (guard_internal_test.go has every special-purpose range). An
// IPv4-mapped form is refused as such: the dialer never presents one, it
// connects to the IPv4 address, which is judged on its own.
func TestPublic(t *testing.T) {
	t.Parallel()
	for addr, public := range map[string]bool{
		"93.184.215.14": true, "2606:2800:21f:cb07:6820:80da:af6b:8b2c": true, "8.8.8.8": true,
		"127.0.0.1": false, "127.8.9.10": false, "::1": false, "0.0.0.0": false, "::": false,
		"10.1.2.3": false, "172.16.0.1": false, "172.31.255.255": false, "192.168.1.1": false,
		"169.254.169.254": false, "fe80::1": false, "fc00::1": false, "fd12:3456::1": false,
		"100.64.0.1": false, "198.18.0.1": false, "240.0.0.1": false, "255.255.255.255": false,
		"224.0.0.1": false, "ff02::1": false, "::ffff:127.0.0.1": false, "::ffff:10.0.0.1": false,
		"::ffff:8.8.8.8": false, "2001:db8::1": false, "172.32.0.1": true,
		"192.0.2.1": false, "198.51.100.7": false, "203.0.113.9": false, "64:ff9b::c000:201": false,
		"2002:c000:201::1": false, "::c000:201": false, "fe80::1%eth0": false,
	} {
		require.Equal(t, public, events.Public(netip.MustParseAddr(addr)), addr)
	}
}

// TestSign: one signature per secret, newest first, each verifiable on
// its own by the Standard Webhooks library.
func TestSign(t *testing.T) {
	t.Parallel()
	const fresh, old = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc=", "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD"
	body := []byte(`{"type":"contact.created","timestamp":"2026-01-14T23:00:00Z","data":{}}`)
	at := time.Now()
	sig, err := events.Sign([]string{fresh, old}, "msg_1", at, body)
	require.NoError(t, err)
	for _, s := range []string{fresh, old} {
		wh, err := standardwebhooks.NewWebhook(s)
		require.NoError(t, err)
		one, err := wh.Sign("msg_1", at, body)
		require.NoError(t, err)
		require.Contains(t, sig, one)
	}
	single, err := events.Sign([]string{fresh}, "msg_1", at, body)
	require.NoError(t, err)
	require.Equal(t, single+" ", sig[:len(single)+1], "the new secret's signature comes first")
	_, err = events.Sign([]string{"whsec_!!!"}, "msg_1", at, body)
	require.Error(t, err)
}
