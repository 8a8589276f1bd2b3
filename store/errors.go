package store

import (
	"errors"
	"fmt"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/dbfault"
)

// notFound is the store's ENotFound for a kind of record. The message never
// says whether the record exists in another workspace.
func notFound(kind string) error {
	return switchboard.Errorf(switchboard.ENotFound, "%s not found.", kind)
}

// translate turns GORM's record-not-found into ENotFound for kind and passes
// every other error through.
func translate(err error, kind string) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return notFound(kind)
	}
	return err
}

// contactExists is the EContactExists error, carrying the id of the contact
// that already holds the phone under the field "id".
func contactExists(existingID string) error {
	return &switchboard.Error{
		Code:    switchboard.EContactExists,
		Message: "A contact with this phone number already exists.",
		Details: []switchboard.FieldError{{Field: "id", Message: existingID}},
	}
}

// unavailable answers a passing database fault (dbfault.Transient) with the
// domain's EUnavailable, so that callers need not know the databases'
// errors: the HTTP layer answers it 503 with Retry-After and retries a read
// once. The fault stays wrapped, for the log and for transact's retry.
func unavailable(err error) error {
	if err == nil || !dbfault.Transient(err) || switchboard.ErrorCode(err) == switchboard.EUnavailable {
		return err
	}
	return fmt.Errorf("%w: %w", switchboard.Errorf(switchboard.EUnavailable, "The database is briefly unavailable; retry shortly."), err)
}

// scan runs q into dest and answers a passing fault as unavailable. Every
// read into a struct, a slice or a value that is not a model of its own
// goes through it.
//
// It runs the query as Find does, not as GORM's Scan: Scan records its
// statement for the logger (a trace recorder) and so writes out every
// statement with its arguments spliced in, by regular expressions, whatever
// the logger does with it (8 KB of allocations per call on the
// call-control webhook, and a search's list of thousands of keys written
// out whole). Find passes the log the statement only when the logger asks
// (slow, or failed at debug). The two scan the rows alike: gorm.Scan, into
// what dest points to; a Raw statement's dest needs no table.
func scan(q *gorm.DB, dest any) error {
	return unavailable(q.Find(dest).Error)
}

// faultCallback names answerFaults' GORM callback.
const faultCallback = "store:unavailable"

// answerFaults makes every statement GORM runs on g answer a passing fault
// as unavailable (transact does it for what fails around the statements:
// the begin and the commit). Once per pool: the writer may be the reader.
func answerFaults(g *gorm.DB) error {
	cb := g.Callback()
	if cb.Query().Get(faultCallback) != nil {
		return nil
	}
	answer := func(tx *gorm.DB) {
		if tx.Error != nil {
			tx.Error = unavailable(tx.Error)
		}
	}
	return errors.Join(
		cb.Create().Register(faultCallback, answer),
		cb.Query().Register(faultCallback, answer),
		cb.Update().Register(faultCallback, answer),
		cb.Delete().Register(faultCallback, answer),
		cb.Row().Register(faultCallback, answer),
		cb.Raw().Register(faultCallback, answer),
	)
}
