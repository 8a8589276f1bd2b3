package telephony

import "github.com/twilio/twilio-go/twiml"

// TwiMLContentType is the Content-Type of every TwiML answer.
const TwiMLContentType = "application/xml"

// Participant labels. The contract's conference has exactly these two; a
// transfer target gets its own label from the caller (see AddParticipant).
const (
	LabelAgent    = "agent"
	LabelCustomer = "customer"
)

// The functions below build the call-control documents openapi.yaml
// describes for the voice webhooks, with twilio-go's twiml package. twiml writes attributes from a map, so
// their order changes from run to run: compare parsed XML, never strings.

// AgentConference is the call-control answer for the agent's browser leg: it
// joins the conference, starts it, and leaving does not end it (so a
// completed transfer can take the agent out and leave customer and target
// talking).
func AgentConference(name string) (string, error) {
	return twiml.Voice([]twiml.Element{&twiml.VoiceDial{InnerElements: []twiml.Element{
		&twiml.VoiceConference{
			Name:                   name,
			StartConferenceOnEnter: "true",
			EndConferenceOnExit:    "false",
			ParticipantLabel:       LabelAgent,
		},
	}}})
}

// CustomerConference is the conference-join answer for the customer leg: the
// conference ends when the customer leaves, which hangs up everyone else.
//
// It writes both participantLabel (Twilio's attribute) and label (the seed
// interface's word); Twilio only warns (12200) about an attribute it does not
// know, so carrying both costs nothing and satisfies both readers.
// startConferenceOnEnter is left unset, as the seed says.
func CustomerConference(name string) (string, error) {
	return twiml.Voice([]twiml.Element{&twiml.VoiceDial{InnerElements: []twiml.Element{
		&twiml.VoiceConference{
			Name:                name,
			EndConferenceOnExit: "true",
			ParticipantLabel:    LabelCustomer,
			OptionalAttributes:  map[string]string{"label": LabelCustomer},
		},
	}}})
}

// Refuse speaks reason to the caller and hangs up; callml answers it when it
// will not place the call (invalid number, DNC, caller ID not allowed).
func Refuse(reason string) (string, error) {
	return twiml.Voice([]twiml.Element{&twiml.VoiceSay{Message: reason}, &twiml.VoiceHangup{}})
}

// Hangup ends the call at once; conference-join answers it for an unknown
// conference.
func Hangup() (string, error) {
	return twiml.Voice([]twiml.Element{&twiml.VoiceHangup{}})
}

// HoldMessage is what a held participant hears when no hold music is
// configured.
const HoldMessage = "Please hold."

// HoldMusic is the document behind a participant's HoldUrl: musicURL (an
// MP3 or WAV) played in a loop, or, when musicURL is empty, HoldMessage
// repeated. loop="0" repeats until the participant is unheld or hangs up.
func HoldMusic(musicURL string) (string, error) {
	if musicURL != "" {
		return twiml.Voice([]twiml.Element{&twiml.VoicePlay{Url: musicURL, Loop: "0"}})
	}
	return twiml.Voice([]twiml.Element{
		&twiml.VoiceSay{Message: HoldMessage, Loop: "0"},
	})
}

// Announcement is the document behind a conference's AnnounceUrl: text said
// once to everyone in the conference. An empty text (the announcement was
// turned off after it was asked for) says nothing.
func Announcement(text string) (string, error) {
	if text == "" {
		return twiml.Voice(nil)
	}
	return twiml.Voice([]twiml.Element{&twiml.VoiceSay{Message: text}})
}

// VoicemailDrop is the document a customer leg is redirected to when its
// agent drops a voicemail: the recording at audioURL played once, then the
// call hung up.
func VoicemailDrop(audioURL string) (string, error) {
	return twiml.Voice([]twiml.Element{&twiml.VoicePlay{Url: audioURL}, &twiml.VoiceHangup{}})
}
