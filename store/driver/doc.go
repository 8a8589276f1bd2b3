// Package driver declares what the store asks of a database that the two
// databases answer differently, in the manner of River's riverdriver: one
// interface (Driver), implemented once per database beside the store's core
// (store/pgdriver, store/sqlitedriver), each holding its own SQL, its own
// placeholders and its own migrations.
//
// The core (package store) holds GORM, the rows and their mapping to the
// domain, transactions, domain errors and every statement that reads the
// same on both databases; it calls a driver only for what differs: opening
// the pools, migrations and their lock, row locks, River's driver, the event
// insert (with its outbox row and the contact counter), the relay's pending
// events and marks, bulk import, and the search's conditions, sources,
// sampling and walks. A method that has nothing to do on one database (a
// lock SQLite's single writer already holds) does nothing there.
//
// The package imports nothing of the project: both sides import it, and
// its types (Contact, Event, Endpoint, Cond) are the few shapes they trade.
package driver
