package contacts

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
)

// AddDNC lists e.Phone (any notation; stored in E.164) on the workspace's
// do-not-call list. When the number is already listed, e is filled with
// the stored entry and created is false. Errors: EInvalidPhone, EInvalid
// (DNCEntry.Validate).
func (s *Service) AddDNC(ctx context.Context, e *sb.DNCEntry) (created bool, err error) {
	if e.Phone, err = s.Phone("phone", e.Phone); err != nil {
		return false, err
	}
	if err := e.Validate(); err != nil {
		return false, err
	}
	return s.deps.DNC.AddDNC(ctx, e)
}

// RemoveDNC takes a listed entry off the list, keeping it as history.
// Errors: EInvalid (DNCRemoval.Validate), ENotFound.
func (s *Service) RemoveDNC(ctx context.Context, workspaceID, id string, by sb.DNCRemoval) error {
	if err := by.Validate(); err != nil {
		return err
	}
	return s.deps.DNC.DeleteDNC(ctx, workspaceID, id, by)
}

// ListDNC lists the numbers still listed, newest first.
func (s *Service) ListDNC(ctx context.Context, workspaceID string, page sb.Page) ([]*sb.DNCEntry, sb.Meta, error) {
	return s.deps.DNC.ListDNC(ctx, workspaceID, page)
}

// DNCHistory lists every entry, removed ones too, newest first; e164, when
// not empty, narrows it to one number (normalized with Phone).
func (s *Service) DNCHistory(ctx context.Context, workspaceID, e164 string, page sb.Page) ([]*sb.DNCEntry, sb.Meta, error) {
	return s.deps.DNC.ListDNCHistory(ctx, workspaceID, e164, page)
}

// CheckDNC tells whether a number (any notation) is listed: its E.164 form
// and the entry that lists it, or a nil entry. Errors: EInvalidPhone.
func (s *Service) CheckDNC(ctx context.Context, workspaceID, number string) (string, *sb.DNCEntry, error) {
	e164, err := s.Phone("phone", number)
	if err != nil {
		return "", nil, err
	}
	e, err := s.deps.DNC.FindDNCByPhone(ctx, workspaceID, e164)
	if sb.ErrorCode(err) == sb.ENotFound {
		return e164, nil, nil
	} else if err != nil {
		return "", nil, err
	}
	return e164, e, nil
}
