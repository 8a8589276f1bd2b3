package store

// SetWalkRows makes db's search walks give way to the index after n rows
// instead of walkRows, so that tests reach those paths on small workspaces.
func SetWalkRows(db *DB, n int) { db.walkRows = n }

// SetBroadAbove makes db's searches on PostgreSQL skip their candidates when
// the sample estimates more than n matches, instead of rankCap, so that
// tests reach that path on small workspaces.
func SetBroadAbove(db *DB, n int) { db.broadAbove = n }
