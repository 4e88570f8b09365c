// Package sqlite keeps the table's games on disk: one SQLite database file
// (modernc.org/sqlite, pure Go) and the turns' photos beside it.
//
// Layout of the data directory:
//
//	tilescope.db          the games and their logs (game.Record rows)
//	tilescope.db-wal      SQLite's write-ahead log
//	photos/G/N.jpg        the photo of turn N of game G
//
// Durability. The database runs in WAL mode with synchronous=FULL: every
// commit syncs the write-ahead log to the disk before it returns, so a record
// that Append returned survives kill -9 and a pulled plug. NORMAL would be
// faster but may lose the latest commits on a power cut, and the table's
// promise is that a turn shown on a phone is never lost; a turn every few
// seconds costs nothing to sync. A photo is written to a temporary file,
// synced, renamed into place and its directory synced, before the record
// that names it is written.
//
// Store implements game.Store; it knows nothing of the rules.
package sqlite
