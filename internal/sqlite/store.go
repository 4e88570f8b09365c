package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/tilescope/tilescope/internal/game"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// FileName is the database's name in the data directory.
const FileName = "tilescope.db"

const schema = `
CREATE TABLE IF NOT EXISTS games (
	id      INTEGER PRIMARY KEY,
	kind    TEXT NOT NULL,
	players TEXT NOT NULL,          -- JSON array of names
	rows    INTEGER NOT NULL,
	cols    INTEGER NOT NULL,
	created TEXT NOT NULL           -- RFC 3339
);
CREATE TABLE IF NOT EXISTS records (
	seq  INTEGER PRIMARY KEY AUTOINCREMENT,
	game INTEGER NOT NULL REFERENCES games(id),
	at   TEXT NOT NULL,             -- RFC 3339 with nanoseconds
	kind TEXT NOT NULL,
	data TEXT NOT NULL              -- the action's JSON
);
CREATE INDEX IF NOT EXISTS records_game ON records(game, seq);
`

// Store is a game.Store in a data directory.
type Store struct {
	db  *sql.DB
	dir string
}

var _ game.Store = (*Store)(nil)

// Open opens (creating if needed) the store in dir.
func Open(ctx context.Context, dir string) (*Store, error) {
	if dir == "" {
		return nil, errors.New("sqlite: no data directory")
	}
	if err := os.MkdirAll(filepath.Join(dir, "photos"), 0o755); err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	path := filepath.Join(dir, FileName)
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)" +
		"&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: opening %s: %w", path, err)
	}
	// One connection: the session serialises its writes anyway, and the
	// pragmas then hold for every statement.
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: journal mode %q, want wal (%v)", path, mode, err)
	}
	return &Store{db: db, dir: dir}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Dir is the data directory.
func (s *Store) Dir() string { return s.dir }

// Current returns the latest game and its log.
func (s *Store) Current(ctx context.Context) (game.Setup, []game.Record, error) {
	var g game.Setup
	var players, created string
	err := s.db.QueryRowContext(ctx,
		`SELECT id, kind, players, rows, cols, created FROM games ORDER BY id DESC LIMIT 1`).
		Scan(&g.ID, &g.Kind, &players, &g.Rows, &g.Cols, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return g, nil, game.ErrNoGame
	}
	if err != nil {
		return g, nil, fmt.Errorf("sqlite: reading the game: %w", err)
	}
	if err := json.Unmarshal([]byte(players), &g.Players); err != nil {
		return g, nil, fmt.Errorf("sqlite: game %d: players: %w", g.ID, err)
	}
	g.Created, _ = time.Parse(time.RFC3339Nano, created)
	recs, err := s.Records(ctx, g.ID)
	return g, recs, err
}

// Records returns a game's log in order.
func (s *Store) Records(ctx context.Context, gameID int64) ([]game.Record, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, at, kind, data FROM records WHERE game = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: reading game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []game.Record
	for rows.Next() {
		var r game.Record
		var at, data string
		if err := rows.Scan(&r.Seq, &at, &r.Kind, &data); err != nil {
			return nil, fmt.Errorf("sqlite: reading game %d: %w", gameID, err)
		}
		r.At, _ = time.Parse(time.RFC3339Nano, at)
		r.Data = json.RawMessage(data)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Create adds a game and its start record in one transaction.
func (s *Store) Create(ctx context.Context, g game.Setup, start game.Record) (game.Setup, game.Record, error) {
	players, err := json.Marshal(g.Players)
	if err != nil {
		return g, start, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return g, start, fmt.Errorf("sqlite: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO games(kind, players, rows, cols, created) VALUES (?, ?, ?, ?, ?)`,
		g.Kind, string(players), g.Rows, g.Cols, g.Created.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return g, start, fmt.Errorf("sqlite: creating a game: %w", err)
	}
	if g.ID, err = res.LastInsertId(); err != nil {
		return g, start, fmt.Errorf("sqlite: %w", err)
	}
	if start, err = insert(ctx, tx, g.ID, start); err != nil {
		return g, start, err
	}
	if err := tx.Commit(); err != nil {
		return g, start, fmt.Errorf("sqlite: creating a game: %w", err)
	}
	return g, start, nil
}

// Append adds a record to a game's log; it is on the disk when Append
// returns.
func (s *Store) Append(ctx context.Context, gameID int64, r game.Record) (game.Record, error) {
	return insert(ctx, s.db, gameID, r)
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func insert(ctx context.Context, db execer, gameID int64, r game.Record) (game.Record, error) {
	if !json.Valid(r.Data) {
		return r, fmt.Errorf("sqlite: a %s record with invalid JSON", r.Kind)
	}
	res, err := db.ExecContext(ctx, `INSERT INTO records(game, at, kind, data) VALUES (?, ?, ?, ?)`,
		gameID, r.At.UTC().Format(time.RFC3339Nano), r.Kind, string(r.Data))
	if err != nil {
		return r, fmt.Errorf("sqlite: writing a %s record: %w", r.Kind, err)
	}
	if r.Seq, err = res.LastInsertId(); err != nil {
		return r, fmt.Errorf("sqlite: %w", err)
	}
	return r, nil
}

// PhotoPath is where the photo of a turn is kept.
func (s *Store) PhotoPath(gameID int64, turn int) string {
	return filepath.Join(s.dir, "photos", strconv.FormatInt(gameID, 10), strconv.Itoa(turn)+".jpg")
}

// SavePhoto writes a turn's photo durably (temporary file, sync, rename,
// directory sync). A photo of the same turn is replaced: a turn number is
// reused only after its turn was undone.
func (s *Store) SavePhoto(ctx context.Context, gameID int64, turn int, jpeg []byte) error {
	path := s.PhotoPath(gameID, turn)
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	f, err := os.CreateTemp(dir, ".photo-*")
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a successful rename this fails harmlessly
	if _, err := f.Write(jpeg); err != nil {
		f.Close()
		return fmt.Errorf("sqlite: writing %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("sqlite: syncing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sqlite: syncing %s: %w", dir, err)
	}
	return nil
}

// Photo reads a turn's photo; a missing one is an error wrapping
// fs.ErrNotExist.
func (s *Store) Photo(ctx context.Context, gameID int64, turn int) ([]byte, error) {
	b, err := os.ReadFile(s.PhotoPath(gameID, turn))
	if err != nil {
		return nil, fmt.Errorf("sqlite: photo of turn %d: %w", turn, err)
	}
	return b, nil
}
