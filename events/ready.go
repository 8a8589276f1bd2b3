package events

import "errors"

// ErrNotRunning is Running's answer while the engine is not running.
var ErrNotRunning = errors.New("events: the job engine is not running")

// Running reports whether the engine runs (between Start and Stop, and
// River's client has not stopped): nil when it does, ErrNotRunning
// otherwise. It takes no lock, so a readiness probe never waits on a
// shutdown in progress.
func (s *Service) Running() error {
	c := s.jobs.Load()
	if c == nil {
		return ErrNotRunning
	}
	select {
	case <-c.Stopped():
		return ErrNotRunning
	default:
		return nil
	}
}
