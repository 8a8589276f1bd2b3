package csvimport

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
)

// pending is a contact waiting in the current batch, with the rows it stands
// for (more than one when later duplicates were merged into it).
type pending struct {
	contact *sb.Contact
	merged  int // later rows of the file merged into this one
}

// batchWriter resolves duplicates within the file and writes full batches.
// It runs on one goroutine, in file order.
type batchWriter struct {
	w     Writer
	opts  Options
	res   *Result
	batch []*pending
	// seen holds every phone met so far in the file; the value is the
	// pending entry while it is in the unwritten batch, nil after.
	seen map[string]*pending
}

func (b *batchWriter) add(ctx context.Context, c *chunk) error {
	for _, e := range c.errs {
		b.res.Failed++
		if len(b.res.Errors) < b.opts.MaxErrors {
			b.res.Errors = append(b.res.Errors, e)
		}
	}
	for _, ct := range c.contacts {
		if ct == nil {
			continue
		}
		if ct.Phone != "" {
			if p, dup := b.seen[ct.Phone]; dup {
				switch {
				case !b.opts.Update:
					b.res.Skipped++
					continue
				case p != nil:
					// Still unwritten: the later row wins, in place, so
					// the batch never holds one phone twice.
					merge(p.contact, ct)
					p.merged++
					continue
				}
				// Written in an earlier batch: send it again, the store
				// updates it.
			}
		}
		p := &pending{contact: ct}
		if ct.Phone != "" {
			b.seen[ct.Phone] = p
		}
		b.batch = append(b.batch, p)
		if len(b.batch) >= b.opts.BatchSize {
			if err := b.flush(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *batchWriter) flush(ctx context.Context) error {
	if len(b.batch) == 0 {
		return nil
	}
	contacts := make([]*sb.Contact, len(b.batch))
	for i, p := range b.batch {
		contacts[i] = p.contact
	}
	outcomes, err := b.w.ImportContacts(ctx, b.opts.WorkspaceID, contacts, b.opts.Update)
	if err != nil {
		return err
	}
	for i, p := range b.batch {
		switch outcomes[i] {
		case sb.ImportInserted:
			b.res.Imported++
		case sb.ImportUpdated:
			b.res.Updated++
		case sb.ImportSkipped:
			b.res.Skipped++
		}
		b.res.Updated += p.merged
		if p.contact.Phone != "" {
			b.seen[p.contact.Phone] = nil
		}
	}
	b.batch = b.batch[:0]
	return nil
}

// merge applies a later row of the file over an earlier one: its non-empty
// cells replace, its empty cells leave the earlier values alone — the same
// rule the store applies to a stored duplicate.
func merge(dst, src *sb.Contact) {
	set := func(d *string, s string) {
		if s != "" {
			*d = s
		}
	}
	set(&dst.FirstName, src.FirstName)
	set(&dst.LastName, src.LastName)
	set(&dst.Email, src.Email)
	set(&dst.Company, src.Company)
	set(&dst.Notes, src.Notes)
}
