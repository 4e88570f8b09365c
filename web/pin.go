package web

import (
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// PINFile is the PIN's file in the data directory.
const PINFile = "pin"

// LoadOrCreatePIN returns the table's PIN kept in dir/pin, making a random
// 6-digit one on first use. A PIN file someone edited by hand must hold 4 to
// 6 digits.
func LoadOrCreatePIN(dir string) (string, error) {
	path := filepath.Join(dir, PINFile)
	b, err := os.ReadFile(path)
	if err == nil {
		pin := strings.TrimSpace(string(b))
		if err := CheckPIN(pin); err != nil {
			return "", fmt.Errorf("web: %s: %w", path, err)
		}
		return pin, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("web: %w", err)
	}
	pin, err := NewPIN(6)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("web: %w", err)
	}
	if err := os.WriteFile(path, []byte(pin+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("web: %w", err)
	}
	return pin, nil
}

// CheckPIN accepts 4 to 6 digits.
func CheckPIN(pin string) error {
	if len(pin) < 4 || len(pin) > 6 {
		return fmt.Errorf("PIN %q: want 4 to 6 digits", pin)
	}
	for _, r := range pin {
		if r < '0' || r > '9' {
			return fmt.Errorf("PIN %q: want digits only", pin)
		}
	}
	return nil
}

// NewPIN returns n random digits.
func NewPIN(n int) (string, error) {
	var b strings.Builder
	for range n {
		d, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			return "", fmt.Errorf("web: %w", err)
		}
		b.WriteByte(byte('0' + d.Int64()))
	}
	return b.String(), nil
}

// limiter counts wrong PINs per client address: after maxFails in a window
// the address is refused until the window passes.
type limiter struct {
	now   func() time.Time
	mu    sync.Mutex
	fails map[string][]time.Time
}

const (
	maxFails   = 10
	failWindow = time.Minute
)

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, fails: map[string][]time.Time{}}
}

func (l *limiter) recent(ip string) []time.Time {
	cut := l.now().Add(-failWindow)
	fs := l.fails[ip]
	i := 0
	for i < len(fs) && fs[i].Before(cut) {
		i++
	}
	fs = fs[i:]
	if len(fs) == 0 {
		delete(l.fails, ip)
	} else {
		l.fails[ip] = fs
	}
	return fs
}

func (l *limiter) allow(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(ip)) < maxFails
}

func (l *limiter) fail(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fails[ip] = append(l.recent(ip), l.now())
}
