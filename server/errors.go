package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"syscall"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/labstack/echo/v4"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// Codes the HTTP layer raises itself, beside the domain's.
const (
	eMethodNotAllowed = "method_not_allowed"
)

// methodNotAllowed is the one 405 answer. Three routers find that a path
// lacks the method, each saying so in its own shape: Echo's (an HTTPError
// 405, toDomainError), kin-openapi's (a RouteError, validationError) and
// echo-middleware's report of kin-openapi's, a 404 that keeps only the
// reason (routeErrors).
func methodNotAllowed() *sb.Error {
	return sb.Errorf(eMethodNotAllowed, "Method not allowed on this resource.")
}

// statusOf is the one table from error codes to HTTP statuses.
var statusOf = map[string]int{
	sb.EInvalid:             http.StatusBadRequest,
	sb.EInvalidPhone:        http.StatusBadRequest,
	sb.EUnauthorized:        http.StatusUnauthorized,
	sb.EForbidden:           http.StatusForbidden,
	sb.ENotAgentParticipant: http.StatusForbidden,
	sb.EInvalidSignature:    http.StatusForbidden,
	sb.ENotFound:            http.StatusNotFound,
	eMethodNotAllowed:       http.StatusMethodNotAllowed,
	sb.EContactExists:       http.StatusConflict,
	sb.ECallerIDExists:      http.StatusConflict,
	sb.ECallNotActive:       http.StatusConflict,
	sb.ETransferPending:     http.StatusConflict,
	sb.ENoPendingTransfer:   http.StatusConflict,
	sb.ERecordingNotActive:  http.StatusConflict,
	sb.ELimitReached:        http.StatusConflict,
	sb.EOutcomeExists:       http.StatusConflict,
	sb.EDialListInactive:    http.StatusConflict,
	sb.EEntryNotLeased:      http.StatusConflict,
	sb.EPayloadTooLarge:     http.StatusRequestEntityTooLarge,
	sb.EDNCBlocked:          http.StatusUnprocessableEntity,
	sb.ECallerIDNotAllowed:  http.StatusUnprocessableEntity,
	sb.EOutsideCallingHours: http.StatusUnprocessableEntity,
	sb.EStateRule:           http.StatusUnprocessableEntity,
	sb.EAttemptLimit:        http.StatusUnprocessableEntity,
	sb.ECallerIDTaken:       http.StatusConflict,
	sb.ERateLimited:         http.StatusTooManyRequests,
	sb.EInternal:            http.StatusInternalServerError,
	sb.ENotImplemented:      http.StatusNotImplemented,
	sb.EProviderError:       http.StatusBadGateway,
	sb.EUnavailable:         http.StatusServiceUnavailable,
}

// codeOfStatus names the errors Echo itself raises (routing, body limit,
// binding) by their status.
var codeOfStatus = map[int]string{
	http.StatusBadRequest:            sb.EInvalid,
	http.StatusUnauthorized:          sb.EUnauthorized,
	http.StatusForbidden:             sb.EForbidden,
	http.StatusNotFound:              sb.ENotFound,
	http.StatusRequestEntityTooLarge: sb.EPayloadTooLarge,
	http.StatusTooManyRequests:       sb.ERateLimited,
	http.StatusUnsupportedMediaType:  sb.EInvalid,
}

