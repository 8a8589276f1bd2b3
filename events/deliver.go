package events

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	sb "github.com/switchboard-oss/switchboard"
)

// deliveryArgs is one event for one endpoint. The job holds ids only: the
// event and the endpoint (its URL and secrets as they are at the attempt)
// are read when it runs.
type deliveryArgs struct {
	EventID    string `json:"event_id"`
	EndpointID string `json:"endpoint_id"`
}

func (deliveryArgs) Kind() string { return "webhook_delivery" }

func (deliveryArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: queue} }

type deliveryWorker struct {
	river.WorkerDefaults[deliveryArgs]
	s *Service
}

// Timeout leaves the HTTP client's own timeout room to fire first, so an
// attempt that times out is recorded as such.
func (w *deliveryWorker) Timeout(*river.Job[deliveryArgs]) time.Duration {
	return w.s.cfg.Timeout + 5*time.Second
}

// NextRetry follows the schedule of retry delays; Work recorded the same
// time as the attempt's nextAttemptAt.
func (w *deliveryWorker) NextRetry(job *river.Job[deliveryArgs]) time.Time {
	return time.Now().Add(w.s.delay(job.Attempt))
}

// retryPolicy is the delivery schedule as River's client-wide policy.
type retryPolicy struct{ s *Service }

func (p retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(p.s.delay(job.Attempt))
}

// delay is the wait after the attempt-th attempt failed.
func (s *Service) delay(attempt int) time.Duration {
	d := s.cfg.RetryDelays
	return d[min(max(attempt, 1), len(d))-1]
}

