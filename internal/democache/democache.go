package democache

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tilescope/tilescope/internal/game"
)

var (
	// ErrMiss: no entry for this game and key.
	ErrMiss = errors.New("democache: not cached")
	// ErrCorrupt: the entry's file is not a whole entry of this game and
	// key (cut short, damaged, or another entry's contents).
	ErrCorrupt = errors.New("democache: corrupt entry")
)

// magic starts every entry file; a new layout takes a new magic.
const magic = "tilescope demo cache 1\n"

// Cache is a folder of demo entries.
type Cache struct {
	Dir string
}

// entry is what a file holds after its header.
type entry struct {
	Kind, Key string
	Demo      game.Demo
}

// Path is the file of the entry for game kind and key.
func (c Cache) Path(kind, key string) string {
	h := sha256.Sum256([]byte(kind + "\x00" + key))
	return filepath.Join(c.Dir, kind+"-"+hex.EncodeToString(h[:8])+".demo")
}

// Load reads the entry for kind and key: ErrMiss when there is none,
// ErrCorrupt when its file is not whole.
func (c Cache) Load(kind, key string) (*game.Demo, error) {
	path := c.Path(kind, key)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrMiss
	}
	if err != nil {
		return nil, fmt.Errorf("democache: %w", err)
	}
	bad := func(why string) error { return fmt.Errorf("%w: %s: %s", ErrCorrupt, path, why) }
	rest, ok := bytes.CutPrefix(data, []byte(magic))
	if !ok {
		return nil, bad("no header")
	}
	if len(rest) < sha256.Size {
		return nil, bad("cut short")
	}
	sum, body := rest[:sha256.Size], rest[sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, bad("checksum does not match")
	}
	var e entry
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(&e); err != nil {
		return nil, bad(err.Error())
	}
	if e.Kind != kind || e.Key != key {
		return nil, bad(fmt.Sprintf("holds %s's demo of another key", e.Kind))
	}
	if err := check(&e.Demo); err != nil {
		return nil, bad(err.Error())
	}
	return &e.Demo, nil
}

// check refuses a demo with a missing photo.
func check(d *game.Demo) error {
	if len(d.Photos) == 0 {
		return errors.New("no photos")
	}
	for i, ph := range d.Photos {
		if len(ph.Still) == 0 {
			return fmt.Errorf("photo %d is empty", i)
		}
		for _, p := range ph.Placing {
			if len(p) == 0 {
				return fmt.Errorf("photo %d has an empty placing photo", i)
			}
		}
	}
	return nil
}

// Store writes the entry for kind and key, atomically: a temporary file
// in the same folder, synced, then renamed over the entry's name.
func (c Cache) Store(kind, key string, d *game.Demo) error {
	if err := check(d); err != nil {
		return fmt.Errorf("democache: %s: %w", kind, err)
	}
	var body bytes.Buffer
	if err := gob.NewEncoder(&body).Encode(entry{Kind: kind, Key: key, Demo: *d}); err != nil {
		return fmt.Errorf("democache: %w", err)
	}
	sum := sha256.Sum256(body.Bytes())
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return fmt.Errorf("democache: %w", err)
	}
	f, err := os.CreateTemp(c.Dir, kind+"-*.tmp")
	if err != nil {
		return fmt.Errorf("democache: %w", err)
	}
	defer os.Remove(f.Name()) // a no-op once renamed
	for _, b := range [][]byte{[]byte(magic), sum[:], body.Bytes()} {
		if _, err := f.Write(b); err != nil {
			f.Close()
			return fmt.Errorf("democache: %w", err)
		}
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("democache: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("democache: %w", err)
	}
	if err := os.Rename(f.Name(), c.Path(kind, key)); err != nil {
		return fmt.Errorf("democache: %w", err)
	}
	return nil
}

// Get returns the entry for kind and key, or draws it with render and
// stores it when there is none or its file is corrupt. fromCache says
// which; a failure to store is logged (the photos are still returned).
func (c Cache) Get(kind, key string, render func() (*game.Demo, error), logf func(string, ...any)) (d *game.Demo, fromCache bool, err error) {
	d, err = c.Load(kind, key)
	switch {
	case err == nil:
		return d, true, nil
	case errors.Is(err, ErrCorrupt):
		logf("demo: %v; drawing the photos again", err)
	case !errors.Is(err, ErrMiss):
		logf("demo: %v; drawing the photos again", err)
	}
	d, err = render()
	if err != nil {
		return nil, false, err
	}
	if err := c.Store(kind, key, d); err != nil {
		logf("demo: cannot keep the photos for the next start: %v", err)
	}
	return d, false, nil
}
