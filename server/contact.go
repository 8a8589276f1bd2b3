package server

import (
	"context"
	"strings"
	"time"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func (s *strict) ListContacts(ctx context.Context, req api.ListContactsRequestObject) (api.ListContactsResponseObject, error) {
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	sc := scope("contacts", ws)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Contacts.List(ctx, ws, page)
	if err != nil {
		return nil, err
	}
	return api.ListContacts200JSONResponse(toAPIContactList(items, s.listMeta(sc, meta))), nil
}

func (s *strict) CreateContact(ctx context.Context, req api.CreateContactRequestObject) (api.CreateContactResponseObject, error) {
	b := req.Body
	ws, err := workspaceOf(ctx, b.WorkspaceId)
	if err != nil {
		return nil, err
	}
	c := &sb.Contact{
		WorkspaceID: ws,
		FirstName:   clean(b.FirstName),
		LastName:    clean(b.LastName),
		Phone:       clean(b.Phone),
		Email:       clean(b.Email),
		Company:     clean(b.Company),
		Notes:       clean(b.Notes),
		TimeZone:    deref(patchField(b.TimeZone)),
	}
	if err := s.deps.Contacts.Create(ctx, c); err != nil {
		return nil, err
	}
	return api.CreateContact201JSONResponse{Data: toAPIContact(c)}, nil
}

func (s *strict) GetContact(ctx context.Context, req api.GetContactRequestObject) (api.GetContactResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Contacts.Get(ctx, ws, req.Id)
	if err != nil {
		return nil, err
	}
	return api.GetContact200JSONResponse{Data: toAPIContact(c)}, nil
}

func (s *strict) UpdateContact(ctx context.Context, req api.UpdateContactRequestObject) (api.UpdateContactResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	b := req.Body
	p := sb.ContactPatch{
		FirstName: patchField(b.FirstName),
		LastName:  patchField(b.LastName),
		Phone:     patchField(b.Phone),
		Email:     patchField(b.Email),
		Company:   patchField(b.Company),
		Notes:     patchField(b.Notes),
		TimeZone:  patchField(b.TimeZone),
	}
	c, err := s.deps.Contacts.Update(ctx, ws, req.Id, p)
	if err != nil {
		return nil, err
	}
	return api.UpdateContact200JSONResponse{Data: toAPIContact(c)}, nil
}

func (s *strict) DeleteContact(ctx context.Context, req api.DeleteContactRequestObject) (api.DeleteContactResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	if err := s.deps.Contacts.Delete(ctx, ws, req.Id); err != nil {
		return nil, err
	}
	return api.DeleteContact204Response{}, nil
}

func (s *strict) SearchContactsGet(ctx context.Context, req api.SearchContactsGetRequestObject) (api.SearchContactsGetResponseObject, error) {
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	q := sb.ContactSearch{
		WorkspaceID: ws,
		Query:       clean(req.Params.Q),
		Company:     clean(req.Params.Company),
	}
	sc := searchScope(q)
	if q.Page, err = s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor); err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Contacts.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	return api.SearchContactsGet200JSONResponse(toAPIContactList(items, s.listMeta(sc, meta))), nil
}

func (s *strict) SearchContactsPost(ctx context.Context, req api.SearchContactsPostRequestObject) (api.SearchContactsPostResponseObject, error) {
	b := req.Body
	ws, err := workspaceOf(ctx, b.WorkspaceId)
	if err != nil {
		return nil, err
	}
	q := sb.ContactSearch{WorkspaceID: ws, Query: clean(b.Query)}
	if f := b.Filters; f != nil {
		q.Company, q.Email = clean(f.Company), clean(f.Email)
		if ph := clean(f.Phone); ph != "" {
			// Normalized before the cursor is read: the cursor is bound
			// to the number, not to how it was written.
			if q.Phone, err = s.deps.Contacts.Phone("filters.phone", ph); err != nil {
				return nil, err
			}
		}
		q.CreatedAfter, q.CreatedBefore = f.CreatedAfter, f.CreatedBefore
	}
	sc := searchScope(q)
	if q.Page, err = s.page(sc, b.Limit, b.Offset, b.Cursor); err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Contacts.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	return api.SearchContactsPost200JSONResponse(toAPIContactList(items, s.listMeta(sc, meta))), nil
}

func (s *strict) NormalizePhone(ctx context.Context, req api.NormalizePhoneRequestObject) (api.NormalizePhoneResponseObject, error) {
	region := ""
	if req.Body.DefaultRegion != nil {
		region = *req.Body.DefaultRegion
	}
	n, err := s.deps.Contacts.Normalize(req.Body.Phone, region)
	if err != nil {
		return nil, err
	}
	return api.NormalizePhone200JSONResponse{Data: api.PhoneNumber{
		Original:    n.Original,
		Normalized:  n.E164,
		IsValid:     n.Valid,
		CountryCode: n.Region,
		AreaCode:    n.AreaCode,
		Type:        api.PhoneNumberType(n.Type),
	}}, nil
}

// patchField maps a JSON-merge-patch field: absent → nil (left alone),
// null → "" (cleared), a value → the trimmed value.
func patchField(f nullable.Nullable[string]) *string {
	v := cleared(f, "")
	if v != nil {
		*v = strings.TrimSpace(*v)
	}
	return v
}

func clean(p *string) string {
	if p == nil {
		return ""
	}
	return strings.TrimSpace(*p)
}

// searchScope binds a search's cursors to its workspace, query and filters
// (both forms of the search share them).
func searchScope(q sb.ContactSearch) cursorScope {
	ts := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339Nano)
	}
	return scope("search", q.WorkspaceID, q.Query, q.Company, q.Email, q.Phone, ts(q.CreatedAfter), ts(q.CreatedBefore))
}

func toAPIContact(c *sb.Contact) api.Contact {
	return api.Contact{
		Id:          c.ID,
		WorkspaceId: c.WorkspaceID,
		FirstName:   c.FirstName,
		LastName:    c.LastName,
		Phone:       c.Phone,
		Email:       c.Email,
		Company:     c.Company,
		Notes:       c.Notes,
		TimeZone:    nullableText(c.TimeZone),
		CreatedAt:   c.CreatedAt.UTC(),
		UpdatedAt:   c.UpdatedAt.UTC(),
	}
}

// nullableText writes "" as null.
func nullableText(s string) nullable.Nullable[string] {
	if s == "" {
		return nullable.NewNullNullable[string]()
	}
	return nullable.NewNullableWithValue(s)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func toAPIContactList(items []*sb.Contact, meta api.ListMeta) api.ContactList {
	out := api.ContactList{Data: make([]api.Contact, len(items)), Meta: meta}
	for i, c := range items {
		out.Data[i] = toAPIContact(c)
	}
	return out
}
