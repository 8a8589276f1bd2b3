package server_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// clock is a settable clock for the server.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// An expired token answers 401 at once; a revoked one within the auth
// cache's lifetime, which is under five seconds; the clock is the server's.
func TestTokenExpiryAndRevocation(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		clk := &clock{t: time.Now()}
		tb := setup(t, open, setupOpts{now: clk.now})
		require.Less(t, server.DefaultAuthCacheTTL, 5*time.Second)
		ctx := context.Background()
		expiring, _, err := tb.db.CreateExpiringToken(ctx, tb.wsA, "temp", sb.RoleAgent, clk.now().Add(time.Hour))
		require.NoError(t, err)
		require.Equal(t, 200, tb.do("GET", "/v1/contacts", expiring, nil).status)
		clk.add(59 * time.Minute)
		require.Equal(t, 200, tb.do("GET", "/v1/contacts", expiring, nil).status, "still valid, even from the cache")
		clk.add(time.Minute)
		requireError(t, tb.do("GET", "/v1/contacts", expiring, nil), 401, "unauthorized")

		require.Equal(t, 200, tb.do("GET", "/v1/contacts", tb.tokA2, nil).status) // now cached
		_, err = tb.db.RevokeToken(ctx, tb.tokA2)
		require.NoError(t, err)
		clk.add(server.DefaultAuthCacheTTL)
		requireError(t, tb.do("GET", "/v1/contacts", tb.tokA2, nil), 401, "unauthorized")
		require.Equal(t, 200, tb.do("GET", "/v1/contacts", tb.tokA, nil).status, "other tokens are unaffected")

		// The use was recorded, without a write per request.
		toks, err := tb.db.ListTokens(ctx, tb.wsA)
		require.NoError(t, err)
		for _, tok := range toks {
			if tok.Identity == "ada" {
				require.NotNil(t, tok.LastUsedAt)
			}
		}
	})
}
