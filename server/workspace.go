package server

import (
	"context"

	"github.com/oapi-codegen/nullable"
	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func (s *strict) GetWorkspace(ctx context.Context, _ api.GetWorkspaceRequestObject) (api.GetWorkspaceResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, ws)
	if err != nil {
		return nil, err
	}
	return api.GetWorkspace200JSONResponse{Data: toAPIWorkspace(ws, settings)}, nil
}

// UpdateWorkspace is admin only: openapi.yaml's security on the operation
// says so, and the one auth middleware enforces it.
func (s *strict) UpdateWorkspace(ctx context.Context, req api.UpdateWorkspaceRequestObject) (api.UpdateWorkspaceResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	p, err := workspacePatch(req.Body)
	if err != nil {
		return nil, err
	}
	settings, err := s.deps.Workspaces.UpdateWorkspaceSettings(ctx, ws, p)
	if err != nil {
		return nil, err
	}
	return api.UpdateWorkspace200JSONResponse{Data: toAPIWorkspace(ws, settings)}, nil
}

// workspacePatch reads the body: the validator has checked the shape and the
// HH:MM pattern; the clock values and the zone are checked here again, so a
// bad value is a 400 naming its field whoever calls.
func workspacePatch(b *api.WorkspacePatch) (sb.WorkspaceSettingsPatch, error) {
	var p sb.WorkspaceSettingsPatch
	if b == nil {
		return p, nil
	}
	p.TimeZone = b.TimeZone
	p.StateRules = b.StateRules
	p.MachineDetection = b.MachineDetection
	if b.AttemptLimit.IsSpecified() {
		p.SetAttemptLimit = true
		if !b.AttemptLimit.IsNull() {
			l := b.AttemptLimit.MustGet()
			p.AttemptLimit = &sb.AttemptLimit{Max: l.Max, WindowHours: l.WindowHours}
		}
	}
	if b.CallingHours.IsSpecified() {
		p.SetCallingHours = true
		if !b.CallingHours.IsNull() {
			ch := b.CallingHours.MustGet()
			start, ok := sb.ParseClock(ch.Start)
			if !ok {
				return p, sb.FieldErrorf(sb.EInvalid, "callingHours.start", "start must be HH:MM from 00:00 to 24:00")
			}
			end, ok := sb.ParseClock(ch.End)
			if !ok {
				return p, sb.FieldErrorf(sb.EInvalid, "callingHours.end", "end must be HH:MM from 00:00 to 24:00")
			}
			p.CallingHours = &sb.CallingHours{Start: start, End: end}
		}
	}
	if b.RecordingAnnouncement.IsSpecified() {
		p.SetRecordingAnnouncement = true
		if !b.RecordingAnnouncement.IsNull() {
			text := b.RecordingAnnouncement.MustGet()
			p.RecordingAnnouncement = &text
		}
	}
	return p, p.Validate()
}

func toAPIWorkspace(id string, s *sb.WorkspaceSettings) api.Workspace {
	out := api.Workspace{Id: id, TimeZone: s.TimeZone, CallingHours: nullable.NewNullNullable[api.CallingHours](),
		StateRules: s.StateRules, AttemptLimit: nullable.NewNullNullable[api.AttemptLimit](),
		RecordingAnnouncement: nullable.NewNullNullable[api.RecordingAnnouncement](),
		MachineDetection:      &s.MachineDetection}
	if l := s.AttemptLimit; l != nil {
		out.AttemptLimit = nullable.NewNullableWithValue(api.AttemptLimit{Max: l.Max, WindowHours: l.WindowHours})
	}
	if s.RecordingAnnouncement != nil {
		out.RecordingAnnouncement = nullable.NewNullableWithValue(*s.RecordingAnnouncement)
	}
	if w := s.CallingHours; w != nil {
		out.CallingHours = nullable.NewNullableWithValue(api.CallingHours{Start: sb.FormatClock(w.Start), End: sb.FormatClock(w.End)})
	}
	return out
}
