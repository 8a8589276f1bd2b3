package server

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// tokenCache keeps each authenticated token for a few seconds, so that a
// busy agent costs the database one token lookup per TTL instead of one per
// request. The TTL bounds how long a revoked token keeps working on an
// instance; expiry is checked on every request against the cached
// ExpiresAt. Unknown tokens are not cached: a flood of made-up tokens must
// not grow the cache.
type tokenCache struct {
	auth sb.AuthStore
	ttl  time.Duration
	now  func() time.Time

	mu      sync.Mutex
	entries map[[sha256.Size]byte]cachedToken
	swept   time.Time
}

type cachedToken struct {
	tok     *sb.Token
	fetched time.Time
}

func newTokenCache(auth sb.AuthStore, ttl time.Duration, now func() time.Time) *tokenCache {
	return &tokenCache{auth: auth, ttl: ttl, now: now, entries: map[[sha256.Size]byte]cachedToken{}}
}

func (tc *tokenCache) authenticate(ctx context.Context, plaintext string) (*sb.Token, error) {
	if tc.ttl <= 0 {
		return tc.auth.Authenticate(ctx, plaintext)
	}
	key := sha256.Sum256([]byte(plaintext))
	t := tc.now()
	tc.mu.Lock()
	e, ok := tc.entries[key]
	tc.mu.Unlock()
	if ok && t.Sub(e.fetched) < tc.ttl && !t.Before(e.fetched) {
		return e.tok, nil
	}
	tok, err := tc.auth.Authenticate(ctx, plaintext)
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if err != nil {
		delete(tc.entries, key)
		return nil, err
	}
	tc.entries[key] = cachedToken{tok: tok, fetched: t}
	if t.Sub(tc.swept) > tc.ttl {
		for k, e := range tc.entries {
			if t.Sub(e.fetched) >= tc.ttl {
				delete(tc.entries, k)
			}
		}
		tc.swept = t
	}
	return tok, nil
}
