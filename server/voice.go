package server

// The voice token and the provider-facing webhooks (openapi.yaml's Voice
// operations). The handlers map the generated request types to the call flow's and
// its answers back; the flow itself, the TwiML and the provider's REST API
// live in callflow and telephony.

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/gen/api"
	"github.com/switchboard-oss/switchboard/telephony"
)

// notImplemented answers 501 for an operation whose provider credentials
// are not configured (voice tokens without an API key).
func notImplemented(op string) error {
	return sb.Errorf(sb.ENotImplemented, "%s is not served by this build.", op)
}

// TokenIssuer mints voice access tokens; *telephony.TokenIssuer implements it.
type TokenIssuer interface {
	VoiceToken(identity string, ttl time.Duration) (telephony.VoiceToken, error)
}

// SignatureValidator checks a webhook's provider signature, parsing its form;
// *telephony.Validator implements it (on PUBLIC_BASE_URL and r.PostForm).
type SignatureValidator interface {
	Validate(r *http.Request) bool
}

// webhookBodyLimit caps a provider webhook's body. Twilio's are a few KiB;
// the cap is read before the signature is checked, so an unsigned flood
// costs at most this much memory per request.
const webhookBodyLimit = 64 << 10

// checkSignature guards the signed provider-facing operations: an unsigned
// or wrongly signed request changes nothing and learns only 403
// invalid_signature. At most webhookBodyLimit bytes are read (a declared
// longer body is refused before any is read); the body is then put back for
// the request validator and the handler's binding (which then also finds
// r.PostForm already parsed).
func (s *Server) checkSignature(c echo.Context) error {
	r := c.Request()
	if r.ContentLength > webhookBodyLimit {
		return tooLargeWebhook(c)
	}
	var body []byte
	if r.Body != nil && r.Body != http.NoBody {
		b, err := io.ReadAll(io.LimitReader(r.Body, webhookBodyLimit+1))
		if err != nil {
			return err
		}
		if len(b) > webhookBodyLimit {
			return tooLargeWebhook(c)
		}
		body = b
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	ok := s.deps.Signatures != nil && s.deps.Signatures.Validate(r)
	if body != nil {
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	if !ok {
		loggerFrom(r.Context(), s.log).Warn("provider webhook refused: missing or wrong signature",
			"path", r.URL.Path, "signed", r.Header.Get(telephony.SignatureHeader) != "")
		return sb.Errorf(sb.EInvalidSignature, "The request does not carry a valid X-Twilio-Signature.")
	}
	return nil
}

// tooLargeWebhook refuses the body and closes the connection after the
// answer: otherwise net/http would first read (up to 256 KiB) of the body
// nobody wants, waiting on a sender that may never finish.
func tooLargeWebhook(c echo.Context) error {
	c.Response().Header().Set("Connection", "close")
	return sb.Errorf(sb.EPayloadTooLarge, "A provider webhook's body may not exceed %d bytes.", webhookBodyLimit)
}

func (s *strict) GetVoiceToken(ctx context.Context, req api.GetVoiceTokenRequestObject) (api.GetVoiceTokenResponseObject, error) {
	if s.deps.Tokens == nil {
		return nil, notImplemented("GetVoiceToken")
	}
	tok := tokenFrom(ctx)
	ttl := telephony.DefaultTokenTTL
	if req.Params.Ttl != nil {
		ttl = time.Duration(*req.Params.Ttl) * time.Second
	}
	// The grant is for the client identity that names workspace and agent:
	// agent names are unique only inside a workspace.
	client, err := telephony.ClientIdentity(tok.WorkspaceID, tok.Identity)
	if err != nil {
		return nil, err
	}
	vt, err := s.deps.Tokens.VoiceToken(client, ttl)
	if err != nil {
		return nil, err
	}
	return api.GetVoiceToken200JSONResponse{Data: api.VoiceToken{
		Token: vt.Token, Identity: tok.Identity, ClientIdentity: vt.Identity, Ttl: int(vt.TTL / time.Second),
	}}, nil
}

func (s *strict) VoiceCallControl(ctx context.Context, req api.VoiceCallControlRequestObject) (api.VoiceCallControlResponseObject, error) {
	b, p := req.Body, req.Params
	ans, err := s.deps.Voice.Control(ctx, callflow.ControlRequest{
		CallSID: b.CallSid, From: str(b.From), Caller: str(b.Caller), To: str(b.To),
		CallerID: str(b.CallerId), WorkspaceID: str(b.WorkspaceId),
		DialTo: str(p.To), DialCallerID: str(p.CallerId), DialWorkspaceID: str(p.WorkspaceId),
		MachineDetection: formBool(b.MachineDetection),
	})
	if err != nil {
		return nil, err
	}
	return twimlThen{doc: ans.TwiML, then: ans.Then}, nil
}

func (s *strict) VoiceConferenceJoinGet(ctx context.Context, req api.VoiceConferenceJoinGetRequestObject) (api.VoiceConferenceJoinGetResponseObject, error) {
	doc, err := s.deps.Voice.ConferenceJoin(ctx, req.Params.Conference, str(req.Params.CallSid))
	if err != nil {
		return nil, err
	}
	return api.VoiceConferenceJoinGet200ApplicationxmlResponse{ConferenceJoinTwiMLApplicationxmlResponse: twiml(doc)}, nil
}

func (s *strict) VoiceConferenceJoinPost(ctx context.Context, req api.VoiceConferenceJoinPostRequestObject) (api.VoiceConferenceJoinPostResponseObject, error) {
	leg := ""
	if req.Body != nil {
		leg = str(req.Body.CallSid)
	}
	doc, err := s.deps.Voice.ConferenceJoin(ctx, req.Params.Conference, leg)
	if err != nil {
		return nil, err
	}
	return api.VoiceConferenceJoinPost200ApplicationxmlResponse{ConferenceJoinTwiMLApplicationxmlResponse: twiml(doc)}, nil
}

func (s *strict) VoiceStatusCallback(ctx context.Context, req api.VoiceStatusCallbackRequestObject) (api.VoiceStatusCallbackResponseObject, error) {
	b := req.Body
	if err := s.deps.Voice.Status(ctx, statusRequest(b.CallSid, b.CallStatus, b.SequenceNumber, b.CallDuration)); err != nil {
		return nil, err
	}
	return api.VoiceStatusCallback204Response{}, nil
}

// statusRequest reads a status callback's fields.
func statusRequest(callSid, callStatus string, sequence, duration *string) callflow.StatusRequest {
	in := callflow.StatusRequest{CallSID: callSid, CallStatus: callStatus, Sequence: -1}
	if n, err := strconv.Atoi(str(sequence)); err == nil && n >= 0 {
		in.Sequence = n
	}
	if n, err := strconv.Atoi(str(duration)); err == nil && n >= 0 {
		in.Duration = &n
	}
	return in
}

// twimlThen answers the call-control webhook with its TwiML and then, once
// the document is written and flushed, starts what must follow it (the
// customer leg).
type twimlThen struct {
	doc  string
	then func()
}

func (t twimlThen) VisitVoiceCallControlResponse(w http.ResponseWriter) error {
	w.Header().Set("Content-Type", telephony.TwiMLContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(t.doc)))
	w.WriteHeader(http.StatusOK)
	_, err := io.WriteString(w, t.doc)
	if f, ok := w.(http.Flusher); ok && err == nil {
		f.Flush()
	}
	// The call and its pending dial are stored: the dial goes ahead even if
	// the provider went away, as recovery would do it anyway.
	if t.then != nil {
		t.then()
	}
	return err
}

func twiml(doc string) api.ConferenceJoinTwiMLApplicationxmlResponse {
	return api.ConferenceJoinTwiMLApplicationxmlResponse{Body: strings.NewReader(doc), ContentLength: int64(len(doc))}
}

// formBool reads a form's "true" or "false"; anything else is nil (not
// said).
func formBool(p *string) *bool {
	switch str(p) {
	case "true":
		return ptrTo(true)
	case "false":
		return ptrTo(false)
	}
	return nil
}

func ptrTo[T any](v T) *T { return &v }

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// RequestLogger returns the logger of the request ctx belongs to (with its
// request id and, on webhooks, the CallSid), or nil outside a request; the
// call flow logs through it.
func RequestLogger(ctx context.Context) *slog.Logger {
	l, _ := ctx.Value(loggerKey).(*slog.Logger)
	return l
}
