package server

import (
	"context"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// Dial lists. Who may do what is the spec's security: admins make, rename,
// pause and resume lists; every role reads them and takes entries with
// next (the agents who work them).

func (s *strict) ListDialLists(ctx context.Context, req api.ListDialListsRequestObject) (api.ListDialListsResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	sc := scope("dial-lists", ws)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Voice.DialLists(ctx, ws, page)
	if err != nil {
		return nil, err
	}
	out := api.ListDialLists200JSONResponse{Data: make([]api.DialList, len(items)), Meta: s.listMeta(sc, meta)}
	for i, l := range items {
		out.Data[i] = toAPIDialList(l)
	}
	return out, nil
}

func (s *strict) CreateDialList(ctx context.Context, req api.CreateDialListRequestObject) (api.CreateDialListResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	b := req.Body
	r := callflow.DialListRequest{Name: b.Name, CallerID: clean(b.CallerId), MaxAttempts: b.MaxAttempts, RetryMinutes: b.RetryMinutes}
	if b.ContactIds != nil {
		r.ContactIDs = append([]string{}, *b.ContactIds...)
	}
	if q := b.Search; q != nil {
		r.Search = &sb.ContactSearch{WorkspaceID: ws, Query: clean(q.Query)}
		if f := q.Filters; f != nil {
			r.Search.Company, r.Search.Email = clean(f.Company), clean(f.Email)
			if ph := clean(f.Phone); ph != "" {
				if r.Search.Phone, err = s.deps.Contacts.Phone("search.filters.phone", ph); err != nil {
					return nil, err
				}
			}
			r.Search.CreatedAfter, r.Search.CreatedBefore = f.CreatedAfter, f.CreatedBefore
		}
	}
	l, err := s.deps.Voice.CreateDialList(ctx, ws, r)
	if err != nil {
		return nil, err
	}
	return api.CreateDialList201JSONResponse{Data: toAPIDialList(l)}, nil
}

func (s *strict) GetDialList(ctx context.Context, req api.GetDialListRequestObject) (api.GetDialListResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	l, err := s.deps.Voice.DialList(ctx, ws, req.Id)
	if err != nil {
		return nil, err
	}
	return api.GetDialList200JSONResponse{Data: toAPIDialList(l)}, nil
}

func (s *strict) UpdateDialList(ctx context.Context, req api.UpdateDialListRequestObject) (api.UpdateDialListResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	p := sb.DialListPatch{Name: req.Body.Name}
	if st := req.Body.Status; st != nil {
		v := sb.DialListStatus(*st)
		p.Status = &v
	}
	l, err := s.deps.Voice.UpdateDialList(ctx, ws, req.Id, p)
	if err != nil {
		return nil, err
	}
	return api.UpdateDialList200JSONResponse{Data: toAPIDialList(l)}, nil
}

func (s *strict) ListDialListEntries(ctx context.Context, req api.ListDialListEntriesRequestObject) (api.ListDialListEntriesResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	var status sb.DialEntryStatus
	if st := req.Params.Status; st != nil {
		status = sb.DialEntryStatus(*st)
	}
	sc := scope("dial-list-entries", ws, req.Id, string(status))
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Voice.DialListEntries(ctx, ws, req.Id, status, page)
	if err != nil {
		return nil, err
	}
	out := api.ListDialListEntries200JSONResponse{Data: make([]nullable.Nullable[api.DialListEntry], len(items)), Meta: s.listMeta(sc, meta)}
	for i, e := range items {
		out.Data[i] = nullable.NewNullableWithValue(toAPIDialEntry(e))
	}
	return out, nil
}

func (s *strict) NextDialListEntry(ctx context.Context, req api.NextDialListEntryRequestObject) (api.NextDialListEntryResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	n, err := s.deps.Voice.NextDialEntry(ctx, ws, tokenFrom(ctx).Identity, req.Id)
	if err != nil {
		return nil, err
	}
	out := api.NextDialListEntry200JSONResponse{Data: api.DialNext{Entry: nullable.NewNullNullable[api.DialListEntry](),
		Skipped: make([]api.DialSkip, len(n.Skipped))}}
	if n.Entry != nil {
		out.Data.Entry = nullable.NewNullableWithValue(toAPIDialEntry(n.Entry))
	}
	for i, k := range n.Skipped {
		out.Data.Skipped[i] = api.DialSkip{ContactId: k.ContactID, Reason: k.Reason, NextAllowedAt: nullTime(k.NextAllowedAt)}
	}
	return out, nil
}

func toAPIDialList(l *sb.DialList) api.DialList {
	return api.DialList{Id: l.ID, Name: l.Name, CallerId: nullString(l.CallerID), MaxAttempts: l.MaxAttempts,
		RetryMinutes: l.RetryMinutes, Status: api.DialListStatus(l.Status), Size: l.Size, Remaining: l.Remaining,
		CreatedAt: l.CreatedAt.UTC()}
}

func toAPIDialEntry(e *sb.DialListEntry) api.DialListEntry {
	return api.DialListEntry{ContactId: e.ContactID, Phone: e.Phone, Position: e.Position,
		Status: api.DialListEntryStatus(e.Status), Attempts: e.Attempts, LastOutcome: nullString(e.LastOutcome),
		LastCallSid: nullString(e.LastCallSID), NextAttemptAt: nullTime(e.NextAttemptAt), SkipReason: nullString(e.SkipReason),
		LeasedBy: nullString(e.LeasedBy), LeaseUntil: nullTime(e.LeaseUntil)}
}

// nullString is "" as null.
func nullString(s string) nullable.Nullable[string] {
	if s == "" {
		return nullable.NewNullNullable[string]()
	}
	return nullable.NewNullableWithValue(s)
}
