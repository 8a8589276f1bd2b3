package callflow

import (
	"context"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
)

// CallRequest is a click-to-call as the client asked for it: To, or
// ContactID (the contact's phone is dialled), or both naming the same
// number; From is a caller ID of the workspace or "" for its default.
type CallRequest struct {
	To, ContactID, From string
	// MachineDetection turns answering-machine detection on or off for
	// this call; nil takes the workspace's setting.
	MachineDetection *bool
	// DialListID names the dial list whose entry (the contact's, leased to
	// the agent by next) the call dials: the entry's phone, from the
	// list's caller ID unless From names another.
	DialListID string
}

// StartCall is ClickToCall for a CallRequest. Whichever way the number was
// given, the call's ContactID is the workspace's contact with that number
// (the store finds it when it writes the call). Errors: ClickToCall's, and
// ENotFound for a contact that is not the workspace's, EInvalid for a
// contact without a phone (naming contactId), for a to that is not the
// contact's number or for neither given (naming to).
func (s *Service) StartCall(ctx context.Context, workspaceID, identity string, r CallRequest) (*sb.Call, error) {
	if r.DialListID != "" {
		return s.dialEntry(ctx, workspaceID, identity, r)
	}
	if r.ContactID == "" {
		if strings.TrimSpace(r.To) == "" {
			return nil, sb.FieldErrorf(sb.EInvalid, "to", "Give the number to call (to) or the contact to call (contactId).")
		}
		return s.clickToCall(ctx, workspaceID, identity, r.To, r.From, r.MachineDetection, nil)
	}
	c, err := s.deps.Contacts.FindContact(ctx, workspaceID, r.ContactID)
	if err != nil {
		return nil, err
	}
	if c.Phone == "" {
		return nil, sb.FieldErrorf(sb.EInvalid, "contactId", "The contact has no phone number to call.")
	}
	if strings.TrimSpace(r.To) != "" {
		to, err := s.e164("to", r.To)
		if err != nil {
			return nil, err
		}
		if to != c.Phone {
			return nil, sb.FieldErrorf(sb.EInvalid, "to", "to is not the phone number of contact %s; give one of them.", sb.Truncate(r.ContactID, 64))
		}
	}
	return s.clickToCall(ctx, workspaceID, identity, c.Phone, r.From, r.MachineDetection, nil)
}
