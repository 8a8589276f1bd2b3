package callflow

// Caller IDs: provisioning a workspace's numbers and resolving the one a
// call shows.

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
)

// CreateCallerID provisions number (any notation; kept in E.164) for the
// workspace: verified at once when it is one of the provider account's
// incoming numbers or verified caller IDs, pending with the provider's
// validation code otherwise. A number belongs to one workspace. Errors:
// EInvalidPhone (naming "phoneNumber"), ECallerIDExists, ECallerIDTaken,
// EProviderError.
func (s *Service) CreateCallerID(ctx context.Context, workspaceID, number, friendlyName string, isDefault bool) (*sb.CallerID, error) {
	phone, err := s.e164("phoneNumber", number)
	if err != nil {
		return nil, err
	}
	// Checked before the provider is asked, so that a number another
	// workspace holds starts no validation call; the store checks again.
	if holder, err := s.deps.CallerIDs.CallerIDWorkspace(ctx, phone); err == nil {
		if holder == workspaceID {
			return nil, sb.FieldErrorf(sb.ECallerIDExists, "phoneNumber", "This number is already a caller ID of the workspace.")
		}
		s.logger(ctx).Warn("caller ID refused: another workspace holds the number", "phone", phone)
		return nil, sb.FieldErrorf(sb.ECallerIDTaken, "phoneNumber", "This number is a caller ID of another workspace; a number belongs to one workspace only.")
	} else if sb.ErrorCode(err) != sb.ENotFound {
		return nil, err
	}
	owned, err := s.deps.Provider.IsAccountNumber(ctx, phone)
	if err != nil {
		return nil, err
	}
	c := &sb.CallerID{WorkspaceID: workspaceID, PhoneNumber: phone, FriendlyName: friendlyName,
		Status: sb.CallerIDVerified, IsDefault: isDefault}
	if !owned {
		code, err := s.deps.Provider.CreateValidationRequest(ctx, phone, friendlyName)
		if err != nil {
			return nil, err
		}
		c.Status, c.ValidationCode = sb.CallerIDPending, code
	}
	if err := s.deps.CallerIDs.CreateCallerID(ctx, c); err != nil {
		return nil, err
	}
	s.logger(ctx).Info("caller ID provisioned", "caller_id", c.ID, "status", c.Status, "default", c.IsDefault)
	return c, nil
}

// ListCallerIDs lists the workspace's caller IDs, newest first.
func (s *Service) ListCallerIDs(ctx context.Context, workspaceID string, page sb.Page) ([]*sb.CallerID, sb.Meta, error) {
	return s.deps.CallerIDs.ListCallerIDs(ctx, workspaceID, page)
}

// allowedCallerID resolves the caller ID of a call: raw, normalized, must be
// a verified caller ID of the workspace; "" means the workspace's default. A
// pending one is checked with the provider again (its owner may have keyed
// in the code since) and verified when the provider now lists it.
// Errors: ECallerIDNotAllowed.
func (s *Service) allowedCallerID(ctx context.Context, workspaceID, raw string) (string, error) {
	return s.callerIDAllowed(ctx, workspaceID, raw, s.callerIDFinder(ctx, workspaceID))
}

// callerIDFinder reads the workspace's caller ID with the number phone, or
// its default when phone is "": nil when there is none.
func (s *Service) callerIDFinder(ctx context.Context, workspaceID string) func(phone string) (*sb.CallerID, error) {
	return func(phone string) (*sb.CallerID, error) {
		var c *sb.CallerID
		var err error
		if phone == "" {
			c, err = s.deps.CallerIDs.DefaultCallerID(ctx, workspaceID)
		} else {
			c, err = s.deps.CallerIDs.FindCallerIDByPhone(ctx, workspaceID, phone)
		}
		if sb.ErrorCode(err) == sb.ENotFound {
			return nil, nil
		}
		return c, err
	}
}

// callerIDAllowed is allowedCallerID with the caller ID found by find
// (callerIDFinder's contract), so that the call-control webhook can hand
// in the one it read with the rest of its facts.
func (s *Service) callerIDAllowed(ctx context.Context, workspaceID, raw string, find func(phone string) (*sb.CallerID, error)) (string, error) {
	phone := ""
	if raw != "" {
		e164, err := s.e164("from", raw)
		if err != nil {
			return "", sb.FieldErrorf(sb.ECallerIDNotAllowed, "from", "the caller ID is not a valid phone number")
		}
		phone = e164
	}
	c, err := find(phone)
	if err != nil {
		return "", err
	}
	switch {
	case c == nil && phone == "":
		return "", sb.FieldErrorf(sb.ECallerIDNotAllowed, "from", "the workspace has no default caller ID; add one with POST /v1/caller-ids")
	case c == nil:
		return "", sb.FieldErrorf(sb.ECallerIDNotAllowed, "from", "%s is not a caller ID of the workspace", phone)
	case c.Status == sb.CallerIDVerified:
		return c.PhoneNumber, nil
	}
	owned, err := s.deps.Provider.IsAccountNumber(ctx, c.PhoneNumber)
	if err != nil {
		return "", err
	}
	if !owned {
		return "", sb.FieldErrorf(sb.ECallerIDNotAllowed, "from", "%s is still pending verification", c.PhoneNumber)
	}
	if err := s.deps.CallerIDs.MarkCallerIDVerified(ctx, workspaceID, c.ID); err != nil {
		return "", err
	}
	return c.PhoneNumber, nil
}
