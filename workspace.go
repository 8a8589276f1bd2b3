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
	// StateRules applies the stricter US states' rules (StateRules) to the
	// numbers of those states; a workspace that makes no consumer calls
	// turns it off. New workspaces have it on.
	StateRules bool
	// AttemptLimit caps the calls created to one number in the workspace,
	// whoever dials; nil (the default) sets no cap of the workspace's own
	// (a state's cap still holds).
	AttemptLimit *AttemptLimit
	// RecordingAnnouncement, when set, is said to the whole conference
	// before a recording of it starts (see CheckRecordingAnnouncement);
	// nil announces nothing.
	RecordingAnnouncement *string
	// MachineDetection creates every customer leg with answering-machine
	// detection unless the call says otherwise (POST /v1/calls
	// machineDetection); off by default, as the provider charges for it.
	MachineDetection bool
}

// AttemptLimit is at most Max calls to one number in any WindowHours.
type AttemptLimit struct {
	Max         int
	WindowHours int
}

// The bounds of an AttemptLimit (openapi.yaml's AttemptLimit).
const (
	MaxAttemptLimit       = 100
	MaxAttemptLimitWindow = 720 // hours: thirty days
)

// Validate checks the bounds. Errors: EInvalid naming attemptLimit.max or
// attemptLimit.windowHours.
func (l AttemptLimit) Validate() error {
	switch {
	case l.Max < 1 || l.Max > MaxAttemptLimit:
		return FieldErrorf(EInvalid, "attemptLimit.max", "max must be from 1 to %d calls", MaxAttemptLimit)
	case l.WindowHours < 1 || l.WindowHours > MaxAttemptLimitWindow:
		return FieldErrorf(EInvalid, "attemptLimit.windowHours", "windowHours must be from 1 to %d hours", MaxAttemptLimitWindow)
	}
	return nil
}

// WorkspaceSettingsPatch changes the settings it names: a nil field is left
// alone. SetCallingHours with a nil CallingHours turns the window off.
type WorkspaceSettingsPatch struct {
	SetCallingHours bool
	CallingHours    *CallingHours
	TimeZone        *string
	StateRules      *bool
	// SetAttemptLimit with a nil AttemptLimit removes the workspace's cap.
	SetAttemptLimit bool
	AttemptLimit    *AttemptLimit
	// SetRecordingAnnouncement with a nil RecordingAnnouncement turns the
	// announcement off.
	SetRecordingAnnouncement bool
	RecordingAnnouncement    *string
	MachineDetection         *bool
}

// WorkspaceStore keeps the workspaces' settings. Every workspace has
// settings: a workspace that exists has at least the defaults.
type WorkspaceStore interface {
	// WorkspaceSettings errors: ENotFound.
	WorkspaceSettings(ctx context.Context, workspaceID string) (*WorkspaceSettings, error)
	// AgentWorkspaceSettings returns the workspace's settings when identity
	// holds a token of it (AuthStore.IdentityInWorkspace), in one read
	// (DialFactStore.CallFacts reads them with the rest of a call's facts).
	// Errors: ENotFound
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
	if p.SetAttemptLimit && p.AttemptLimit != nil {
		if err := p.AttemptLimit.Validate(); err != nil {
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
