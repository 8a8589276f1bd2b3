// Package csvimport turns a CSV upload into contacts: it reads the header,
// maps its columns, normalizes every row on all cores (phone to E.164 with
// telephony/phone, then the row held to switchboard.Contact.Validate, the
// rules a POST obeys), drops or merges duplicates within the file, and hands
// ordered batches to a store that writes each in one transaction. RunDNC
// does the same for do-not-call lists (DNCEntry.Validate), in file order.
// It knows nothing of HTTP: the upload arrives as an io.Reader.
//
// The upload is read as a stream: memory stays bounded by the batch size and
// the pipeline depth, not by the size of the file. Row order is kept through
// the parallel stage, so "earlier in the file" means what it says when
// duplicates are resolved and errors are reported by line number.
package csvimport
