package vision

import (
	"errors"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/internal/sharedtest"
)

// scrabbleBoardPhoto decodes one of the real Scrabble photos of
// ../shared (or $TILESCOPE_SHARED); the test skips when they are not
// there (fails under make test: internal/sharedtest).
func scrabbleBoardPhoto(t *testing.T, name string) image.Image {
	t.Helper()
	dir := sharedtest.Dir(t, "data/photos/scrabble-board")
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	img, err := DecodePhoto(b)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// sameGridAsFindGrid checks that g's corners lie within 4 pixels of
// those FindGrid finds in img.
func sameGridAsFindGrid(t *testing.T, img image.Image, g Grid) {
	t.Helper()
	full, err := FindGrid(img, 15)
	if err != nil {
		t.Fatalf("FindGrid: %v", err)
	}
	for i, p := range g.Corners() {
		q := full.Corners()[i]
		if d := (p.X-q.X)*(p.X-q.X) + (p.Y-q.Y)*(p.Y-q.Y); d > 4*4 {
			t.Errorf("corner %d at %v, FindGrid's at %v", i, p, q)
		}
	}
}

// TestFindGridWhole: a board whose lines are too faint for FindGridLines
// (a dim photo of a board on a cloth) is found by FindGridWhole where
// FindGrid finds it, and a picture with no board still answers no board.
func TestFindGridWhole(t *testing.T) {
	plain := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := range plain.Pix {
		plain.Pix[i] = uint8(90 + i%7)
	}
	if _, err := FindGridWhole(plain, 15); !errors.Is(err, ErrNoBoard) && !errors.Is(err, ErrTooDark) && !errors.Is(err, ErrTooBlurred) {
		t.Errorf("a plain table: err = %v, want no board", err)
	}
	if testing.Short() {
		t.Skip("reads a real photo")
	}
	img := scrabbleBoardPhoto(t, "IMG_20141025_163953.jpg")
	if _, err := FindGridLines(img, 15); err == nil {
		t.Log("FindGridLines finds this board now: the photo no longer tells the two apart")
	}
	g, err := FindGridWhole(img, 15)
	if err != nil {
		t.Fatalf("FindGridWhole: %v", err)
	}
	sameGridAsFindGrid(t, img, g)
}
