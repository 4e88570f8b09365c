// Package game is the table's game session: the players and their seats, the
// turn order, every turn's photo and what the camera read, the move the
// scoring engine derived from it, and the table's own actions on it:
// confirm, correct, challenge, undo, pass, exchange and the end of the game.
//
// # An append-only log, and the game as it stands
//
// A session is a log of records ("play", "correct", "challenge", "pass",
// "exchange", "confirm", "undo", "end", and "camera" for a photo the vision
// could not read), kept by a Store (internal/sqlite on
// disk, MemStore in tests). Every action is written to the log and committed
// before the new state is published, so nobody is ever told about a turn that
// a crash could lose. The state shown to the table is never stored: it is
// what the log adds up to. The session keeps it in memory (table.go) and
// brings it up to date one record at a time: a play is judged against the
// board as it stands, a pass moves the seat, a confirm or a challenge
// changes one turn record. Each action keeps a small note of what it
// replaced (the seat, the scores, the board, the one turn record it
// changed), and undo puts that back, so an action costs the same however
// long the game: at 10,000 actions about a millisecond of CPU, most of it
// the game's JSON (2.5 MB), and 32 MB of heap (BenchmarkLongGame; before,
// every action replayed the whole log and 128 snapshots each held the whole
// history: 64 ms an action at 2,000 actions). The turn lists are shared by
// the published states and never changed in place (a changed turn copies
// the list, not the turns), and each turn's JSON is kept, so the state's
// JSON is spliced together, not encoded again.
//
// The whole log is replayed on start-up, and after a correction (and the
// undo of one): fixing a misread cell in an old turn re-judges that turn
// and every turn after it, exactly as if the camera had read it right the
// first time (at 10,000 actions a few hundred milliseconds). TestStepEqualsReplay
// checks, after every one of thousands of random actions, that the game
// kept up to date is exactly the whole log replayed, by this code and by
// the session's earlier replay-everything code.
//
// Replay works in three steps:
//
//  1. "undo" removes the latest surviving action (a stack); "camera"
//     notices are not actions: the latest stands until a photo is read.
//  2. corrections are applied to the camera's readings. A correction is
//     sticky: it also fixes the same cell in the neighbouring turns that read
//     the same misread stack, because a tile misread once is usually misread
//     in every photo until it is covered (backwards only while the stack
//     stood as it was read: a tile the camera missed was not there before).
//  3. the remaining actions are played in order: each reading is judged by
//     the Scorer against the board as it stood, accepted (the board advances,
//     the player scores, the next seat plays) or rejected with the scorer's
//     code (nothing changes, the same player is still to play).
//
// Before a reading is judged, the pipeline reconciles it with the game
// (ReconcileUpwordsJudged): the letter read decides whether a tile went on a
// stack, since one photo tells letters far better than heights; the rules
// settle a new letter read no higher than its stack; and what earlier photos
// showed (each play keeps its photo's own reading) recognises a misread the
// table already corrected. Disagreements lists every square where the
// reconciled board departs from the photo's own reading, with the reason;
// `tilescope scan --before` prints them, so the one-shot command and the
// service reconcile alike.
//
// A successful challenge (a word not in the dictionary) withdraws the latest
// play: its tiles come off, its points go, and the same player may play again
// or pass (RULES.md). The verdict is stored in the log, so replay does not
// depend on the dictionary in use later.
//
// # Dependencies as small interfaces
//
// # One game model
//
// Everything that depends on the game goes through Rules (model.go): the
// empty table, a Position's text form and its cells, reading a photo,
// judging a turn, a tap correction, what the page draws, the bag and the
// end-of-game tally. Each game implements Game in its own package
// (internal/games/upwords) and registers it once (Register, from cmd/tilescope);
// docs/games.md says how to add one. GridRules is Rules for the grid games
// (a Scorer on *grid.Board positions); a Config with only a Scorer gets
// Upwords' numbers around it.
//
// The package does not import the vision, scoring or dictionary packages: it
// defines what it needs (Rules, Scorer, Dictionary, FrameSource,
// BoardReader) and the games' packages and cmd/tilescope wire the real
// implementations in. Tests use in-memory fakes
// for the session logic; the end-to-end tests in cmd/tilescope use the real
// parts.
package game
