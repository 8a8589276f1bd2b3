package csvimport

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"

	sb "github.com/switchboard-oss/switchboard"
)

// pending is a contact waiting in the current batch, with the count of later
// rows of the file merged into it.
type pending struct {
	contact *sb.Contact
	merged  int
}

// batchWriter resolves duplicates within the file and writes full batches,
// up to opts.Writers of them at once. It is driven by one goroutine, in file
// order; the writes run on the errgroup.
type batchWriter struct {
	w     Writer
	opts  Options
	batch []*pending
	// seen holds every phone met so far in the file; the value is the
	// pending entry while it is in the unsent batch, nil after.
	seen map[string]*pending
	// sentIn is the batch a phone was last sent in. With onDuplicate=update
	// a later row of the file may update a contact an earlier batch
	// inserts: its batch waits for that one, so the file's order holds
	// even with concurrent writers.
	sentIn map[string]int
	done   []chan struct{} // closed when batch i is written
	g      *errgroup.Group
	ctx    context.Context

	mu  sync.Mutex // guards res
	res *Result
}

func newBatchWriter(ctx context.Context, w Writer, opts Options, res *Result) *batchWriter {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(opts.Writers)
	return &batchWriter{
		w: w, opts: opts, res: res, g: g, ctx: gctx,
		seen: map[string]*pending{}, sentIn: map[string]int{},
	}
}

func (b *batchWriter) add(c *chunk) error {
	if err := b.ctx.Err(); err != nil {
		return b.wait() // a write failed: report its error, not the cancellation
	}
	b.mu.Lock()
	for _, e := range c.errs {
		b.res.Failed++
		if len(b.res.Errors) < b.opts.MaxErrors {
			b.res.Errors = append(b.res.Errors, e)
		}
	}
	b.mu.Unlock()
	for _, ct := range c.contacts {
		if ct == nil {
			continue
		}
		if ct.Phone != "" {
			if p, dup := b.seen[ct.Phone]; dup {
				switch {
				case !b.opts.Update:
					b.mu.Lock()
					b.res.Skipped++
					b.mu.Unlock()
					continue
				case p != nil:
					// Still unsent: the later row wins, in place, so a
					// batch never holds one phone twice.
					p.contact.MergeFrom(ct)
					p.merged++
					continue
				}
				// Sent in an earlier batch: send it again; the store
				// updates it once that batch is written.
			}
		}
		p := &pending{contact: ct}
		if ct.Phone != "" {
			b.seen[ct.Phone] = p
		}
		b.batch = append(b.batch, p)
		if len(b.batch) >= b.opts.BatchSize {
			b.flush()
		}
	}
	return nil
}

// flush hands the current batch to a writer and starts a new one.
func (b *batchWriter) flush() {
	if len(b.batch) == 0 {
		return
	}
	batch := b.batch
	b.batch = nil
	seq := len(b.done)
	done := make(chan struct{})
	b.done = append(b.done, done)
	var after []chan struct{}
	for _, p := range batch {
		if ph := p.contact.Phone; ph != "" {
			if prev, ok := b.sentIn[ph]; ok {
				after = append(after, b.done[prev])
			}
			b.sentIn[ph] = seq
			b.seen[ph] = nil
		}
	}
	b.g.Go(func() error {
		defer close(done)
		for _, d := range after {
			select {
			case <-d:
			case <-b.ctx.Done():
				return b.ctx.Err()
			}
		}
		return b.write(batch)
	})
}

func (b *batchWriter) write(batch []*pending) error {
	contacts := make([]*sb.Contact, len(batch))
	for i, p := range batch {
		contacts[i] = p.contact
	}
	outcomes, err := b.w.ImportContacts(b.ctx, b.opts.WorkspaceID, contacts, b.opts.Update)
	if err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, p := range batch {
		switch outcomes[i] {
		case sb.ImportInserted:
			b.res.Imported++
		case sb.ImportUpdated:
			b.res.Updated++
		case sb.ImportSkipped:
			b.res.Skipped++
		}
		b.res.Updated += p.merged
	}
	return nil
}

// finish writes what is left and waits for every write.
func (b *batchWriter) finish() error {
	b.flush()
	return b.wait()
}

func (b *batchWriter) wait() error { return b.g.Wait() }
