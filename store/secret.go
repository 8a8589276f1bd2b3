package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"
)

// secretRow is a row of service_secrets: a value the service makes once and
// keeps for the life of the database (the simulator's auth token).
type secretRow struct {
	Name      string `gorm:"primaryKey"`
	Value     string
	CreatedAt time.Time
}

func (secretRow) TableName() string { return "service_secrets" }

// Secret returns the stored value of name, storing generate() first when there
// is none. Every process sharing the database gets the same value: the
// insert does nothing when another process stored one first.
func (db *DB) Secret(ctx context.Context, name string, generate func() string) (string, error) {
	row := secretRow{Name: name, Value: generate(), CreatedAt: now()}
	w := db.w.WithContext(ctx)
	if err := w.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return "", err
	}
	var stored secretRow
	if err := w.Where("name = ?", name).Take(&stored).Error; err != nil {
		return "", err
	}
	return stored.Value, nil
}