// handleError is Echo's HTTPErrorHandler: the only place an error becomes a
// response. Anything it does not recognise is internal: logged in full with the
// request id, shown to the client only as "Internal error.".
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	log := loggerFrom(c.Request().Context(), s.log)
	gone := errors.Is(c.Request().Context().Err(), context.Canceled)
	if !gone && sb.ErrorCode(err) == sb.EUnavailable {
		// The database's passing trouble, not a bug: the client may retry.
		log.Warn("database unavailable", "error", err.Error())
	} else if gone || clientGone(err) {
		// Not the service's fault and nobody to answer: logged as such and
		// recorded with nginx's 499 in the access log, never as a 500.
		log.Info("client went away", "error", err.Error())
		c.Response().WriteHeader(statusClientClosed)
		return
	}
	e := toDomainError(err)
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status >= 500 && e.Code != sb.EUnavailable {
		log.Error("request failed", "error", err.Error(), "code", e.Code, "status", status)
	} else {
		log.Debug("request refused", "error", err.Error(), "code", e.Code, "status", status)
	}
	if (e.Code == sb.ERateLimited || e.Code == sb.EUnavailable) && c.Response().Header().Get("Retry-After") == "" {
		c.Response().Header().Set("Retry-After", "1")
	}
	body := api.ErrorResponse{Error: api.Error{Code: api.ErrorCode(e.Code), Message: e.Message}}
	if len(e.Details) > 0 {
		details := make([]api.ErrorDetail, len(e.Details))
		for i, d := range e.Details {
			details[i] = api.ErrorDetail{Field: d.Field, Message: d.Message}
			if d.Code != "" {
				details[i].Code = &d.Code
			}
		}
		body.Error.Details = &details
	}
	if c.Request().Method == http.MethodHead {
		err = c.NoContent(status)
	} else {
		err = c.JSON(status, body)
	}
	if err != nil {
		log.Error("writing an error response failed", "error", err)
	}
}

// toDomainError turns whatever reached the error handler into a *sb.Error.
func toDomainError(err error) *sb.Error {
	var de *sb.Error
	var he *echo.HTTPError
	var mbe *http.MaxBytesError
	var pe *http.ProtocolError
	switch {
	case errors.As(err, &de):
		return de
	case errors.As(err, &pe):
		// A multipart body without a boundary, say.
		return sb.FieldErrorf(sb.EInvalid, "body", "%s", pe.ErrorString)
	case errors.As(err, &mbe):
		return sb.Errorf(sb.EPayloadTooLarge, "The request body is larger than %d bytes.", mbe.Limit)
	case errors.As(err, &he):
		if he.Internal != nil {
			if ve := validationError(he.Internal); ve != nil {
				return ve
			}
			if errors.As(he.Internal, &mbe) {
				return sb.Errorf(sb.EPayloadTooLarge, "The request body is larger than %d bytes.", mbe.Limit)
			}
		}
		if he.Code == http.StatusMethodNotAllowed {
			return methodNotAllowed()
		}
		code, ok := codeOfStatus[he.Code]
		if !ok {
			return sb.Errorf(sb.EInternal, "Internal error.")
		}
		return &sb.Error{Code: code, Message: httpErrorMessage(he)}
	}
	return sb.Errorf(sb.EInternal, "Internal error.")
}

func httpErrorMessage(he *echo.HTTPError) string {
	switch he.Code {
	case http.StatusNotFound:
		return "No such resource."
	case http.StatusRequestEntityTooLarge:
		return "The request body is too large."
	case http.StatusTooManyRequests:
		return "Too many requests."
	case http.StatusUnsupportedMediaType:
		return "Unsupported Content-Type."
	}
	if m, ok := he.Message.(string); ok && m != "" {
		return m
	}
	return http.StatusText(he.Code)
}

