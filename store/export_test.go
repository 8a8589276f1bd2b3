package store

// SetWalkRows makes db's search walks give way to the index after n rows
// instead of walkRows, so that tests reach those paths on small workspaces.
func SetWalkRows(db *DB, n int) { db.walkRows = n }
