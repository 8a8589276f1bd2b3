package switchboard

// Limits of every list endpoint (CONTRACT section 2).
const (
	DefaultLimit = 50
	MaxLimit     = 200
)

// Page selects a window of a list. Limit is already validated (1..MaxLimit)
// when it reaches a store.
type Page struct {
	Limit  int
	Offset int
}

// Meta describes a listed window: the total number of matching items and
// whether more exist past this window.
type Meta struct {
	Total   int
	HasMore bool
	Limit   int
	Offset  int
}
