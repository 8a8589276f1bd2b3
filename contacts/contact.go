package contacts

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
)

// Create stores a new contact. c.Phone may be in any notation; it is
// stored in E.164. Errors: EInvalidPhone, EInvalid (Contact.Validate),
// EContactExists.
func (s *Service) Create(ctx context.Context, c *sb.Contact) error {
	var err error
	if c.Phone, err = s.optionalPhone("phone", c.Phone); err != nil {
		return err
	}
	if err := c.Validate(); err != nil {
		return err
	}
	return s.deps.Contacts.CreateContact(ctx, c)
}

// Get finds a contact. Errors: ENotFound.
func (s *Service) Get(ctx context.Context, workspaceID, id string) (*sb.Contact, error) {
	return s.deps.Contacts.FindContact(ctx, workspaceID, id)
}

// Update applies p to a stored contact and returns the whole contact. The
// patch's phone may be in any notation. The merged contact must pass
// Contact.Validate (so clearing a contact's only name is refused, naming
// the field), judged inside the store's transaction on the contact as it
// is then. Errors: ENotFound, EInvalidPhone, EInvalid, EContactExists.
func (s *Service) Update(ctx context.Context, workspaceID, id string, p sb.ContactPatch) (*sb.Contact, error) {
	if p.Phone != nil {
		e164, err := s.optionalPhone("phone", *p.Phone)
		if err != nil {
			return nil, err
		}
		p.Phone = &e164
	}
	if p.IsEmpty() {
		// Nothing to write: the contact as it is, updatedAt untouched.
		return s.deps.Contacts.FindContact(ctx, workspaceID, id)
	}
	return s.deps.Contacts.UpdateContact(ctx, workspaceID, id, func(c *sb.Contact) error { return c.Apply(p) })
}

// Delete removes a contact. Errors: ENotFound.
func (s *Service) Delete(ctx context.Context, workspaceID, id string) error {
	return s.deps.Contacts.DeleteContact(ctx, workspaceID, id)
}

// List lists a workspace's contacts, newest first.
func (s *Service) List(ctx context.Context, workspaceID string, page sb.Page) ([]*sb.Contact, sb.Meta, error) {
	return s.deps.Contacts.ListContacts(ctx, workspaceID, page)
}

// Search lists the contacts matching q (see sb.ContactSearch). q.Phone may
// be in any notation (a caller that binds cursors to the search normalizes
// it first with Phone; E.164 normalizes to itself). Errors: EInvalidPhone
// naming "filters.phone".
func (s *Service) Search(ctx context.Context, q sb.ContactSearch) ([]*sb.Contact, sb.Meta, error) {
	var err error
	if q.Phone, err = s.optionalPhone("filters.phone", q.Phone); err != nil {
		return nil, sb.Meta{}, err
	}
	return s.deps.Contacts.SearchContacts(ctx, q)
}
