package switchboard

import (
	"context"
	"time"
)

// CallStatus is where a call stands. Statuses only move forward (see Rank):
// the provider does not promise the order of its callbacks, so a late
// "ringing" after "completed" must change nothing.
type CallStatus string

const (
	CallInitiated CallStatus = "initiated"
	CallRinging   CallStatus = "ringing"
	CallAnswered  CallStatus = "answered"
	CallCompleted CallStatus = "completed"
	CallNoAnswer  CallStatus = "no-answer"
	CallBusy      CallStatus = "busy"
	CallFailed    CallStatus = "failed"
)

// Rank orders statuses: initiated 0, ringing 1, answered 2, and every final
// status 3. A call moves to a status only when its rank is higher than the
// current one, so the first final status wins. Unknown statuses rank -1.
func (s CallStatus) Rank() int {
	switch s {
	case CallInitiated:
		return 0
	case CallRinging:
		return 1
	case CallAnswered:
		return 2
	case CallCompleted, CallNoAnswer, CallBusy, CallFailed:
		return 3
	}
	return -1
}

// Final reports whether the call has ended.
func (s CallStatus) Final() bool { return s.Rank() == 3 }

// Call is one conference with an agent leg and a customer leg. Its CallSID
// is the agent leg's provider SID: the CallSid of the call-control webhook,
// or, for click-to-call, the SID of the call the provider placed to the
// agent's browser (which then requests the call-control webhook itself).
type Call struct {
	CallSID       string
	WorkspaceID   string
	AgentIdentity string
	Direction     string // always "outbound": agents call customers
	To            string // the customer, E.164 (or what was asked, when refused as invalid)
	From          string // the caller ID shown to the customer
	Status        CallStatus
	// ConferenceName is "" until the call-control webhook has run: a
	// click-to-call call waits for its agent to answer.
	ConferenceName  string
	ConferenceSID   string // CF…, once known (hold, mute and transfer need it)
	CustomerCallSID string // "" until the customer leg exists
	OnHold          bool
	Muted           bool
	Transfer        *Transfer
	FailureReason   string // why the call failed, "" otherwise
	CreatedAt       time.Time
	AnsweredAt      *time.Time
	EndedAt         *time.Time
	Duration        *int // seconds from answer to end, once ended

	// After-call work. ContactID is the workspace's contact whose phone was
	// the number dialled when the call was created, "" when none was;
	// Outcome, Notes and Tags are the agent's (Tags lower-case, in the
	// agent's order, never nil when read from the store).
	ContactID string
	Outcome   *OutcomeRef
	Notes     string
	Tags      []string

	// Answering machines and voicemail drops. MachineDetection says
	// whether the customer leg is created with answering-machine
	// detection, decided when the call is created (the workspace's
	// setting, or the click-to-call's own choice); AnsweredBy is the
	// provider's verdict, "" until it arrives; VoicemailDropID names the
	// voicemail drop played to the customer leg, "" when none was.
	MachineDetection bool
	AnsweredBy       AnsweredBy
	VoicemailDropID  string

	// DialLimits, given to CreateCall or BeginCall and never stored, are
	// the caps on calls to To (DialCheck.Limits): the store writes a new
	// call only while the calls already created to To leave room under
	// each, deciding under a lock on the number so that two dials at once
	// cannot both pass, and refuses it otherwise with the first full cap's
	// code (EStateRule or EAttemptLimit).
	DialLimits []DialLimit

	// DialListID is the dial list whose entry the call dials, "" for
	// none. DialLease, given to CreateCall and never stored, names that
	// entry: the store counts the attempt with the call, only while the
	// entry is leased to the agent, and refuses the call otherwise
	// (EEntryNotLeased). The call's end moves the entry.
	DialListID string
	DialLease  *DialLease
}

// Awaiting reports whether the call waits for its agent leg's call-control
// webhook (a click-to-call call whose agent has not answered yet).
func (c *Call) Awaiting() bool { return c.ConferenceName == "" && !c.Status.Final() }

// Call event sources.
const (
	EventStatusCallback = "status"          // a status callback of either leg
	EventConferenceJoin = "conference-join" // the customer answered
)

