package switchboard

import (
	"context"
	"strings"
	"time"
)

// AnsweredBy is the provider's answering-machine verdict on a customer leg
// (Twilio's AnsweredBy). With detection that waits for the end of a
// machine's message, a machine is reported once its greeting has ended:
// machine_end_beep, machine_end_silence or machine_end_other.
type AnsweredBy string

const (
	AnsweredByHuman             AnsweredBy = "human"
	AnsweredByMachineStart      AnsweredBy = "machine_start"
	AnsweredByMachineEndBeep    AnsweredBy = "machine_end_beep"
	AnsweredByMachineEndSilence AnsweredBy = "machine_end_silence"
	AnsweredByMachineEndOther   AnsweredBy = "machine_end_other"
	AnsweredByFax               AnsweredBy = "fax"
	AnsweredByUnknown           AnsweredBy = "unknown"
)

// Valid reports whether a is one of the provider's values.
func (a AnsweredBy) Valid() bool {
	switch a {
	case AnsweredByHuman, AnsweredByMachineStart, AnsweredByMachineEndBeep, AnsweredByMachineEndSilence,
		AnsweredByMachineEndOther, AnsweredByFax, AnsweredByUnknown:
		return true
	}
	return false
}

// VoicemailDrop is a recorded message of a workspace that an agent drops on
// an answered call: the customer leg plays AudioURL and hangs up.
type VoicemailDrop struct {
	ID          string
	WorkspaceID string
	Name        string
	AudioURL    string
	CreatedAt   time.Time
}

// Limits of a voicemail drop, in characters (openapi.yaml's).
const (
	MaxVoicemailDropName = 100
	MaxAudioURLLength    = 2048
)

// CheckVoicemailDrop is the rule for a new voicemail drop: a name of 1 to
// MaxVoicemailDropName characters, shown to agents (CheckDisplayName), and
// an audio URL the provider can fetch: ParseHTTPURL's rule, https only
// unless allowHTTP (the embedded simulator, which serves one machine), no
// credentials, at most MaxAudioURLLength characters. It trims d's name.
// Errors: EInvalid naming name or audioUrl.
func CheckVoicemailDrop(d *VoicemailDrop, allowHTTP bool) error {
	d.Name = strings.TrimSpace(d.Name)
	if d.Name == "" {
		return FieldErrorf(EInvalid, "name", "A name is required.")
	}
	if err := CheckDisplayName("name", d.Name, MaxVoicemailDropName); err != nil {
		return err
	}
	const field = "audioUrl"
	if len([]rune(d.AudioURL)) > MaxAudioURLLength {
		return FieldErrorf(EInvalid, field, "The audio URL may not exceed %d characters.", MaxAudioURLLength)
	}
	if err := CheckText(field, d.AudioURL, MaxAudioURLLength, false); err != nil {
		return err
	}
	u, ok := ParseHTTPURL(d.AudioURL)
	switch {
	case !ok:
		return FieldErrorf(EInvalid, field, "The audio URL must be an absolute https URL of an MP3 or WAV file.")
	case u.User != nil:
		return FieldErrorf(EInvalid, field, "The audio URL may not carry credentials.")
	case u.Scheme != "https" && !allowHTTP:
		return FieldErrorf(EInvalid, field, "The audio URL must use https (http is accepted only by the embedded simulator).")
	}
	return nil
}

// VoicemailDropStore keeps a workspace's voicemail drops. A deleted drop is
// kept for the calls that played it, but is no longer listed or found.
type VoicemailDropStore interface {
	// CreateVoicemailDrop stores d (checked by the caller), setting ID and
	// CreatedAt. Errors: EInvalid.
	CreateVoicemailDrop(ctx context.Context, d *VoicemailDrop) error
	// ListVoicemailDrops lists the workspace's drops, newest first.
	ListVoicemailDrops(ctx context.Context, workspaceID string, page Page) ([]*VoicemailDrop, Meta, error)
	// FindVoicemailDrop errors: ENotFound (also for another workspace's,
	// and for a deleted one).
	FindVoicemailDrop(ctx context.Context, workspaceID, id string) (*VoicemailDrop, error)
	// DeleteVoicemailDrop errors: ENotFound (also when deleted already).
	DeleteVoicemailDrop(ctx context.Context, workspaceID, id string) error
}
