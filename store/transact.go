package store

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/switchboard-oss/switchboard/store/dbfault"
)

// transact runs fn in a write transaction, and once more when fn itself
// failed on a passing database fault (a dropped connection, a serialization
// failure, a deadlock): the transaction never reached its commit, so
// nothing of it was written and running it again is safe. A failed commit
// is not retried: whether it was written is unknown. fn must set its
// results afresh on each run. A fault that persists is answered as the
// domain's unavailable error.
func (db *DB) transact(ctx context.Context, fn func(tx *gorm.DB) error) error {
	var fnErr error
	emitted := new(bool) // set by emit: the relay is told after the commit
	ctx = context.WithValue(ctx, emittedKey{}, emitted)
	run := func(tx *gorm.DB) error {
		fnErr = fn(tx)
		return fnErr
	}
	err := db.w.WithContext(ctx).Transaction(run)
	if err != nil && fnErr != nil && dbfault.Transient(fnErr) && ctx.Err() == nil {
		db.logger.WarnContext(ctx, "retrying a transaction after a database fault", "error", fnErr)
		err = db.w.WithContext(ctx).Transaction(run)
	}
	if err == nil && *emitted {
		db.events.told()
	}
	return unavailable(err)
}

// jobTx is the database/sql transaction under tx, for the job queue: River
// inserts its jobs through database/sql, in the store's own transaction.
func jobTx(tx *gorm.DB) (*sql.Tx, error) {
	stx, ok := tx.Statement.ConnPool.(*sql.Tx)
	if !ok {
		return nil, errors.New("store: queueing jobs outside a transaction")
	}
	return stx, nil
}

// insertOrTake inserts row unless it conflicts on the unique index named by
// on (which must be one of the table's unique constraints), in which case
// row becomes the stored row that where and args find: two writers of the
// same key at once are settled by the index, the loser reading the
// winner's row. It reports whether row was inserted.
func insertOrTake[T any](tx *gorm.DB, row *T, on clause.OnConflict, where string, args ...any) (bool, error) {
	on.DoNothing = true
	res := tx.Clauses(on).Create(row)
	if res.Error != nil {
		return false, res.Error
	}
	if res.RowsAffected == 1 {
		return true, nil
	}
	// A fresh value: Take adds the primary key of a non-empty one to its
	// conditions.
	var stored T
	if err := tx.Where(where, args...).Take(&stored).Error; err != nil {
		return false, err
	}
	*row = stored
	return false, nil
}

// onKey is the conflict target of a table's primary or unique key columns.
func onKey(columns ...string) clause.OnConflict {
	var on clause.OnConflict
	for _, c := range columns {
		on.Columns = append(on.Columns, clause.Column{Name: c})
	}
	return on
}