// Call event sources of call control. Their ProviderStatus is the step
// (hold, unhold, muted, unmuted, a transfer status, a recording status) and
// their LegSID the leg or recording it concerns; the store numbers their
// Sequence.
const (
	EventHold      = "hold"
	EventMute      = "mute"
	EventTransfer  = "transfer"
	EventRecording = "recording"
	// EventAMD is the provider's answering-machine verdict on the customer
	// leg; its ProviderStatus is the AnsweredBy value.
	EventAMD = "amd"
	// EventVoicemail is a voicemail drop played to the customer leg; its
	// ProviderStatus is "dropped".
	EventVoicemail = "voicemail"
	// EventHangup is the agent hanging the call up through the API; its
	// ProviderStatus is how the call ended (completed, or canceled before
	// the customer answered).
	EventHangup = "hangup"
)

// CallChange is a read-modify-write of a call's control state, run by
// CallStore.UpdateCall on the stored call inside its transaction. It may
// change ConferenceSID, OnHold, Muted, Transfer, AnsweredBy and
// VoicemailDropID (nothing else is written) and returns the events to store with the change. It must not do
// I/O: it decides, on the state as stored, whether the change still applies,
// and returns an *Error to refuse it.
type CallChange func(c *Call) ([]*CallEvent, error)

// CallEvent is one thing the provider told about a call, kept in order of
// arrival. The same event (leg, source, provider status, sequence) is kept
// once, so a repeated callback changes nothing.
type CallEvent struct {
	ID             string
	CallSID        string // the Call
	LegSID         string // the leg the provider spoke of
	Source         string // EventStatusCallback, EventConferenceJoin
	ProviderStatus string // the provider's word: in-progress, canceled, …
	// Status is what the event moves the call to; "" records it without
	// moving the call (an agent leg's end after the customer leg exists).
	Status   CallStatus
	Sequence int  // the provider's SequenceNumber, -1 when it sent none
	Duration *int // the provider's CallDuration, on the final callback
	// Applied says whether the event moved the call; set by the store.
	Applied   bool
	CreatedAt time.Time
}

// PendingDial is the durable promise to create a call's customer leg. The
// call-control webhook writes it in the same transaction as the call, before
// answering; it is deleted when the customer leg exists or the call fails.
// A process that dies in between leaves it behind, and whoever claims it
// after ClaimedUntil (the next start-up) dials or fails it.
type PendingDial struct {
	CallSID        string
	WorkspaceID    string
	To, From       string
	ConferenceName string
	Attempts       int // claims so far, the first included
	// MachineDetection creates the leg with answering-machine detection
	// (the call's own MachineDetection).
	MachineDetection bool
	// Creates are the creates of the customer leg sent so far, by every
	// process that worked the dial (NoteCreate counts one before it is
	// sent), so that a process taking the dial up continues their budget.
	Creates      int
	ClaimedUntil time.Time
	CreatedAt    time.Time
}

