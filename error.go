package switchboard

import (
	"errors"
	"fmt"
)

// Error codes. They are the `code` of the API's error envelope, so they are
// part of the published contract: add, never rename.
const (
	EInvalid             = "invalid_request"
	EInvalidPhone        = "invalid_phone"
	EUnauthorized        = "unauthorized"
	EForbidden           = "forbidden"
	ENotAgentParticipant = "not_agent_participant"
	ENotFound            = "not_found"
	EContactExists       = "contact_exists"
	ECallerIDExists      = "caller_id_exists"
	ECallNotActive       = "call_not_active"
	ETransferPending     = "transfer_pending"
	ENoPendingTransfer   = "no_pending_transfer"
	ERecordingNotActive  = "recording_not_active"
	ELimitReached        = "limit_reached"
	EOutcomeExists       = "outcome_exists"
	EPayloadTooLarge     = "payload_too_large"
	EDNCBlocked          = "dnc_blocked"
	ECallerIDNotAllowed  = "caller_id_not_allowed"
	EOutsideCallingHours = "outside_calling_hours"
	EStateRule           = ReasonStateRule
	EAttemptLimit        = ReasonAttemptLimit
	ECallerIDTaken       = "caller_id_taken"
	ERateLimited         = "rate_limited"
	EInvalidSignature    = "invalid_signature"
	ENotImplemented      = "not_implemented"
	EProviderError       = "provider_error"
	// EDialListInactive: a paused or done dial list hands out nothing.
	EDialListInactive = "dial_list_inactive"
	// EEntryNotLeased: a dial list's entry is dialled only by the agent
	// holding its lease.
	EEntryNotLeased = "entry_not_leased"
	// EUnavailable is a passing fault of the database (a dropped
	// connection, a serialization failure, a deadlock): retry later.
	EUnavailable = "unavailable"
	EInternal    = "internal"
)

// FieldError names one field of a request and what is wrong with it.
type FieldError struct {
	Field   string
	Message string
	// Code is a reason's code, set on the "reasons" details of a refused
	// dial (DialCheck.Refusal).
	Code string
}

// Error is the one error type the layers pass to each other. Its Code decides
// the HTTP status (server/errors.go holds the table); its Message is safe to
// show to the API's caller. Anything that is not an *Error reaching the HTTP
// layer is treated as internal and its text is logged, never shown.
type Error struct {
	Code    string
	Message string
	Details []FieldError
}

func (e *Error) Error() string {
	return fmt.Sprintf("switchboard error: code=%s message=%s", e.Code, e.Message)
}

// Errorf builds an *Error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldErrorf builds an *Error that names the offending field in its details.
func FieldErrorf(code, field, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Code: code, Message: msg, Details: []FieldError{{Field: field, Message: msg}}}
}

// ErrorCode returns the code of err when it is (or wraps) an *Error, and
// EInternal for every other non-nil error.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the caller-safe message of err; for errors that are not
// an *Error it returns a generic text, so internals never reach a client.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}
