package switchboard

import "time"

// Limits of every list endpoint.
const (
	DefaultLimit = 50
	MaxLimit     = 200
)

// Page selects a window of a list: by Offset, or, when After is set, the
// Limit items that follow that key in the list's order (keyset paging). The
// HTTP layer never sets both. Limit is already validated (1..MaxLimit) when
// it reaches a store.
type Page struct {
	Limit  int
	Offset int
	After  *PageKey
}

// PageKey is a position in a list: the sort key of the last item of a page.
// Every list is ordered newest first by (Time, ID), and a ranked search by
// Bucket first (0: name or email starts with the query, 1: the rest).
type PageKey struct {
	Bucket int
	Time   time.Time
	ID     string
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
	// Next is the key of the window's last item when HasMore is set: the
	// After of the next page.
	Next *PageKey
}
