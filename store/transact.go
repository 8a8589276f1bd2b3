package store

import (
	"context"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/dbfault"
)

// transact runs fn in a write transaction, and once more when fn itself
// failed on a passing database fault (a dropped connection, a serialization
// failure, a deadlock): the transaction never reached its commit, so
// nothing of it was written and running it again is safe. A failed commit
// is not retried: whether it was written is unknown. fn must set its
// results afresh on each run.
func (db *DB) transact(ctx context.Context, fn func(tx *gorm.DB) error) error {
	var fnErr error
	run := func(tx *gorm.DB) error {
		fnErr = fn(tx)
		return fnErr
	}
	err := db.w.WithContext(ctx).Transaction(run)
	if err != nil && fnErr != nil && dbfault.Transient(fnErr) && ctx.Err() == nil {
		db.logger.WarnContext(ctx, "retrying a transaction after a database fault", "error", fnErr)
		err = db.w.WithContext(ctx).Transaction(run)
	}
	return err
}
