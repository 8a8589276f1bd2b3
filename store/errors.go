package store

import (
	"errors"

	gosqlite "github.com/glebarez/go-sqlite"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// SQLite extended result codes for constraint failures
// (https://www.sqlite.org/rescode.html). The glebarez dialector does not
// implement GORM's ErrorTranslator, so the store recognises them itself.
const (
	sqliteConstraintForeignKey = 787
	sqliteConstraintPrimaryKey = 1555
	sqliteConstraintUnique     = 2067
)

// isDuplicate reports whether err is a unique-constraint violation, from
// either dialect.
func isDuplicate(err error) bool {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return true
	}
	var se *gosqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqliteConstraintUnique || se.Code() == sqliteConstraintPrimaryKey
	}
	var pe interface{ SQLState() string }
	return errors.As(err, &pe) && pe.SQLState() == "23505"
}

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