// payload is the body of a delivery.
type payload struct {
	Type      sb.EventType    `json:"type"`
	Timestamp time.Time       `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

// maxResponse is how much of a receiver's answer is read: only its status
// matters, but reading a little lets the connection be reused.
const maxResponse = 64 << 10

func (w *deliveryWorker) Work(ctx context.Context, job *river.Job[deliveryArgs]) error {
	s := w.s
	if wait := s.fair.blocked(job.Args.EndpointID, time.Now()); wait > 0 {
		return river.JobSnooze(wait) // its circuit is open: no worker, no attempt
	}
	ev, ep, err := s.store.DeliveryTarget(ctx, job.Args.EventID, job.Args.EndpointID)
	if sb.ErrorCode(err) == sb.ENotFound {
		// The endpoint was deleted or the event pruned: nothing to deliver.
		return nil
	} else if err != nil {
		// Nothing was sent: a fault of the database must not spend one of
		// the job's attempts (with short retry delays, a few dropped
		// connections in a row would discard the delivery unsent).
		s.log.WarnContext(ctx, "reading a delivery's event and endpoint", "error", err, "event", job.Args.EventID)
		return river.JobSnooze(jitter(time.Second))
	}
	if !ep.Enabled {
		// Given up: an attempt that read retrying will have no retry.
		if err := s.store.GiveUpDelivery(ctx, ep.ID, ev.ID); err != nil {
			s.log.WarnContext(ctx, "settling the attempts of a delivery given up", "error", err, "event", ev.ID, "endpoint", ep.ID)
		}
		return nil
	}
	done, wait := s.fair.admit(ctx, ev.WorkspaceID, ep.ID, time.Now())
	if done == nil {
		return river.JobSnooze(wait)
	}
	noAnswer := false
	defer func() { done(noAnswer) }()
	body, err := json.Marshal(payload{Type: ev.Type, Timestamp: ev.CreatedAt.UTC(), Data: ev.Data})
	if err != nil {
		return river.JobCancel(err)
	}
	at := s.cfg.Now().UTC().Truncate(time.Microsecond)
	status, sendErr := s.send(ctx, ep, ev.ID, at, body)
	noAnswer = errors.Is(sendErr, errNoAnswer)
	d := &sb.WebhookDelivery{ID: attemptID(job.ID, job.Attempt, at), WorkspaceID: ev.WorkspaceID, EndpointID: ep.ID,
		EventID: ev.ID, EventType: ev.Type, Attempt: job.Attempt, StatusCode: status, Duration: s.cfg.Now().Sub(at),
		AttemptedAt: at}
	last := job.Attempt >= job.MaxAttempts
	switch {
	case sendErr == nil:
		d.Result = sb.DeliverySucceeded
	case last:
		d.Result, d.Error = sb.DeliveryFailed, shown(sendErr)
	default:
		next := at.Add(s.delay(job.Attempt))
		d.Result, d.Error, d.NextAttemptAt = sb.DeliveryRetrying, shown(sendErr), &next
	}
	disabled, err := s.record(context.WithoutCancel(ctx), d)
	if err != nil {
		s.log.ErrorContext(ctx, "recording a delivery attempt failed", "error", err, "event", ev.ID, "endpoint", ep.ID,
			"attempt", job.Attempt)
	}
	if s.cfg.OnAttempt != nil {
		s.cfg.OnAttempt(d.Result, d.Duration)
	}
	if sendErr == nil {
		return nil
	}
	s.log.InfoContext(ctx, "webhook delivery failed", "event", ev.ID, "endpoint", ep.ID, "attempt", job.Attempt,
		"result", d.Result, "error", sendErr)
	if disabled {
		s.log.WarnContext(ctx, "webhook endpoint disabled: every delivery failed for too long", "endpoint", ep.ID,
			"workspace", ep.WorkspaceID)
		return river.JobCancel(sendErr)
	}
	return sendErr
}

// errNoAnswer is an attempt the receiver did not answer within Timeout:
// it held its worker all that time, which opens the endpoint's circuit.
var errNoAnswer = errors.New("no answer")

// errStatus is an attempt the receiver answered with other than a 2xx.
type errStatus int

func (e errStatus) Error() string { return fmt.Sprintf("the receiver answered %d", int(e)) }

// shown is what the delivery history says of a failed attempt: the
// receiver's status, the timeout, or the kind of connection failure, never
// an address.
func shown(err error) string {
	var st errStatus
	switch {
	case errors.As(err, &st), errors.Is(err, errNoAnswer):
		return err.Error()
	}
	return tenantError(err)
}

// send makes one attempt and returns the receiver's status (0 when none
// came back) and, unless it was a 2xx, why the attempt failed.
func (s *Service) send(ctx context.Context, ep *sb.WebhookEndpoint, id string, at time.Time, body []byte) (int, error) {
	sig, err := Sign(ep.Secrets(at), id, at, body)
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Switchboard-Webhooks/1")
	req.Header.Set(standardwebhooks.HeaderWebhookID, id)
	req.Header.Set(standardwebhooks.HeaderWebhookTimestamp, strconv.FormatInt(at.Unix(), 10))
	req.Header.Set(standardwebhooks.HeaderWebhookSignature, sig)
	res, err := s.http.Do(req)
	if err != nil {
		var ne net.Error
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) ||
			(errors.As(err, &ne) && ne.Timeout()) {
			return 0, fmt.Errorf("%w within %s", errNoAnswer, s.cfg.Timeout)
		}
		return 0, errors.Unwrap(err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxResponse))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return res.StatusCode, errStatus(res.StatusCode)
	}
	return res.StatusCode, nil
}

// Sign returns the webhook-signature header of a delivery: one "v1,…"
// signature per secret, space-separated, in the order given (newest first
// during a rotation).
func Sign(secrets []string, id string, at time.Time, body []byte) (string, error) {
	sigs := make([]string, len(secrets))
	for i, s := range secrets {
		wh, err := standardwebhooks.NewWebhook(s)
		if err != nil {
			return "", fmt.Errorf("webhook secret: %w", err)
		}
		if sigs[i], err = wh.Sign(id, at, body); err != nil {
			return "", err
		}
	}
	return strings.Join(sigs, " "), nil
}
