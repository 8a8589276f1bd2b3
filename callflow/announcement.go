package callflow

import (
	"context"
	"net/url"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// announceRecording tells everyone on c that it is about to be recorded,
// when c's workspace has a recording announcement: the provider is asked to
// play PathAnnouncement to the whole conference (customer, agent and any
// transfer target), which is what two-party-consent states ask of a
// recording. A refusal stops the recording before it starts: recording
// without the notice is what the setting exists to prevent. The provider
// plays the announcement on its own once it has taken the request, so the
// recording's first seconds hold the notice itself.
func (s *Service) announceRecording(ctx context.Context, c *sb.Call) error {
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, c.WorkspaceID)
	if err != nil {
		return err
	}
	if settings.RecordingAnnouncement == nil {
		return nil
	}
	conf, err := s.conferenceSID(ctx, c)
	if err != nil {
		return err
	}
	doc := s.url(PathAnnouncement, url.Values{"workspaceId": {c.WorkspaceID}})
	if err := s.deps.Provider.AnnounceConference(ctx, conf, doc); err != nil {
		s.logger(ctx).Warn("recording announcement refused; nothing recorded", "call_sid", c.CallSID,
			"conference_sid", conf, "error", err)
		return providerErr(err, sb.ECallNotActive)
	}
	s.logger(ctx).Info("recording announced", "call_sid", c.CallSID, "conference_sid", conf)
	return nil
}

// Announcement is the TwiML behind PathAnnouncement: the workspace's
// recording announcement said once. A workspace that has turned it off
// since, or that does not exist (the URL is signed, so only the service
// made it), gets a document that says nothing: the provider would otherwise
// report an application error into the live call.
func (s *Service) Announcement(ctx context.Context, workspaceID string) (string, error) {
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, workspaceID)
	switch {
	case sb.ErrorCode(err) == sb.ENotFound:
		s.logger(ctx).Warn("recording announcement asked for an unknown workspace; nothing said", "workspace_id", workspaceID)
		return telephony.Announcement("")
	case err != nil:
		return "", err
	case settings.RecordingAnnouncement == nil:
		s.logger(ctx).Info("recording announcement asked for, but it is off; nothing said", "workspace_id", workspaceID)
		return telephony.Announcement("")
	}
	return telephony.Announcement(*settings.RecordingAnnouncement)
}
