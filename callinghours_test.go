package switchboard_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestParseClock(t *testing.T) {
	for in, want := range map[string]int{"00:00": 0, "08:00": 480, "21:00": 1260, "23:59": 1439, "24:00": 1440, "09:05": 545} {
		got, ok := sb.ParseClock(in)
		require.True(t, ok, in)
		require.Equal(t, want, got, in)
		require.Equal(t, in, sb.FormatClock(got))
	}
	for _, in := range []string{"", "8:00", "08:0", "25:00", "24:01", "08:60", "8am", "08h00", "０８:00", "-1:00", "08:00:00", " 08:00"} {
		_, ok := sb.ParseClock(in)
		require.False(t, ok, in)
	}
}

func TestCallingHoursValidate(t *testing.T) {
	require.NoError(t, sb.CallingHours{Start: 0, End: 1440}.Validate())
	require.NoError(t, sb.DefaultCallingHours.Validate())
	for _, tc := range []struct {
		w     sb.CallingHours
		field string
	}{
		{sb.CallingHours{Start: 1260, End: 480}, "callingHours.end"}, // overnight windows are not a thing
		{sb.CallingHours{Start: 480, End: 480}, "callingHours.end"},
		{sb.CallingHours{Start: 1440, End: 1440}, "callingHours.start"},
		{sb.CallingHours{Start: -1, End: 60}, "callingHours.start"},
		{sb.CallingHours{Start: 0, End: 1441}, "callingHours.end"},
	} {
		err := tc.w.Validate()
		require.Equal(t, sb.EInvalid, sb.ErrorCode(err), tc.w.String())
		require.Equal(t, tc.field, err.(*sb.Error).Details[0].Field)
	}
}

func TestWorkspacePatchValidate(t *testing.T) {
	bad := func(zone string) error {
		return sb.WorkspaceSettingsPatch{TimeZone: &zone}.Validate()
	}
	for _, z := range []string{"", "Local", "Mars/Olympus", "EST5EDT ", "../etc/passwd", "Etc/Unknown"} {
		err := bad(z)
		require.Equal(t, sb.EInvalid, sb.ErrorCode(err), z)
		require.Equal(t, "timeZone", err.(*sb.Error).Details[0].Field)
	}
	for _, z := range []string{"UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"} {
		require.NoError(t, bad(z), z)
	}
	// Turning the window off needs no window.
	require.NoError(t, sb.WorkspaceSettingsPatch{SetCallingHours: true}.Validate())
	w := sb.CallingHours{Start: 600, End: 540}
	require.Error(t, sb.WorkspaceSettingsPatch{SetCallingHours: true, CallingHours: &w}.Validate())
}

