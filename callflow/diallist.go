package callflow

import (
	"context"
	"strings"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// Dial lists: an admin's list of contacts that agents work through. next
// leases the list's next dialable entry to the agent after the dial check
// passed it (entries the check refuses on the way are skipped for good, for
// the do-not-call list, or put back until the check's next allowed
// instant); a click-to-call naming the list dials the leased entry and
// counts the attempt; the call's end and its outcome move the entry (the
// store does, in the call's own transaction).

// DialListRequest is a new list as an admin asked for it: exactly one of
// ContactIDs (non-nil) and Search. MaxAttempts and RetryMinutes are nil
// for their defaults; CallerID "" for the workspace's default caller ID.
type DialListRequest struct {
	Name         string
	CallerID     string
	MaxAttempts  *int
	RetryMinutes *int
	ContactIDs   []string
	Search       *sb.ContactSearch
}

// maxDialListName bounds a list's name.
const maxDialListName = 100

func checkDialListName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", sb.FieldErrorf(sb.EInvalid, "name", "A dial list needs a name.")
	}
	if err := sb.CheckDisplayName("name", name, maxDialListName); err != nil {
		return "", err
	}
	return name, nil
}

// CreateDialList makes a list: a snapshot of the contacts named (in their
// order) or matched by the search now (newest first), each with the phone
// it has now. Errors: EInvalid naming the field (a bad name, bounds, both
// or neither of contactIds and search, a search matching more than
// sb.MaxDialListSearch contacts or none with a phone), ENotFound naming
// contactIds (a contact that is not the workspace's),
// ECallerIDNotAllowed.
func (s *Service) CreateDialList(ctx context.Context, workspaceID string, r DialListRequest) (*sb.DialList, error) {
	name, err := checkDialListName(r.Name)
	if err != nil {
		return nil, err
	}
	switch {
	case (r.ContactIDs == nil) == (r.Search == nil):
		return nil, sb.FieldErrorf(sb.EInvalid, "contactIds", "Give exactly one of contactIds and search.")
	case r.Search == nil && len(r.ContactIDs) == 0:
		return nil, sb.FieldErrorf(sb.EInvalid, "contactIds", "Give at least one contact.")
	case len(r.ContactIDs) > sb.MaxDialListIDs:
		return nil, sb.FieldErrorf(sb.EInvalid, "contactIds", "At most %d contacts; make a list from a search for more.", sb.MaxDialListIDs)
	}
	l := &sb.DialList{WorkspaceID: workspaceID, Name: name, MaxAttempts: sb.DefaultDialAttempts, RetryMinutes: sb.DefaultRetryMinutes}
	if r.MaxAttempts != nil {
		if l.MaxAttempts = *r.MaxAttempts; l.MaxAttempts < 1 || l.MaxAttempts > sb.MaxDialAttempts {
			return nil, sb.FieldErrorf(sb.EInvalid, "maxAttempts", "maxAttempts is 1 to %d.", sb.MaxDialAttempts)
		}
	}
	if r.RetryMinutes != nil {
		if l.RetryMinutes = *r.RetryMinutes; l.RetryMinutes < 1 || l.RetryMinutes > sb.MaxRetryMinutes {
			return nil, sb.FieldErrorf(sb.EInvalid, "retryMinutes", "retryMinutes is 1 to %d.", sb.MaxRetryMinutes)
		}
	}
	if raw := strings.TrimSpace(r.CallerID); raw != "" {
		if l.CallerID, err = s.allowedCallerID(ctx, workspaceID, raw); err != nil {
			return nil, renamed(err, "from", "callerId")
		}
	}
	n := sb.NewDialList{ContactIDs: r.ContactIDs}
	if r.Search != nil {
		q := *r.Search
		q.WorkspaceID = workspaceID
		n.Search = &q
	}
	if err := s.deps.DialLists.CreateDialList(ctx, l, n); err != nil {
		return nil, err
	}
	return l, nil
}

// renamed is err with its details' field from named to.
func renamed(err error, from, to string) error {
	if e, ok := err.(*sb.Error); ok {
		c := *e
		c.Details = append([]sb.FieldError(nil), e.Details...)
		for i := range c.Details {
			if c.Details[i].Field == from {
				c.Details[i].Field = to
			}
		}
		return &c
	}
	return err
}

// DialList errors: ENotFound.
func (s *Service) DialList(ctx context.Context, workspaceID, id string) (*sb.DialList, error) {
	return s.deps.DialLists.FindDialList(ctx, workspaceID, id)
}

// DialLists lists the workspace's lists, newest first.
func (s *Service) DialLists(ctx context.Context, workspaceID string, page sb.Page) ([]*sb.DialList, sb.Meta, error) {
	return s.deps.DialLists.ListDialLists(ctx, workspaceID, page)
}

// UpdateDialList renames a list or pauses or resumes it. Errors: ENotFound,
// EInvalid naming the field, EDialListInactive (a done list's status).
func (s *Service) UpdateDialList(ctx context.Context, workspaceID, id string, p sb.DialListPatch) (*sb.DialList, error) {
	if p.Name != nil {
		name, err := checkDialListName(*p.Name)
		if err != nil {
			return nil, err
		}
		p.Name = &name
	}
	if p.Status != nil && *p.Status != sb.DialListActive && *p.Status != sb.DialListPaused {
		return nil, sb.FieldErrorf(sb.EInvalid, "status", "status is active or paused.")
	}
	return s.deps.DialLists.UpdateDialList(ctx, workspaceID, id, p)
}

