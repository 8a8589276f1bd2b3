package callflow

import (
	"context"
	"errors"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// recordingStatusOf maps the provider's recording statuses to the
// service's; "absent" (nothing was recorded) is a failure, and processing
// is not a status of its own.
var recordingStatusOf = map[string]sb.RecordingStatus{
	"in-progress": sb.RecordingInProgress,
	"paused":      sb.RecordingPaused,
	"stopped":     sb.RecordingStopped,
	"processing":  sb.RecordingStopped,
	"completed":   sb.RecordingCompleted,
	"absent":      sb.RecordingFailed,
	"failed":      sb.RecordingFailed,
}

func (s *Service) recordings() (sb.RecordingStore, error) {
	if s.deps.Recordings == nil {
		return nil, sb.Errorf(sb.ENotImplemented, "Recordings are not served by this build.")
	}
	return s.deps.Recordings, nil
}

// StartRecording records the call: on its customer leg (the provider has no
// create call for conference recordings), dual-channel unless channels says
// mono, with status callbacks to PathRecordingStatus. When the workspace has
// a recording announcement, the provider is first asked to say it to the
// whole conference, and nothing is recorded unless it took that request
// (announceRecording). The recording is stored once the provider has
// started it. Errors: ENotFound, ENotAgentParticipant, ECallNotActive,
// EProviderError.
func (s *Service) StartRecording(ctx context.Context, workspaceID, identity, callSID, channels string) (*sb.Recording, error) {
	recs, err := s.recordings()
	if err != nil {
		return nil, err
	}
	if channels == "" {
		channels = "dual"
	}
	c, err := s.activeCall(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	if err := s.announceRecording(ctx, c); err != nil {
		return nil, err
	}
	pr, err := s.deps.Provider.StartRecording(ctx, c.CustomerCallSID, channels, s.url(PathRecordingStatus, nil))
	if err != nil {
		return nil, providerErr(err, sb.ECallNotActive)
	}
	r := &sb.Recording{RecordingSID: pr.Sid, CallSID: c.CallSID, WorkspaceID: c.WorkspaceID, LegSID: c.CustomerCallSID,
		Status: sb.RecordingInProgress, Channels: channels, StartedAt: pr.StartTime}
	if pr.Channels != "" {
		r.Channels = pr.Channels
	}
	if st, ok := recordingStatusOf[pr.Status]; ok {
		r.Status = st
	}
	if err := recs.CreateRecording(ctx, r); err != nil {
		return nil, err
	}
	s.logger(ctx).Info("recording started", "call_sid", c.CallSID, "recording_sid", r.RecordingSID, "channels", r.Channels)
	return r, nil
}

// RecordingFor returns a recording for its call's agent only: another
// workspace's is ENotFound, another agent's ENotAgentParticipant.
func (s *Service) RecordingFor(ctx context.Context, workspaceID, identity, recordingSID string) (*sb.Recording, error) {
	recs, err := s.recordings()
	if err != nil {
		return nil, err
	}
	r, err := recs.FindRecording(ctx, workspaceID, recordingSID)
	if err != nil {
		return nil, err
	}
	if _, err := s.CallFor(ctx, workspaceID, identity, r.CallSID); err != nil {
		return nil, err
	}
	return r, nil
}

// UpdateRecording pauses (paused), resumes (in-progress) or stops (stopped)
// a recording, then stores what the provider did. A stopped, completed or
// failed recording is ERecordingNotActive.
// Errors: ENotFound, ENotAgentParticipant, ERecordingNotActive, EProviderError.
func (s *Service) UpdateRecording(ctx context.Context, workspaceID, identity, recordingSID string, status sb.RecordingStatus) (*sb.Recording, error) {
	r, err := s.RecordingFor(ctx, workspaceID, identity, recordingSID)
	if err != nil {
		return nil, err
	}
	switch status {
	case sb.RecordingPaused, sb.RecordingInProgress, sb.RecordingStopped:
	default:
		return nil, sb.FieldErrorf(sb.EInvalid, "status", "status is paused, in-progress or stopped")
	}
	if r.Status.Rank() > 0 {
		return nil, sb.Errorf(sb.ERecordingNotActive, "The recording is %s and cannot be changed.", r.Status)
	}
	pr, err := s.deps.Provider.UpdateRecording(ctx, r.LegSID, r.RecordingSID, string(status))
	if err != nil {
		return nil, providerErr(err, sb.ERecordingNotActive)
	}
	if st, ok := recordingStatusOf[pr.Status]; ok && st.Rank() >= status.Rank() {
		status = st
	}
	out, _, err := s.deps.Recordings.UpdateRecording(ctx, r.RecordingSID, sb.RecordingUpdate{Status: status})
	if err != nil {
		return nil, err
	}
	s.logger(ctx).Info("recording updated", "call_sid", r.CallSID, "recording_sid", r.RecordingSID, "status", out.Status)
	return out, nil
}

// CallRecordings lists a call's recordings for its agent, newest first.
func (s *Service) CallRecordings(ctx context.Context, workspaceID, identity, callSID string, page sb.Page) ([]*sb.Recording, sb.Meta, error) {
	recs, err := s.recordings()
	if err != nil {
		return nil, sb.Meta{}, err
	}
	if _, err := s.CallFor(ctx, workspaceID, identity, callSID); err != nil {
		return nil, sb.Meta{}, err
	}
	return recs.ListRecordings(ctx, callSID, page)
}

// RecordingStatusRequest is a recording status callback.
type RecordingStatusRequest struct {
	RecordingSID string
	Status       string // the provider's: in-progress, completed, absent, …
	CallSID      string // the recorded leg
	Duration     *int
	MediaURL     string
	Channels     string // "1" or "2", or mono/dual
}

// RecordingStatus keeps a recording current from its status callback: its
// final status (completed, or failed for absent), duration and media URL. A
// callback that beats the answer that started the recording stores the
// recording itself (from the recorded leg's call); one for a recording and
// leg nobody knows is logged and acknowledged.
func (s *Service) RecordingStatus(ctx context.Context, req RecordingStatusRequest) error {
	recs, err := s.recordings()
	if err != nil {
		return err
	}
	log := s.logger(ctx).With("recording_sid", req.RecordingSID, "recording_status", req.Status, "leg_sid", req.CallSID)
	status, known := recordingStatusOf[req.Status]
	if !known {
		log.Warn("recording status callback with an unknown status; acknowledged")
		return nil
	}
	u := sb.RecordingUpdate{Status: status, Duration: req.Duration, MediaURL: req.MediaURL}
	if !status.Final() {
		// Only the provider knows when a recording is over; pauses and
		// resumes are the service's own and already stored.
		u = sb.RecordingUpdate{}
	}
	r, moved, err := recs.UpdateRecording(ctx, req.RecordingSID, u)
	if sb.ErrorCode(err) == sb.ENotFound {
		if r, err = s.adoptRecording(ctx, req); err != nil || r == nil {
			return err
		}
		r, moved, err = recs.UpdateRecording(ctx, req.RecordingSID, u)
	}
	if err != nil {
		return err
	}
	log.Info("recording status callback", "call_sid", r.CallSID, "moved", moved, "status", r.Status)
	return nil
}

// adoptRecording stores a recording first heard of in its callback; nil
// when the leg belongs to no call.
func (s *Service) adoptRecording(ctx context.Context, req RecordingStatusRequest) (*sb.Recording, error) {
	c, err := s.deps.Calls.FindCallByLeg(ctx, req.CallSID)
	if sb.ErrorCode(err) == sb.ENotFound {
		s.logger(ctx).Warn("recording status callback for an unknown recording and leg; acknowledged",
			"recording_sid", req.RecordingSID, "leg_sid", req.CallSID)
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	channels := "mono"
	if req.Channels == "2" || req.Channels == "dual" {
		channels = "dual"
	}
	r := &sb.Recording{RecordingSID: req.RecordingSID, CallSID: c.CallSID, WorkspaceID: c.WorkspaceID, LegSID: req.CallSID,
		Status: sb.RecordingInProgress, Channels: channels, StartedAt: time.Now().UTC()}
	if err := s.deps.Recordings.CreateRecording(ctx, r); err != nil {
		var de *sb.Error
		if errors.As(err, &de) && de.Code == sb.ENotFound {
			return nil, nil
		}
		return nil, err
	}
	return r, nil
}
