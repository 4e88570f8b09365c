package scrabble

import (
	"bytes"
	"image"
	"testing"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// noBoardScenes draws photos on which no Scrabble board is found: a
// crowded wooden board drawn hard (crowded seed 91047: its grid's lines
// hidden by the tiles and a hand, no grid found, no premium proposal
// near it, its letters' lattice split by the hand; 60107 and 60111, used
// before, are found since by their rim's faint grid and by their
// letters' lattice), and loose Lexicon tiles on a table (no board at
// all).
func noBoardScenes(t testing.TB) map[string]image.Image {
	t.Helper()
	crowded := crowdedRender(t, 91047, "wooden")
	st, err := render.RandomState("lexicon", 60108)
	if err != nil {
		t.Fatal(err)
	}
	o, err := render.RandomOptions(60108, "mixed")
	if err != nil {
		t.Fatal(err)
	}
	o.FitGame("lexicon")
	loose, err := render.Render("lexicon", st, o)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]image.Image{}
	for name, sc := range map[string]*render.Scene{"crowded-blurred": crowded, "loose-tiles": loose} {
		img, _, err := image.Decode(bytes.NewReader(sc.JPEG))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = img
	}
	return out
}

// BenchmarkScanScrabbleNoBoard scans photos with no findable board (the
// scan gives up with vision.ErrNoBoard): what a frame with no board, or a
// board the finder cannot see, costs before the scan says so.
func BenchmarkScanScrabbleNoBoard(b *testing.B) {
	scenes := noBoardScenes(b)
	for _, name := range []string{"crowded-blurred", "loose-tiles"} {
		b.Run(name, func(b *testing.B) {
			benchScanErr(b, scenes[name], vision.ErrNoBoard)
		})
	}
}
