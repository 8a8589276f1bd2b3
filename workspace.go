package switchboard

import "context"

// DefaultTimeZone is a new workspace's time zone: the zone calling hours
// fall back to for a number that has none of its own.
const DefaultTimeZone = "UTC"

// DefaultCallingHours is a new workspace's calling window, in the callee's
// local time: the US TCPA's 8 a.m. to 9 p.m.
var DefaultCallingHours = CallingHours{Start: 8 * 60, End: 21 * 60}

// WorkspaceSettings are what an admin may change about a workspace.
type WorkspaceSettings struct {
	// CallingHours is the window in which a number may be called, in the
	// number's own local time; nil turns the rule off for the workspace.
	CallingHours *CallingHours
	// TimeZone is an IANA zone name: the local time of a number the phone
	// metadata gives no zone for.
	TimeZone string
	// RecordingAnnouncement, when set, is said to the whole conference
	// before a recording of it starts (see CheckRecordingAnnouncement);
	// nil announces nothing.
	RecordingAnnouncement *string
}

// WorkspaceSettingsPatch changes the settings it names: a nil field is left
// alone. SetCallingHours with a nil CallingHours turns the window off.
type WorkspaceSettingsPatch struct {
	SetCallingHours bool
	CallingHours    *CallingHours
	TimeZone        *string
	// SetRecordingAnnouncement with a nil RecordingAnnouncement turns the
	// announcement off.
	SetRecordingAnnouncement bool
	RecordingAnnouncement    *string
}

// WorkspaceStore keeps the workspaces' settings. Every workspace has
// settings: a workspace that exists has at least the defaults.
type WorkspaceStore interface {
	// WorkspaceSettings errors: ENotFound.
	WorkspaceSettings(ctx context.Context, workspaceID string) (*WorkspaceSettings, error)
	// AgentWorkspaceSettings returns the workspace's settings when identity
	// holds a token of it (AuthStore.IdentityInWorkspace): the
	// call-control webhook's one read for both questions. Errors: ENotFound
	// when the workspace does not exist or the agent is not one of its.
	AgentWorkspaceSettings(ctx context.Context, workspaceID, identity string) (*WorkspaceSettings, error)
	// UpdateWorkspaceSettings applies p (checked with Validate first) and
	// returns the settings after. Errors: ENotFound, EInvalid.
	UpdateWorkspaceSettings(ctx context.Context, workspaceID string, p WorkspaceSettingsPatch) (*WorkspaceSettings, error)
}

// Validate checks the fields p sets: a window inside one day that ends after
// it starts, and a time zone this build knows. Errors: EInvalid naming the
// field as the API spells it.
func (p WorkspaceSettingsPatch) Validate() error {
	if p.SetCallingHours && p.CallingHours != nil {
		if err := p.CallingHours.Validate(); err != nil {
			return err
		}
	}
	if p.TimeZone != nil {
		if _, err := LoadZone(*p.TimeZone); err != nil {
			return FieldErrorf(EInvalid, "timeZone", "%q is not an IANA time zone (e.g. America/New_York)", Truncate(*p.TimeZone, 64))
		}
	}
	if p.SetRecordingAnnouncement && p.RecordingAnnouncement != nil {
		if err := CheckRecordingAnnouncement(*p.RecordingAnnouncement); err != nil {
			return err
		}
	}
	return nil
}
