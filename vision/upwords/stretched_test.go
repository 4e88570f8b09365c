package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestStretchedGridsSet scans three hard renders whose grids main placed
// a third of a square or more off at one corner (docs/vision.md,
// upwgrid2) and wants each board found as eval-scan counts it (every
// corner within a quarter of a square of the truth's): a pencil on the
// rim taken for the outermost line, a hand over a dim board, a crowded
// board whose lines' crossings could not place the grid at all.
func TestStretchedGridsSet(t *testing.T) {
	for _, tc := range []struct{ name, scene string }{
		{"a pencil on the rim", "testdata/stretched/pencil-10990100028"},
		{"a hand over a dim board", "testdata/stretched/hand-10990000024"},
		{"a crowded board", "testdata/stretched/crowded-10990300002"},
	} {
		t.Run(tc.name, func(t *testing.T) { wantGridFound(t, tc.scene) })
	}
}

// TestBentGridsFound: boards seen through a barrel lens whose lines show
// it only a little more straightly under it than under none (blur, a
// hand), the straight grid's corners a quarter of a square or more off
// the truth's, are found where the truth has them once the barrel lens
// is kept (vision's lensBarrelGain; testdata/bent, tuning set 110500).
func TestBentGridsFound(t *testing.T) {
	for _, tc := range []struct{ name, scene string }{
		{"a blurred board through a barrel lens", "testdata/bent/lens-11050000016"},
		{"a hand over a board through a barrel lens", "testdata/bent/hand-11050000008"},
	} {
		t.Run(tc.name, func(t *testing.T) { wantGridFound(t, tc.scene) })
	}
}

// TestMarksKeepInView: a board wholly in view whose tiles' red letters
// pass for the centre squares' print (another maker's board, its centre
// marks green) is not moved by the marks out of the picture, and so not
// refused as partly out of view: it is found where the truth has it
// (testdata/marks, tuning set 110503t).
func TestMarksKeepInView(t *testing.T) {
	wantGridFound(t, "testdata/marks/redink-11050300023")
}

// wantGridFound scans the scene SCENE.jpg with its truth SCENE.json and
// wants its board found as eval-scan counts it: every corner within a
// quarter of a square of the truth's.
func wantGridFound(t *testing.T, scene string) {
	t.Helper()
	tr, err := vision.LoadTruth(scene + ".json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := ScanUpwords(loadImage(t, scene+".jpg"), Options{Size: tr.Board.Rows})
	if err != nil {
		t.Fatal(err)
	}
	_, e, found := matchGrid(tr, r.Corners)
	c := tr.Board.Corners
	side := math.Hypot(c[1][0]-c[0][0], c[1][1]-c[0][1]) / float64(tr.Board.Cols)
	if !found {
		t.Errorf("a corner %.1f px (%.2f squares) off the truth's", e, e/side)
	}
}

// TestSamplesCheckedByEdge: a registered grid set on its lines' samples
// (vision.Grid.OnSamples) is kept where the board's outer edge speaks
// against the move (samplesMoveTaken; testdata/edge). The first three
// boards, their walls faint under a blur (tuning sets 110834 and
// 111252t), were placed a fifth to a third of a square off by the
// samples at 4d91b2c8 and are found as the search placed them; on the
// other four the samples set a grid found off (0.26-0.48 square) on the
// board, and the move is still taken: two of the tuning sets 111251m and
// 111252t, and the two held-out boards (110543's 0013 on felt, 105953's
// 0027 under a hand) that upwfind4's summed edge check lost.
func TestSamplesCheckedByEdge(t *testing.T) {
	for _, tc := range []struct{ name, scene string }{
		{"a blurred dark board, faint walls", "testdata/edge/blur-11083400013"},
		{"a blurred dark board on lace", "testdata/edge/lace-11083400025"},
		{"a blurred steep view", "testdata/edge/steep-11125200003"},
		{"a shaken board under a hand, set on its samples", "testdata/edge/shaken-11125100024"},
		{"a steep view set on its samples", "testdata/edge/steep-11125200020"},
		{"a blurred board on felt, set on its samples", "testdata/edge/felt-11054300013"},
		{"a blurred board under a hand, set on its samples", "testdata/edge/hand-10595300027"},
	} {
		t.Run(tc.name, func(t *testing.T) { wantGridFound(t, tc.scene) })
	}
}
