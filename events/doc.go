// Package events is the events service: the webhook endpoints of a
// workspace (their URL rule and secrets), the event log, redelivery, the
// list of delivery attempts, and the engine that delivers Switchboard's
// events to those endpoints as Standard Webhooks
// (https://www.standardwebhooks.com/), on River
// (github.com/riverqueue/river), a durable job queue kept in the service's
// own database: PostgreSQL, or the embedded SQLite file.
//
// It stands beside contacts and callflow and has their shape: New(Config,
// Deps) returns a *Service that speaks the root package's types and
// reaches the database through its port, Store (service.go), which
// *store.DB satisfies. It knows nothing of HTTP: the server maps the API's
// types to the service's calls, and nothing of the store's package.
//
// # Files
//
// service.go holds the Service, its port and its start and stop;
// endpoint.go the endpoints, their URL rule and secrets; log.go the event
// log and redelivery; engine.go River's client, the retention job and the
// fold of the calls' totals (which rides this package's River client for
// its leader election and schedule: it has nothing to deliver);
// deliver.go one delivery attempt and its signature; record.go how an
// attempt's row is written; fair.go the workspaces' share of the workers
// and the endpoints' circuits; guard.go the special-purpose address guard
// and the HTTP client; relay.go the relay of recorded events to jobs.
//
// # Why River
//
// The store writes each event in the transaction of the change the event
// reports, and the relay (relay.go, the store's RelayEvents) turns
// committed events into one River job per subscribed endpoint, in batches,
// in transactions of its own, through the service's enqueue: the request
// pays for its event, not for River's insert. River's job tables live in
// the same database, so the relay's jobs and its mark of what it relayed
// commit together. River locks jobs with SELECT … FOR UPDATE SKIP LOCKED
// (PostgreSQL) or the single writer (SQLite), so several instances share
// the work and each job runs once at a time; a job whose process died
// while it ran is rescued after RescueAfter and runs again, with the same
// webhook-id. One job is one event for one endpoint; a workspace holds at
// most WorkspaceWorkers of a process's workers and an endpoint that does
// not answer has its circuit opened (fair.go), so a slow or dead endpoint
// delays its own workspace's deliveries, not another's.
//
// Both databases use one River client type, Client[*sql.Tx], because the
// store runs on database/sql (GORM); which River driver serves it is the
// store's choice (Store.JobDriver): on PostgreSQL River's database/sql
// driver, with a pgx pool for LISTEN/NOTIFY so a queued delivery starts at
// once; on SQLite River's SQLite driver on the store's one-connection
// writer pool, so River's writes queue behind the store's instead of
// failing with "database is locked".
//
// # Delivery
//
// A delivery is a POST of {"type", "timestamp", "data"} with the headers
// webhook-id (the event id), webhook-timestamp and webhook-signature, signed
// with the standard-webhooks library. A 2xx within Timeout is a success;
// anything else (a redirect included: it is not followed) is attempted again
// after each of RetryDelays, then the delivery is failed. Every attempt is a
// row of webhook_deliveries, written again on a database fault and once
// only (record.go); an endpoint whose every attempt failed for
// sb.AutoDisableAfter is disabled. The dialer refuses every special-purpose
// address (SpecialPurpose: IANA's registries) after DNS resolution, on
// every attempt, unless AllowPrivateNetworks is set; proxies from the
// environment are not used, so the address checked is the one connected
// to, and the history names the kind of a failure, never an address.
// Events older than sb.EventRetention are pruned by an hourly job.
package events
