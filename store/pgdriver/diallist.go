package pgdriver

import (
	"database/sql"
	"errors"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// ClaimDialEntry implements driver.DialLists.
func (Driver) ClaimDialEntry(tx *gorm.DB, listID, identity string, now, until int64) (string, error) {
	var id string
	err := driver.QueryRow(tx, claimDialEntry, identity, until, listID, now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// InsertDialEntriesByID implements driver.DialLists.
func (Driver) InsertDialEntriesByID(tx *gorm.DB, listID, workspaceID, idsJSON string, due int64) (int64, error) {
	res, err := tx.Statement.ConnPool.ExecContext(tx.Statement.Context, insertDialEntriesByID, listID, due, idsJSON, workspaceID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
