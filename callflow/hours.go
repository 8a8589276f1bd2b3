package callflow

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// checkCallingHours answers EOutsideCallingHours when phone (E.164) may not
// be called now under the workspace's calling hours: its local time, in
// every zone the phone metadata gives it (or the workspace's zone when it
// gives none), must be inside the window. field names the request field
// that carried the number. The details say the callee's local time and
// zone: field (a sentence), "localTime" (RFC 3339 with the zone's offset)
// and "timeZone" (the IANA name).
func (s *Service) checkCallingHours(ctx context.Context, workspaceID, phone, field string) error {
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, workspaceID)
	if err != nil {
		return err
	}
	return s.checkHoursWith(settings, phone, field)
}

func (s *Service) checkHoursWith(settings *sb.WorkspaceSettings, e164, field string) error {
	outside, ok, err := sb.OutsideCallingHours(settings.CallingHours, phone.TimeZones(e164), settings.TimeZone, s.cfg.Now())
	if err != nil {
		return fmt.Errorf("callflow: calling hours of %s: %w", e164, err)
	}
	if ok {
		return nil
	}
	msg := fmt.Sprintf("it is %s in %s for %s; the workspace calls only from %s to %s local time",
		outside.Local.Format("15:04 Mon"), outside.Zone, e164,
		sb.FormatClock(settings.CallingHours.Start), sb.FormatClock(settings.CallingHours.End))
	return &sb.Error{Code: sb.EOutsideCallingHours, Message: msg, Details: []sb.FieldError{
		{Field: field, Message: msg},
		{Field: "localTime", Message: outside.Local.Format(time.RFC3339)},
		{Field: "timeZone", Message: outside.Zone},
	}}
}

// hoursClosed fails the call of d when the callee's calling hours have
// closed, and reports whether it did. An error reading the settings leaves
// the dial as it is.
func (s *Service) hoursClosed(ctx context.Context, log *slog.Logger, d *sb.PendingDial) (bool, error) {
	err := s.checkCallingHours(ctx, d.WorkspaceID, d.To, "to")
	if err == nil {
		return false, nil
	}
	if sb.ErrorCode(err) != sb.EOutsideCallingHours {
		return false, err
	}
	s.fail(ctx, log, d, reasonHours+": "+sb.ErrorMessage(err), nil)
	return true, nil
}
