package callflow

import (
	"context"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
)

// Call outcomes are the workspace's: any of its tokens reads them, its
// admins (openapi.yaml's security, enforced before these run) change them.

// ListOutcomes lists the workspace's outcomes in their order; archived
// ones only when includeArchived.
func (s *Service) ListOutcomes(ctx context.Context, workspaceID string, includeArchived bool, page sb.Page) ([]*sb.CallOutcome, sb.Meta, error) {
	return s.deps.Outcomes.ListOutcomes(ctx, workspaceID, includeArchived, page)
}

// FindOutcome errors: ENotFound.
func (s *Service) FindOutcome(ctx context.Context, workspaceID, id string) (*sb.CallOutcome, error) {
	return s.deps.Outcomes.FindOutcome(ctx, workspaceID, id)
}

// outcomeName is an outcome's name as kept: trimmed, 1 to
// sb.MaxOutcomeNameLength characters, shown to agents as a name
// (sb.CheckDisplayName). Errors: EInvalid naming "name".
func outcomeName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", sb.FieldErrorf(sb.EInvalid, "name", "A name is required.")
	}
	if err := sb.CheckDisplayName("name", name, sb.MaxOutcomeNameLength); err != nil {
		return "", err
	}
	return name, nil
}

// CreateOutcome adds an outcome after the workspace's others. Errors:
// EInvalid (naming name or kind), EOutcomeExists.
func (s *Service) CreateOutcome(ctx context.Context, workspaceID, name string, kind sb.OutcomeKind) (*sb.CallOutcome, error) {
	name, err := outcomeName(name)
	if err != nil {
		return nil, err
	}
	if !kind.Valid() {
		return nil, sb.FieldErrorf(sb.EInvalid, "kind", "Unknown outcome kind %q.", sb.Truncate(string(kind), 40))
	}
	o := &sb.CallOutcome{WorkspaceID: workspaceID, Name: name, Kind: kind}
	if err := s.deps.Outcomes.CreateOutcome(ctx, o); err != nil {
		return nil, err
	}
	return o, nil
}

// UpdateOutcome renames, archives or restores an outcome; its kind never
// changes. Errors: ENotFound, EInvalid (naming name), EOutcomeExists.
func (s *Service) UpdateOutcome(ctx context.Context, workspaceID, id string, p sb.OutcomePatch) (*sb.CallOutcome, error) {
	if p.Name != nil {
		name, err := outcomeName(*p.Name)
		if err != nil {
			return nil, err
		}
		p.Name = &name
	}
	return s.deps.Outcomes.UpdateOutcome(ctx, workspaceID, id, p)
}
