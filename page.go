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
	Total int
	// TotalIsLowerBound is set when Total is only a lower bound: a broad
	// search stops counting (see the store's SearchContacts).
	TotalIsLowerBound bool
	HasMore           bool
	Limit             int
	Offset            int
}
