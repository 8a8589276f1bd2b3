package callflow

import "sync"

// callLocks is a mutex per call SID, dropped when nobody holds or waits
// for it.
type callLocks struct {
	mu sync.Mutex
	m  map[string]*callLock
}

type callLock struct {
	sync.Mutex
	users int
}

// lockCall serializes, within this process, the operations on one call
// that call the provider and then write what it did (hold, mute, transfer,
// complete, cancel) with the status callbacks that decide on the same state:
// a callback about a leg the operation just created or removed waits until
// the operation has written it. Across processes the store's UpdateCall
// still decides every change on the state as stored. It returns the unlock.
func (s *Service) lockCall(callSID string) func() {
	l := &s.locks
	l.mu.Lock()
	if l.m == nil {
		l.m = map[string]*callLock{}
	}
	cl := l.m[callSID]
	if cl == nil {
		cl = &callLock{}
		l.m[callSID] = cl
	}
	cl.users++
	l.mu.Unlock()
	cl.Lock()
	return func() {
		cl.Unlock()
		l.mu.Lock()
		if cl.users--; cl.users == 0 {
			delete(l.m, callSID)
		}
		l.mu.Unlock()
	}
}
