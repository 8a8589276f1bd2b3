package store

// WithWalkRows makes the store's search walks give way to the index after n
// rows instead of walkRows, so that tests reach those paths on small
// workspaces.
func WithWalkRows(n int) Option { return func(db *DB) { db.tune.walkRows = n } }

// WithBroadAbove makes the store's searches skip their candidates when the
// sample estimates more than n matches, instead of rankCap, so that tests
// reach that path on small workspaces.
func WithBroadAbove(n int) Option { return func(db *DB) { db.tune.broadAbove = n } }
