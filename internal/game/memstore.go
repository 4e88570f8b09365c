package game

import (
	"context"
	"fmt"
	"io/fs"
	"sync"
)

// MemStore is a Store in memory, for tests and for a table that keeps
// nothing. It is safe for concurrent use.
type MemStore struct {
	mu     sync.Mutex
	games  []Setup
	logs   map[int64][]Record
	photos map[[2]int64][]byte
	seq    int64
	// Fail, when set, makes Append fail with it (to test that a failed write
	// tells nobody).
	Fail error
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore {
	return &MemStore{logs: map[int64][]Record{}, photos: map[[2]int64][]byte{}}
}

func (m *MemStore) Current(ctx context.Context) (Setup, []Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.games) == 0 {
		return Setup{}, nil, ErrNoGame
	}
	g := m.games[len(m.games)-1]
	return g, append([]Record(nil), m.logs[g.ID]...), nil
}

func (m *MemStore) Create(ctx context.Context, s Setup, start Record) (Setup, Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Fail != nil {
		return Setup{}, Record{}, m.Fail
	}
	s.ID = int64(len(m.games) + 1)
	m.games = append(m.games, s)
	m.seq++
	start.Seq = m.seq
	m.logs[s.ID] = []Record{start}
	return s, start, nil
}

func (m *MemStore) Append(ctx context.Context, game int64, r Record) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Fail != nil {
		return Record{}, m.Fail
	}
	if _, ok := m.logs[game]; !ok {
		return Record{}, fmt.Errorf("memstore: no game %d", game)
	}
	m.seq++
	r.Seq = m.seq
	m.logs[game] = append(m.logs[game], r)
	return r, nil
}

func (m *MemStore) SavePhoto(ctx context.Context, game int64, turn int, jpeg []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.photos[[2]int64{game, int64(turn)}] = append([]byte(nil), jpeg...)
	return nil
}

func (m *MemStore) Photo(ctx context.Context, game int64, turn int) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.photos[[2]int64{game, int64(turn)}]
	if !ok {
		return nil, fmt.Errorf("memstore: photo of turn %d: %w", turn, fs.ErrNotExist)
	}
	return b, nil
}
