// Package webhook delivers Switchboard's events to the webhook endpoints of
// their workspace, as Standard Webhooks (https://www.standardwebhooks.com/),
// on River (github.com/riverqueue/river), a durable job queue kept in the
// service's own database: PostgreSQL, or the embedded SQLite file.
//
// # Why River
//
// The store writes each event in the transaction of the change the event
// reports, and the relay (relay.go, store.RelayEvents) turns committed
// events into one River job per subscribed endpoint, in batches, in
// transactions of its own (store.Outbox; Engine is that outbox): the
// request pays for its event, not for River's insert. River's job tables
// live in the same database, so the relay's jobs and its mark of what it
// relayed commit together. River locks jobs with SELECT … FOR UPDATE SKIP LOCKED (PostgreSQL) or the
// single writer (SQLite), so several instances share the work and each job
// runs once at a time; a job whose process died while it ran is rescued
// after RescueAfter and runs again, with the same webhook-id. One job is one
// event for one endpoint, so a slow or dead endpoint holds only its own
// jobs' workers: the others' deliveries go on.
//
// Both databases use one River client type, Client[*sql.Tx], because the
// store runs on database/sql (GORM): on PostgreSQL River's database/sql
// driver over pgx's stdlib, with a pgx pool for LISTEN/NOTIFY so a queued
// delivery starts at once; on SQLite River's SQLite driver on the store's
// one-connection writer pool, so River's writes queue behind the store's
// instead of failing with "database is locked". River's SQLite driver needs
// SQLite 3.45 or later (jsonb): go.mod requires the modernc.org/sqlite
// under glebarez's driver at a version that bundles it.
//
// # Delivery
//
// A delivery is a POST of {"type", "timestamp", "data"} with the headers
// webhook-id (the event id), webhook-timestamp and webhook-signature, signed
// with the standard-webhooks library. A 2xx within Timeout is a success;
// anything else (a redirect included: it is not followed) is attempted again
// after each of RetryDelays, then the delivery is failed. Every attempt is a
// row of webhook_deliveries. The dialer refuses loopback, private,
// link-local and other non-public addresses after DNS resolution, on every
// attempt, unless AllowPrivateNetworks is set; proxies from the environment
// are not used, so the address checked is the one connected to.
package webhook
