package switchboard

import "strings"

// MaxRecordingAnnouncement is the longest recording announcement, in
// characters: about half a minute of speech, long enough for a notice and
// short enough that nobody waits through it.
const MaxRecordingAnnouncement = 500

// CheckRecordingAnnouncement is the rule for a workspace's recording
// announcement: 1 to MaxRecordingAnnouncement characters of one line (it is
// spoken, so a line break or any other control character has no meaning)
// that are not all blank (null, not "", turns the announcement off).
// Errors: EInvalid naming recordingAnnouncement.
func CheckRecordingAnnouncement(text string) error {
	const field = "recordingAnnouncement"
	if err := CheckText(field, text, MaxRecordingAnnouncement, false); err != nil {
		return err
	}
	if strings.TrimSpace(text) == "" {
		return FieldErrorf(EInvalid, field, "must say something; null turns the announcement off")
	}
	return nil
}