// CallStore keeps calls, their events and their pending dials. The
// webhook-facing methods take no workspace: the provider names calls by SID.
type CallStore interface {
	// CreateCall stores a click-to-call call awaiting its agent's answer
	// (c.ConferenceName ""). When the call-control webhook stored the call
	// first, c is filled with the stored call and no error is returned.
	// Errors: EInvalid, and EStateRule or EAttemptLimit (c.DialLimits).
	CreateCall(ctx context.Context, c *Call) error
	// BeginCall is the call-control webhook's write, in one transaction.
	// A new call is stored as given; a click-to-call call awaiting its agent
	// takes c's ConferenceName (or, when c.Status is final, c's failure).
	// When c.Status is not final, a PendingDial claimed for claim is stored
	// with it and returned. A call whose webhook already ran (a retry, or a
	// concurrent duplicate) is left alone: c is filled with it and the dial is
	// nil. Either way c holds the stored call on return. Errors: EInvalid,
	// and EStateRule or EAttemptLimit for a new call (c.DialLimits).
	BeginCall(ctx context.Context, c *Call, claim time.Duration) (*PendingDial, error)
	// FindCall errors: ENotFound (also for another workspace's call).
	FindCall(ctx context.Context, workspaceID, callSID string) (*Call, error)
	// FindCallByLeg finds the call whose agent or customer leg is legSID.
	// Errors: ENotFound.
	FindCallByLeg(ctx context.Context, legSID string) (*Call, error)
	// FindCallByConference errors: ENotFound.
	FindCallByConference(ctx context.Context, conferenceName string) (*Call, error)
	// ListCalls lists the workspace's calls that f selects, newest first
	// (CreatedAt, then CallSID); the total counts exactly up to
	// CallCountCap.
	ListCalls(ctx context.Context, workspaceID string, f CallFilter, page Page) ([]*Call, Meta, error)
	// ListContactCalls lists the calls to a contact of the workspace,
	// newest first, counted like ListCalls. Errors: ENotFound when the
	// workspace has no such contact.
	ListContactCalls(ctx context.Context, workspaceID, contactID string, page Page) ([]*Call, Meta, error)
	// ReportCalls computes q's rows in the database, one per key that has
	// calls, ordered by key (SortReportRows).
	ReportCalls(ctx context.Context, q CallReportQuery) ([]CallReportRow, error)
	// CustomerLegCreated records the customer leg's SID, only while the
	// call has none, and deletes the pending dial, in one transaction that
	// also applies the events held for that leg (HoldCallEvent). It returns
	// the call (which may have ended meanwhile): when its CustomerCallSID is
	// not customerCallSID, the call had another leg and this one was not
	// recorded. Errors: ENotFound.
	CustomerLegCreated(ctx context.Context, callSID, customerCallSID string) (*Call, error)
	// FailCall marks the call failed with reason unless it has already
	// ended, and deletes its pending dial. It reports whether it changed the
	// call. Errors: ENotFound.
	FailCall(ctx context.Context, callSID, reason string) (bool, error)
	// RecordCallEvent stores ev (ev.CallSID names the call) unless the same
	// event is stored already, and moves the call to ev.Status when that
	// ranks above the current status and ev is not older (by Sequence) than
	// the last callback applied from the customer leg. A call that ends loses
	// its pending dial. It sets ev.ID, ev.Applied and ev.CreatedAt and returns
	// the call as it is after. Errors: ENotFound.
	RecordCallEvent(ctx context.Context, ev *CallEvent) (*Call, error)
	// HoldCallEvent keeps an event about a leg no call knows (ev.CallSID
	// ""): a callback can beat the write of the customer leg's SID, and
	// CustomerLegCreated applies it then (a status callback as
	// RecordCallEvent would; an EventAMD verdict, its ProviderStatus, as the
	// call's AnsweredBy unless one is set). The same event is kept once. If a
	// call has the leg by the time the event is written, nothing is held and
	// held is false: record it with RecordCallEvent instead.
	HoldCallEvent(ctx context.Context, ev *CallEvent) (held bool, err error)
	// HoldTransferEvent keeps a callback of a transfer target (ev.LegSID)
	// that arrived before callSID's transfer named that leg: the target
	// can answer or be busy before the process that added it has written
	// it, and that process takes the event with TakeTransferEvents once it
	// has. The same event is kept once. If the call's transfer names the
	// leg by the time the event is written, nothing is held and held is
	// false: handle it as the call stands. Errors: ENotFound.
	HoldTransferEvent(ctx context.Context, callSID string, ev *CallEvent) (held bool, err error)
	// TakeTransferEvents returns, in order, the events held for legSID by
	// HoldTransferEvent, and records them as callSID's (not applied: what
	// they change is written by the caller, as UpdateCall events).
	TakeTransferEvents(ctx context.Context, callSID, legSID string) ([]*CallEvent, error)
	// ListCallEvents lists a call's events in order of arrival.
	ListCallEvents(ctx context.Context, callSID string) ([]*CallEvent, error)
	// UpdateCall runs change on the call as stored, under the call's row
	// lock, and writes what it changed of the control state (conference
	// SID, hold, mute, transfer) with the events it returns, in one
	// transaction; an error from change writes nothing and is returned. It
	// returns the call after. Errors: ENotFound, and change's.
	UpdateCall(ctx context.Context, callSID string, change CallChange) (*Call, error)
	// HangUpCall ends the call its agent hung up, under the call's row
	// lock, once the provider has ended the legs: an answered call
	// completes (EndedAt, Duration), one not answered yet fails with
	// reason; its pending dial is deleted, and an EventHangup event is
	// stored with the change. A call that has ended is left as it is.
	// It returns the call after and whether it changed it. Errors:
	// ENotFound.
	HangUpCall(ctx context.Context, callSID, reason string) (*Call, bool, error)
	// ClaimPendingDials claims up to limit pending dials whose claim has
	// expired, for claim more, counting the attempt; oldest first.
	ClaimPendingDials(ctx context.Context, claim time.Duration, limit int) ([]*PendingDial, error)
	// DeletePendingDial deletes the call's pending dial, if any, leaving the
	// call alone: for a dial that must not be placed.
	DeletePendingDial(ctx context.Context, callSID string) error
	// NoteCreate counts one more create of the customer leg of the pending
	// dial callSID, before it is sent, and returns the creates counted so
	// far. It holds only for the claim attempts names: once another process
	// claimed the dial (or it is gone), nothing is counted and the error is
	// ENotFound.
	NoteCreate(ctx context.Context, callSID string, attempts int) (int, error)
}