// DialListEntries lists a list's entries in its order, those in status
// only unless it is "". Errors: ENotFound, EInvalid naming status.
func (s *Service) DialListEntries(ctx context.Context, workspaceID, id string, status sb.DialEntryStatus, page sb.Page) ([]*sb.DialListEntry, sb.Meta, error) {
	if status != "" && !status.Valid() {
		return nil, sb.Meta{}, sb.FieldErrorf(sb.EInvalid, "status", "Unknown entry status %q.", sb.Truncate(string(status), 40))
	}
	return s.deps.DialLists.ListDialEntries(ctx, workspaceID, id, status, page)
}

// NextDialEntry leases the list's next dialable entry to identity for
// sb.DialListLease: the first entry whose time has come that the dial
// check allows now. The check's refusals on the way are in Skipped: a
// do-not-call number is skipped for good; the time rules and the caps on
// calls put the entry back until the check's next allowed instant (a day
// later when the rules leave no minute free within the check's horizon).
// It examines at most sb.DialNextExamine entries: when all of them were
// refused, Entry is nil and the agent asks again. Errors: ENotFound,
// EDialListInactive.
func (s *Service) NextDialEntry(ctx context.Context, workspaceID, identity, listID string) (*sb.DialNext, error) {
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	out := &sb.DialNext{Skipped: []sb.DialSkip{}}
	var release *sb.DialRelease
	for range sb.DialNextExamine {
		now := s.cfg.Now().UTC()
		e, err := s.deps.DialLists.ClaimDialEntry(ctx, workspaceID, listID, identity, now, now.Add(s.cfg.DialListLease), release)
		if err != nil || e == nil {
			return out, err
		}
		release = nil
		c, err := s.dialCheck(ctx, settings, workspaceID, e.Phone, "")
		if err != nil {
			// The entry stays leased to the agent; its lease ends it.
			return nil, err
		}
		if c.Allowed {
			out.Entry = e
			return out, nil
		}
		skip := sb.DialSkip{ContactID: e.ContactID, Reason: c.Reasons[0].Code}
		release = &sb.DialRelease{ContactID: e.ContactID}
		if c.Reasons[0].Code == sb.ReasonDNCBlocked {
			release.Skip = sb.ReasonDNCBlocked
		} else {
			at := now.Add(24 * time.Hour)
			if c.NextAllowedAt != nil {
				at = *c.NextAllowedAt
			}
			skip.NextAllowedAt, release.Due = &at, at
		}
		out.Skipped = append(out.Skipped, skip)
	}
	if release != nil {
		if err := s.deps.DialLists.ReleaseDialEntry(ctx, workspaceID, listID, identity, *release); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// leasedEntry is the entry a click-to-call naming a dial list dials: the
// contact's entry, leased to identity. Errors: ENotFound (the list),
// EDialListInactive, EEntryNotLeased, EInvalid without a contact.
func (s *Service) leasedEntry(ctx context.Context, workspaceID, identity string, r CallRequest) (*sb.DialListEntry, *sb.DialList, error) {
	if r.ContactID == "" {
		return nil, nil, sb.FieldErrorf(sb.EInvalid, "contactId", "A call from a dial list names the entry's contact (contactId).")
	}
	list, err := s.deps.DialLists.FindDialList(ctx, workspaceID, r.DialListID)
	if err != nil {
		return nil, nil, err
	}
	e, err := s.deps.DialLists.LeasedDialEntry(ctx, workspaceID, r.DialListID, r.ContactID, identity, s.cfg.Now().UTC())
	if err != nil {
		return nil, nil, err
	}
	return e, list, nil
}

// dialEntry is StartCall for a dial list's entry: the number is the
// entry's (the list's snapshot), and a To given as well must be it. The
// attempt is counted when the call is stored, in the same transaction; a
// call the provider refuses to create is never stored, so it counts no
// attempt and the entry stays leased to the agent, who may dial it again
// until the lease ends. Errors: StartCall's, and ENotFound (the list),
// EDialListInactive, EEntryNotLeased.
func (s *Service) dialEntry(ctx context.Context, workspaceID, identity string, r CallRequest) (*sb.Call, error) {
	e, list, err := s.leasedEntry(ctx, workspaceID, identity, r)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(r.To) != "" {
		to, err := s.e164("to", r.To)
		if err != nil {
			return nil, err
		}
		if to != e.Phone {
			return nil, sb.FieldErrorf(sb.EInvalid, "to", "to is not the number of the dial list's entry; leave it out.")
		}
	}
	from := r.From
	if strings.TrimSpace(from) == "" {
		from = list.CallerID
	}
	lease := &sb.DialLease{ListID: list.ID, ContactID: e.ContactID, Identity: identity, Now: s.cfg.Now().UTC()}
	return s.clickToCall(ctx, workspaceID, identity, e.Phone, from, r.MachineDetection, lease)
}