// TestOutsideCallingHours: fixed instants, several zones, DST changes and
// numbers without a zone. Every case names the local time it is about.
func TestOutsideCallingHours(t *testing.T) {
	def := sb.DefaultCallingHours // 08:00–21:00
	ny := []string{"America/New_York"}
	// North Dakota's 701 spans Mountain and Central time.
	nd := []string{"America/Denver", "America/North_Dakota/Center"}
	allDay := sb.CallingHours{Start: 0, End: 1440}
	for _, tc := range []struct {
		name    string
		w       *sb.CallingHours
		zones   []string
		wsZone  string
		now     string
		allowed bool
		zone    string // the zone reported when refused
		local   string // its local time, 15:04
	}{
		{"New York at 08:00 opens", &def, ny, "UTC", "2026-01-14T13:00:00Z", true, "", ""},
		{"New York at 07:59 is too early", &def, ny, "UTC", "2026-01-14T12:59:00Z", false, "America/New_York", "07:59"},
		{"New York at 20:59 is still fine", &def, ny, "UTC", "2026-01-15T01:59:00Z", true, "", ""},
		{"New York at 21:00 is closed", &def, ny, "UTC", "2026-01-15T02:00:00Z", false, "America/New_York", "21:00"},
		{"Los Angeles at 03:00", &def, []string{"America/Los_Angeles"}, "UTC", "2026-01-14T11:00:00Z", false, "America/Los_Angeles", "03:00"},
		{"Sydney in the afternoon (UTC 03:00)", &def, []string{"Australia/Sydney"}, "UTC", "2026-01-14T03:00:00Z", true, "", ""},
		{"Moscow at night (UTC 20:00 = 23:00)", &def, []string{"Europe/Moscow"}, "UTC", "2026-01-14T20:00:00Z", false, "Europe/Moscow", "23:00"},

		// Spring forward (2026-03-08, 02:00 EST → 03:00 EDT): 12:30 UTC is
		// 07:30 the day before and 08:30 on the day.
		{"New York the day before spring-forward, 07:30 EST", &def, ny, "UTC", "2026-03-07T12:30:00Z", false, "America/New_York", "07:30"},
		{"New York on spring-forward day, 08:30 EDT", &def, ny, "UTC", "2026-03-08T12:30:00Z", true, "", ""},
		{"New York in the skipped hour's wake, 03:30 EDT", &def, ny, "UTC", "2026-03-08T07:30:00Z", false, "America/New_York", "03:30"},
		{"New York the evening before, 20:30 EST", &def, ny, "UTC", "2026-03-08T01:30:00Z", true, "", ""},
		{"New York the evening after, 21:30 EDT", &def, ny, "UTC", "2026-03-09T01:30:00Z", false, "America/New_York", "21:30"},
		// Fall back (2026-11-01, 02:00 EDT → 01:00 EST).
		{"New York the day before fall-back, 08:30 EDT", &def, ny, "UTC", "2026-10-31T12:30:00Z", true, "", ""},
		{"New York on fall-back day, 07:30 EST", &def, ny, "UTC", "2026-11-01T12:30:00Z", false, "America/New_York", "07:30"},

		// Several zones: every one must be inside.
		{"701 when Denver is at 07:30 and Central at 08:30", &def, nd, "UTC", "2026-01-14T14:30:00Z", false, "America/Denver", "07:30"},
		{"701 when Denver is at 08:30 and Central at 09:30", &def, nd, "UTC", "2026-01-14T15:30:00Z", true, "", ""},
		{"701 when Denver is at 20:30 and Central at 21:30", &def, nd, "UTC", "2026-01-15T03:30:00Z", false, "America/North_Dakota/Center", "21:30"},
		{"701 on US spring-forward day, Denver 08:30 MDT", &def, nd, "UTC", "2026-03-08T14:30:00Z", true, "", ""},

		// No zone of its own: the workspace's.
		{"no zone, workspace in Berlin at 09:00", &def, nil, "Europe/Berlin", "2026-01-14T08:00:00Z", true, "", ""},
		{"no zone, workspace in Berlin at 06:00", &def, nil, "Europe/Berlin", "2026-01-14T05:00:00Z", false, "Europe/Berlin", "06:00"},
		{"Etc/Unknown, workspace in UTC at 22:00", &def, []string{sb.UnknownZone}, "UTC", "2026-01-14T22:00:00Z", false, "UTC", "22:00"},
		{"Etc/Unknown, workspace in Tokyo at 08:30", &def, []string{sb.UnknownZone}, "Asia/Tokyo", "2026-01-14T23:30:00Z", true, "", ""},

		// The workspace's own window.
		{"window off", nil, ny, "UTC", "2026-01-14T08:00:00Z", true, "", ""},
		{"all day at 03:00", &allDay, ny, "UTC", "2026-01-14T08:00:00Z", true, "", ""},
		{"09:30–17:00 at 09:15", &sb.CallingHours{Start: 570, End: 1020}, ny, "UTC", "2026-01-14T14:15:00Z", false, "America/New_York", "09:15"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outside, ok, err := sb.OutsideCallingHours(tc.w, tc.zones, tc.wsZone, at(tc.now))
			require.NoError(t, err)
			require.Equal(t, tc.allowed, ok)
			if !tc.allowed {
				require.Equal(t, tc.zone, outside.Zone)
				require.Equal(t, tc.local, outside.Local.Format("15:04"))
			}
		})
	}
}

func TestOutsideCallingHoursBadZone(t *testing.T) {
	_, ok, err := sb.OutsideCallingHours(&sb.DefaultCallingHours, []string{"Mars/Olympus"}, "UTC", at("2026-01-14T15:00:00Z"))
	require.Error(t, err)
	require.False(t, ok)
}

// BenchmarkCallingHoursCheck is the work calling hours add to a dial beyond
// the settings it reads with the agent's membership: the number's zones and
// the rule, for a one-zone number and for one in every NANP zone.
func BenchmarkCallingHoursCheck(b *testing.B) {
	now := at("2026-01-14T23:00:00Z")
	for _, n := range []string{"+14155552671", "+15005550100"} {
		b.Run(n, func(b *testing.B) {
			for b.Loop() {
				_, ok, err := sb.OutsideCallingHours(&sb.DefaultCallingHours, phone.TimeZones(n), "UTC", now)
				if err != nil || !ok {
					b.Fatal(ok, err)
				}
			}
		})
	}
}
