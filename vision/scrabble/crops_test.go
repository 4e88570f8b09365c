package scrabble

import (
	"errors"
	"image"
	"math"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
)

// TestSquareCrops cuts a rendered scene's squares where its truth puts
// the board: every square asked for comes once, in the board's reading
// order, its upright crop a quarter turn of its picture crop by Rot; the
// tiles' letters read upright as the truth says; and the same board
// named two squares off is ErrElsewhere.
func TestSquareCrops(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	_, sc, img := renderScene(t, 100010)
	var q vision.Quad
	for i, c := range sc.Truth.Board.Corners {
		q[i] = vision.Point{X: c[0], Y: c[1]}
	}
	letters := map[[2]int]string{}
	for _, c := range sc.Truth.Cells {
		if c.Height > 0 && len(c.Letter) == 1 && c.Letter[0] >= 'A' && c.Letter[0] <= 'Z' {
			letters[[2]int{c.Row, c.Col}] = c.Letter
		}
	}
	crops, err := SquareCrops(img, q, func(r, c int) bool { _, ok := letters[[2]int{r, c}]; return ok }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(crops) != len(letters) {
		t.Fatalf("%d crops for %d tiles", len(crops), len(letters))
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	kr := rd.(ocr.KnownReader)
	seen, right := map[[2]int]bool{}, 0
	for _, c := range crops {
		p := [2]int{c.Row, c.Col}
		if seen[p] {
			t.Errorf("square %v cut twice", p)
		}
		seen[p] = true
		if c.Rot != crops[0].Rot {
			t.Errorf("square %v: rot %d, the first %d", p, c.Rot, crops[0].Rot)
		}
		r, err := kr.ReadKnown(c.Upright, ocr.Known{Tile: true, HasAngle: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Letter == letters[p] {
			right++
		}
	}
	if right < len(crops)*9/10 {
		t.Errorf("%d of %d upright crops read as the truth's letter", right, len(crops))
	}
	for i := range q {
		// two squares along the board's top edge: not the board found
		q[i].X += 2 * (sc.Truth.Board.Corners[1][0] - sc.Truth.Board.Corners[0][0]) / Size
		q[i].Y += 2 * (sc.Truth.Board.Corners[1][1] - sc.Truth.Board.Corners[0][1]) / Size
	}
	if _, err := SquareCrops(img, q, nil, nil); !errors.Is(err, ErrElsewhere) {
		t.Errorf("corners two squares off: %v, want ErrElsewhere", err)
	}
}

// TestLetterReader: ocr's English classifier is pooled with the model
// trained on Scrabble squares (embedded by make train), not with
// Options.General, and any other reader is kept as it is.
func TestLetterReader(t *testing.T) {
	rd := reader(t)
	sc := scrabbleModel()
	if sc == nil {
		t.Fatalf("no %s model in the binary (make train)", ocr.SpecialistScrabble)
	}
	if p, ok := letterReader(Options{Reader: rd}).(ocr.Pool); !ok || len(p) != 2 || p[0] != sc || p[1] != rd {
		t.Errorf("ocr's classifier: letterReader = %T %v, want the pool of %s and it", letterReader(Options{Reader: rd}), letterReader(Options{Reader: rd}), ocr.SpecialistScrabble)
	}
	if got := letterReader(Options{Reader: rd, General: true}); got != rd {
		t.Errorf("General: letterReader = %T, want the reader itself", got)
	}
	if got := letterReader(Options{Reader: fixedReader{}}); got != (fixedReader{}) {
		t.Errorf("another reader: letterReader = %T, want it", got)
	}
}

// TestPool: the pool of one classifier reads as that classifier's own
// vote does; two classifiers' average lies between theirs.
func TestPool(t *testing.T) {
	en := reader(t).(*ocr.Classifier)
	sc := scrabbleModel()
	if sc == nil {
		t.Fatal("no Scrabble model")
	}
	crop := loadImage(t, "../../ocr/testdata/real/K_0_9.png")
	k := ocr.Known{Tile: true}
	one, err := ocr.Pool{en}.ReadKnown(crop, k)
	if err != nil {
		t.Fatal(err)
	}
	own, err := en.ReadVote([]image.Image{crop}, k)
	if err != nil {
		t.Fatal(err)
	}
	if one.Letter != own.Letter || math.Abs(one.Conf-own.Conf) > 1e-9 {
		t.Errorf("pool of one: %q %.4f, the classifier's vote %q %.4f", one.Letter, one.Conf, own.Letter, own.Conf)
	}
	both, err := ocr.Pool{sc, en}.ReadKnown(crop, k)
	if err != nil {
		t.Fatal(err)
	}
	a, _, _ := en.GlyphProbs(crop, k)
	b, _, _ := sc.GlyphProbs(crop, k)
	idx := slices.Index(en.Glyphs(), both.Letter)
	if idx < 0 || math.Abs(both.Conf-(a[idx]+b[idx])/2) > 1e-9 {
		t.Errorf("pool of two: %q %.4f, want the average of %.4f and %.4f", both.Letter, both.Conf, a[max(idx, 0)], b[max(idx, 0)])
	}
	if both.Letter != "K" {
		t.Errorf("pool of two read the K as %q", both.Letter)
	}
	if _, err := (ocr.Pool{en}).ReadVote(nil, k); err == nil {
		t.Error("no crops: no error")
	}
}

type fixedReader struct{}

func (fixedReader) Read(image.Image) (ocr.Reading, error) {
	return ocr.Reading{Letter: "A", Conf: 1}, nil
}
