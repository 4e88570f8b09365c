package web

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"sort"
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

// ReadPINFile reads a PIN kept in a file (serve --pin-file): 4 to 6
// digits, spaces and a newline around them allowed.
func ReadPINFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("web: %w", err)
	}
	pin := strings.TrimSpace(string(b))
	if err := CheckPIN(pin); err != nil {
		return "", fmt.Errorf("web: %s: %w", path, err)
	}
	return pin, nil
}

// CheckProxies accepts IP addresses and networks (CIDR), as trusted
// proxies are named.
func CheckProxies(proxies []string) error {
	for _, p := range proxies {
		if strings.Contains(p, "/") {
			if _, _, err := net.ParseCIDR(p); err != nil {
				return fmt.Errorf("%q is not an address or a network (CIDR)", p)
			}
		} else if net.ParseIP(p) == nil {
			return fmt.Errorf("%q is not an address or a network (CIDR)", p)
		}
	}
	return nil
}

// samePIN compares two PINs in time that depends on neither's content nor
// length: their SHA-256 digests are compared in constant time.
func samePIN(got, want string) bool {
	a, b := sha256.Sum256([]byte(got)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

// limiter bounds how fast the PIN can be guessed, twice over:
//
//   - per table: at most tableTries tries in any window, whoever makes them
//     (a search from forged or many addresses gets no more); a try with
//     the right PIN gives its slot back;
//   - per client address (the connection's, not a header's, unless a
//     trusted proxy says otherwise): after freeFails wrong PINs each
//     further one doubles the wait before the next, from a second up to
//     maxDelay; the right PIN clears it.
//
// The table of addresses is bounded (maxClients; the longest quiet goes
// first) and swept of addresses quiet for forgetAfter. The clock is
// injectable.
type limiter struct {
	now func() time.Time

	mu        sync.Mutex
	tries     []time.Time // the table's tries in the window, oldest first
	clients   map[string]*client
	lastSweep time.Time
}

type client struct {
	fails int
	until time.Time // no try before this
	last  time.Time
}

const (
	tableTries  = 10
	window      = time.Minute
	freeFails   = 2
	firstDelay  = time.Second
	maxDelay    = 5 * time.Minute
	maxClients  = 4096
	forgetAfter = 15 * time.Minute
)

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, clients: map[string]*client{}}
}

// try asks for one PIN try from ip: ok, or how long to wait. An allowed
// try holds one of the table's slots until done says how it went.
func (l *limiter) try(ip string) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	if c := l.clients[ip]; c != nil && now.Before(c.until) {
		return false, c.until.Sub(now)
	}
	cut := now.Add(-window)
	i := 0
	for i < len(l.tries) && !l.tries[i].After(cut) {
		i++
	}
	l.tries = l.tries[i:]
	if len(l.tries) >= tableTries {
		return false, l.tries[0].Add(window).Sub(now)
	}
	l.tries = append(l.tries, now)
	return true, 0
}

// done reports how an allowed try went.
func (l *limiter) done(ip string, right bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if right {
		// The slot is given back (the latest: the table's own tries
		// never fill the window), and the address forgiven.
		if n := len(l.tries); n > 0 {
			l.tries = l.tries[:n-1]
		}
		delete(l.clients, ip)
		return
	}
	c := l.clients[ip]
	if c == nil {
		if len(l.clients) >= maxClients {
			l.evict(now)
		}
		c = &client{}
		l.clients[ip] = c
	}
	c.fails++
	c.last = now
	if c.fails > freeFails {
		d := maxDelay
		if shift := c.fails - freeFails - 1; shift < 20 {
			d = min(firstDelay<<shift, maxDelay)
		}
		c.until = now.Add(d)
	}
}

// sweep forgets addresses quiet for forgetAfter, at most once a window.
func (l *limiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < window {
		return
	}
	l.lastSweep = now
	for ip, c := range l.clients {
		if now.Sub(c.last) > forgetAfter && !now.Before(c.until) {
			delete(l.clients, ip)
		}
	}
}

// evict makes room in a full table: the addresses gone quiet are swept,
// and if that is not enough the quarter quiet the longest is dropped (a
// quarter at a time, so that a flood of new addresses costs a sort every
// thousand, not a scan each).
func (l *limiter) evict(now time.Time) {
	l.lastSweep = time.Time{}
	l.sweep(now)
	if len(l.clients) < maxClients {
		return
	}
	type seen struct {
		ip   string
		last time.Time
	}
	all := make([]seen, 0, len(l.clients))
	for ip, c := range l.clients {
		all = append(all, seen{ip, c.last})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].last.Before(all[j].last) })
	for _, s := range all[:len(all)/4] {
		delete(l.clients, s.ip)
	}
}

// size is how many addresses the limiter remembers.
func (l *limiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.clients)
}
