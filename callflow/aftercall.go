package callflow

import (
	"context"
	"strings"
	"unicode/utf8"

	sb "github.com/switchboard-oss/switchboard"
)

// CallWorkPatch is an agent's after-call change of a call as the client
// sent it; a nil field is left alone. OutcomeID "" and Notes "" clear
// them, Tags pointing at an empty list clears the tags.
type CallWorkPatch struct {
	OutcomeID *string
	Notes     *string
	Tags      *[]string
}

// UpdateCallWork records the outcome, notes and tags of a call, by its
// agent only, in any status: another workspace's call is ENotFound, another
// token's ENotAgentParticipant. Tags are trimmed, lower-cased and kept once
// each in the order given (at most sb.MaxCallTags, each 1 to
// sb.MaxCallTagLength characters, shown as names); notes are at most
// sb.MaxCallNotesLength characters, tab and line breaks allowed. An
// outcome of kind do_not_call lists the call's number on the do-not-call
// list with the change (see sb.OutcomeStore.UpdateCallWork). Errors:
// ENotFound, ENotAgentParticipant, EInvalid naming the field (nothing is
// written).
func (s *Service) UpdateCallWork(ctx context.Context, workspaceID, identity, callSID string, p CallWorkPatch) (*sb.Call, error) {
	w := sb.CallWork{OutcomeID: p.OutcomeID, Notes: p.Notes, By: identity}
	if p.Notes != nil {
		if err := sb.CheckText("notes", *p.Notes, sb.MaxCallNotesLength, true); err != nil {
			return nil, err
		}
	}
	if p.Tags != nil {
		tags, err := cleanTags(*p.Tags)
		if err != nil {
			return nil, err
		}
		w.Tags = &tags
	}
	agentOnly := func(c *sb.Call) error {
		if c.AgentIdentity != identity {
			return sb.Errorf(sb.ENotAgentParticipant, "Only the call's agent may act on it.")
		}
		return nil
	}
	return s.deps.Outcomes.UpdateCallWork(ctx, workspaceID, callSID, w, agentOnly)
}

// cleanTags applies the tags' rules; the error names "tags".
func cleanTags(in []string) ([]string, error) {
	if len(in) > sb.MaxCallTags {
		return nil, sb.FieldErrorf(sb.EInvalid, "tags", "At most %d tags.", sb.MaxCallTags)
	}
	out := make([]string, 0, len(in))
	seen := make(map[string]bool, len(in))
	for _, t := range in {
		t = strings.ToLower(strings.TrimSpace(t))
		if t == "" {
			return nil, sb.FieldErrorf(sb.EInvalid, "tags", "A tag cannot be empty.")
		}
		if utf8.RuneCountInString(t) > sb.MaxCallTagLength {
			return nil, sb.FieldErrorf(sb.EInvalid, "tags", "A tag is at most %d characters: %q.", sb.MaxCallTagLength, sb.Truncate(t, 60))
		}
		if err := sb.CheckDisplayName("tags", t, 0); err != nil {
			return nil, err
		}
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out, nil
}