// validationError rewrites kin-openapi's errors into the envelope, naming the
// offending field. It returns nil for errors that are not validation errors.
func validationError(err error) *sb.Error {
	var re *openapi3filter.RequestError
	var route *routers.RouteError
	switch {
	case errors.As(err, &route):
		if errors.Is(route, routers.ErrMethodNotAllowed) || route.Reason == routers.ErrMethodNotAllowed.Error() {
			return methodNotAllowed()
		}
		return sb.Errorf(sb.ENotFound, "No such resource.")
	case errors.As(err, &re):
	default:
		return nil
	}
	if re.Parameter != nil {
		msg := parameterMessage(re)
		return sb.FieldErrorf(sb.EInvalid, re.Parameter.Name, "%s", msg)
	}
	var se *openapi3.SchemaError
	if errors.As(re.Err, &se) {
		field := strings.Join(se.JSONPointer(), ".")
		msg := schemaMessage(se)
		if field == "" {
			field = "body"
		}
		return &sb.Error{Code: sb.EInvalid, Message: field + ": " + msg, Details: []sb.FieldError{{Field: field, Message: msg}}}
	}
	var pe *openapi3filter.ParseError
	if errors.As(re.Err, &pe) {
		return sb.FieldErrorf(sb.EInvalid, "body", "the body is not valid %s", bodyKind(re))
	}
	if re.RequestBody != nil && re.Err != nil && strings.Contains(re.Err.Error(), "value is required") {
		return sb.FieldErrorf(sb.EInvalid, "body", "a request body is required")
	}
	if re.Reason != "" {
		return sb.FieldErrorf(sb.EInvalid, "body", "%s", re.Reason)
	}
	return sb.FieldErrorf(sb.EInvalid, "body", "the request body is not valid")
}

func bodyKind(re *openapi3filter.RequestError) string {
	if re.RequestBody != nil && re.RequestBody.Content.Get("application/json") != nil {
		return "JSON"
	}
	return "input"
}

func parameterMessage(re *openapi3filter.RequestError) string {
	var se *openapi3.SchemaError
	if errors.As(re.Err, &se) {
		return schemaMessage(se)
	}
	if errors.Is(re.Err, openapi3filter.ErrInvalidRequired) {
		return "is required"
	}
	var pe *openapi3filter.ParseError
	if errors.As(re.Err, &pe) {
		return fmt.Sprintf("must be a %s", kindName(pe.Kind, re))
	}
	if re.Reason != "" {
		return re.Reason
	}
	return "is not valid"
}

func kindName(_ openapi3filter.ParseErrorKind, re *openapi3filter.RequestError) string {
	if re.Parameter != nil && re.Parameter.Schema != nil && re.Parameter.Schema.Value != nil {
		if t := re.Parameter.Schema.Value.Type; t != nil && len(*t) > 0 {
			return (*t)[0]
		}
	}
	return "valid value"
}

// schemaMessage keeps kin-openapi's reason (e.g. `property "foo" is
// unsupported`, `number must be at most 200`) and drops its schema dump.
func schemaMessage(se *openapi3.SchemaError) string {
	if se.Reason != "" {
		return se.Reason
	}
	return "is not valid"
}

// statusClientClosed is what the access log records for a request whose
// client left before the answer (nginx's convention).
const statusClientClosed = 499

// clientGone reports an error caused by the client leaving or being too
// slow: its body cut off or timed out. (A request whose context was
// cancelled is the other sign; handleError checks it first.)
func clientGone(err error) bool {
	var ne net.Error
	return errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.Is(err, net.ErrClosed) || errors.Is(err, syscall.ECONNRESET) ||
		(errors.As(err, &ne) && ne.Timeout())
}

// isTooLarge reports an error raised by a body limit.
func isTooLarge(err error) bool {
	var mbe *http.MaxBytesError
	var he *echo.HTTPError
	return errors.As(err, &mbe) || (errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge)
}

// retryReads runs a read (GET, HEAD) once more when it failed on a passing
// database fault: a read changes nothing, and the pool has by then dropped
// the dead connection. Writes are retried, where that is safe, inside the
// store's transactions.
func (s *Server) retryReads(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		m := c.Request().Method
		if err == nil || (m != http.MethodGet && m != http.MethodHead) || c.Response().Committed ||
			sb.ErrorCode(err) != sb.EUnavailable || c.Request().Context().Err() != nil {
			return err
		}
		loggerFrom(c.Request().Context(), s.log).Warn("retrying a read after a database fault", "error", err.Error())
		return next(c)
	}
}
