package game

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
)

// TestStorageFailureIsTold: an action the store cannot keep (a full disk)
// is refused with ErrStorage, and the table is told: the game is published
// again with a storage notice that says what to do and names no file;
// the next action saved takes it down. Issue 19: camera turns were only
// logged ("no space left on device") and phones saw nothing.
func TestStorageFailureIsTold(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		err    error
		action func(s *Session) error
		want   string
	}{
		{"pass on a full disk", syscall.ENOSPC, func(s *Session) error { _, err := s.Pass(ctx); return err }, "disk is full"},
		{"camera turn on a full disk", syscall.ENOSPC, func(s *Session) error { _, err := s.Play(ctx, Frame{ID: "cam"}, reading(turn1)); return err }, "disk is full"},
		{"camera notice, read-only", syscall.EROFS, func(s *Session) error { return s.CameraTrouble(ctx, "cam", "too_dark", "dark") }, "cannot be written"},
		{"new game, other error", errors.New("disk I/O error"), func(s *Session) error { return s.NewGame(ctx, []string{"Ann"}) }, "refused the write"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			store := NewMemStore()
			s := newSession(t, store)
			before := s.Snapshot()
			store.Fail = fmt.Errorf("sqlite: writing /srv/secret/tilescope.db: %w", tc.err)
			err := tc.action(s)
			if !errors.Is(err, ErrStorage) {
				t.Fatalf("action: %v, want ErrStorage", err)
			}
			select {
			case <-before.Next():
			default:
				t.Fatal("the table was not told")
			}
			st := s.State()
			if st.Storage == nil || !strings.Contains(st.Storage.Error, tc.want) || strings.Contains(st.Storage.Error, "/") {
				t.Fatalf("storage notice %+v, want %q and no file name", st.Storage, tc.want)
			}
			if st.Version != before.Version || len(st.History) != 0 {
				t.Errorf("something was recorded: version %d -> %d", before.Version, st.Version)
			}
			if !strings.Contains(string(s.Snapshot().JSON), `"storage":{"error":"`) {
				t.Errorf("the JSON has no storage notice: %s", s.Snapshot().JSON)
			}
			if s.StorageTrouble() == nil {
				t.Error("StorageTrouble: nil")
			}
			store.Fail = nil
			if _, err := s.Pass(ctx); err != nil {
				t.Fatal(err)
			}
			if s.State().Storage != nil || s.StorageTrouble() != nil {
				t.Errorf("the notice stayed after a saved action")
			}
		})
	}
}
