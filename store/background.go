package store

import (
	"context"
	"sync"
)

// background is work of the store's that outlives the request that
// started it (the search index's merge after an import, a workspace's
// sample read again), until the store's Close stops it and waits for it.
// The zero value is ready; its owner's mutex guards start and close.
type background struct {
	// ctx ends with the store (close).
	ctx    context.Context
	cancel context.CancelFunc
	closed bool
	wg     sync.WaitGroup
}

// start runs fn in a goroutine of its own with a context that ends with
// the store, unless the store is closed (false).
func (b *background) start(fn func(ctx context.Context)) bool {
	if b.closed {
		return false
	}
	if b.ctx == nil {
		b.ctx, b.cancel = context.WithCancel(context.Background())
	}
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		fn(b.ctx)
	}()
	return true
}

// close ends the work's context, so that no more starts, and waits for
// what runs; mu is the owner's mutex, not held by the caller.
func (b *background) close(mu *sync.Mutex) {
	mu.Lock()
	b.closed = true
	if b.cancel != nil {
		b.cancel()
	}
	mu.Unlock()
	b.wait()
}

// wait waits for the work that runs.
func (b *background) wait() { b.wg.Wait() }
