package store

import (
	"context"
	"crypto/rand"
	"fmt"

	"gorm.io/gorm"
)

// ServerKey returns the service's secret key of that name, creating a random
// 32-byte one the first time. The first writer wins, so every instance on
// the database reads the same key.
func (db *DB) ServerKey(ctx context.Context, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("store: server key: %w", err)
	}
	var key []byte
	err := db.w.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("INSERT INTO server_keys (name, key, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
			name, fresh, now()).Error; err != nil {
			return err
		}
		return tx.Raw("SELECT key FROM server_keys WHERE name = ?", name).Row().Scan(&key)
	})
	if err != nil {
		return nil, fmt.Errorf("store: server key %s: %w", name, err)
	}
	return key, nil
}
