package upwords

import (
	"image"
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// scriptedReader answers from a script, in turn, and counts its calls.
type scriptedReader struct {
	script []ocr.Reading
	calls  int
}

func (s *scriptedReader) Read(image.Image) (ocr.Reading, error) {
	r := s.script[s.calls%len(s.script)]
	s.calls++
	return r, nil
}

func TestRereadAtOtherHeights(t *testing.T) {
	sc := vision.SynthScene{W: 320, H: 240, HFOV: 62.2, Dist: 24, Tilt: 20, Board: grid.New(10, 10)}
	img, pose := sc.Draw()
	tests := []struct {
		name      string
		cell      Cell
		script    []ocr.Reading // the readings at the other heights, lowest first
		wantCalls int
		want      string
		wantConf  float64
	}{
		{"sure: not read again", Cell{Letter: "C", Conf: 0.95, Height: 2},
			[]ocr.Reading{{Letter: "B", Conf: 0.99}}, 0, "C", 0.95},
		{"unsure, one higher reads clearly better", Cell{Letter: "C", Conf: 0.5, Height: 2},
			[]ocr.Reading{{Letter: "A", Conf: 0.3}, {Letter: "B", Conf: 0.9}, {Letter: "A", Conf: 0.3}, {Letter: "A", Conf: 0.2}}, 4, "B", 0.9},
		{"unsure, only a little better elsewhere", Cell{Letter: "C", Conf: 0.5, Height: 2},
			[]ocr.Reading{{Letter: "A", Conf: 0.6}, {Letter: "B", Conf: 0.55}, {Letter: "A", Conf: 0.6}, {Letter: "A", Conf: 0.55}}, 4, "C", 0.5},
		{"one high: every higher is tried", Cell{Letter: "C", Conf: 0.4, Height: 1},
			[]ocr.Reading{{Letter: "O", Conf: 0.3}, {Letter: "O", Conf: 0.97}, {Letter: "O", Conf: 0.3}, {Letter: "O", Conf: 0.3}}, 4, "O", 0.97},
		{"five high, the face is one high's (a height four levels off)", Cell{Letter: "B", Conf: 0.3, Height: 5},
			[]ocr.Reading{{Letter: "R", Conf: 0.99}, {Letter: "B", Conf: 0.4}, {Letter: "B", Conf: 0.35}, {Letter: "I", Conf: 0.3}}, 4, "R", 0.99},
		{"no tile seen elsewhere: kept", Cell{Letter: "C", Conf: 0.4, Height: 3},
			[]ocr.Reading{{Letter: "", Conf: 0.99}}, 4, "C", 0.4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cell
			c.Pos = grid.Pos{Row: 4, Col: 5}
			cells := []Cell{c}
			rd := &scriptedReader{script: tc.script}
			if err := rereadAtOtherHeights(img, cells, nil, &pose, UpwordsGeometry, 48, rd, 0, false, false); err != nil {
				t.Fatal(err)
			}
			got := cells[0]
			if rd.calls != tc.wantCalls || got.Letter != tc.want || got.Conf != tc.wantConf || got.Height != tc.cell.Height {
				t.Errorf("read %d times, letter %s (%.2f) height %d; want %d times, %s (%.2f), height %d",
					rd.calls, got.Letter, got.Conf, got.Height, tc.wantCalls, tc.want, tc.wantConf, tc.cell.Height)
			}
		})
	}
}

// scriptedVoter is a scriptedReader that can also be told what is known
// and pool crops; it records what the vote was given.
type scriptedVoter struct {
	scriptedReader
	vote      ocr.Reading
	votes     int
	voteCrops int
	known     ocr.Known
}

func (s *scriptedVoter) ReadKnown(img image.Image, _ ocr.Known) (ocr.Reading, error) {
	return s.Read(img)
}

func (s *scriptedVoter) ReadVote(crops []image.Image, k ocr.Known) (ocr.Reading, error) {
	s.votes++
	s.voteCrops = len(crops)
	s.known = k
	return s.vote, nil
}

// TestVoteAfterHeights: a letter still unsure after the other heights were
// tried is read from several crops of its face pooled (ocr.VoteReader),
// told what is known (a tile, and the board's angle when the letters gave
// it); a letter one of the heights read surely is not.
func TestVoteAfterHeights(t *testing.T) {
	sc := vision.SynthScene{W: 320, H: 240, HFOV: 62.2, Dist: 24, Tilt: 20, Board: grid.New(10, 10)}
	img, pose := sc.Draw()
	unsure := []ocr.Reading{{Letter: "A", Conf: 0.3}}
	tests := []struct {
		name      string
		script    []ocr.Reading
		known     bool
		wantVotes int
		want      string
	}{
		{"still unsure: voted", unsure, true, 1, "W"},
		{"still unsure, the board's angle unknown: voted all the same", unsure, false, 1, "W"},
		{"a height read it surely: no vote", []ocr.Reading{{Letter: "M", Conf: 0.95}}, true, 0, "M"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := []Cell{{Pos: grid.Pos{Row: 4, Col: 5}, Letter: "M", Conf: 0.4, Height: 2}}
			rd := &scriptedVoter{scriptedReader: scriptedReader{script: tc.script}, vote: ocr.Reading{Letter: "W", Conf: 0.6, Angle: 180}}
			if err := rereadAtOtherHeights(img, cells, nil, &pose, UpwordsGeometry, 48, rd, 2, tc.known, false); err != nil {
				t.Fatal(err)
			}
			if rd.votes != tc.wantVotes || cells[0].Letter != tc.want {
				t.Fatalf("%d votes, letter %s; want %d, %s", rd.votes, cells[0].Letter, tc.wantVotes, tc.want)
			}
			if rd.votes == 0 {
				return
			}
			if rd.voteCrops != len(faceJitters) || !rd.known.Tile || rd.known.HasAngle != tc.known || (tc.known && rd.known.Angle != 180) {
				t.Errorf("vote given %d crops, known %+v; want %d crops, a tile, angle 180 known: %v", rd.voteCrops, rd.known, len(faceJitters), tc.known)
			}
		})
	}
}

// TestJitterQuad: the pooled crops' faces are the face itself, moved
// along its own axes by a fraction of its side, and scaled about its
// centre.
func TestJitterQuad(t *testing.T) {
	q := vision.Quad{{X: 100, Y: 50}, {X: 140, Y: 50}, {X: 140, Y: 90}, {X: 100, Y: 90}} // 40 px square
	tests := []struct {
		name      string
		du, dv, s float64
		want      vision.Quad
	}{
		{"as placed", 0, 0, 1, q},
		{"a tenth along x", 0.1, 0, 1, vision.Quad{{X: 104, Y: 50}, {X: 144, Y: 50}, {X: 144, Y: 90}, {X: 104, Y: 90}}},
		{"a quarter back along y", 0, -0.25, 1, vision.Quad{{X: 100, Y: 40}, {X: 140, Y: 40}, {X: 140, Y: 80}, {X: 100, Y: 80}}},
		{"half the size", 0, 0, 0.5, vision.Quad{{X: 110, Y: 60}, {X: 130, Y: 60}, {X: 130, Y: 80}, {X: 110, Y: 80}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := jitterQuad(q, tc.du, tc.dv, tc.s)
			for i := range got {
				if math.Hypot(got[i].X-tc.want[i].X, got[i].Y-tc.want[i].Y) > 1e-6 {
					t.Fatalf("corners %v, want %v", got, tc.want)
				}
			}
		})
	}
	// In perspective the move follows the face's own sides: moved half a
	// side along y, the first corner lies on the left side, between its
	// ends, and not at their midpoint (the far half looks shorter).
	p := vision.Quad{{X: 100, Y: 50}, {X: 130, Y: 50}, {X: 150, Y: 90}, {X: 80, Y: 90}}
	got := jitterQuad(p, 0, 0.5, 1)[0]
	ex, ey := p[3].X-p[0].X, p[3].Y-p[0].Y
	along := ((got.X-p[0].X)*ex + (got.Y-p[0].Y)*ey) / (ex*ex + ey*ey)
	if cross := (got.X-p[0].X)*ey - (got.Y-p[0].Y)*ex; math.Abs(cross) > 1e-6 || along <= 0 || along >= 1 || math.Abs(along-0.5) < 0.01 {
		t.Errorf("moved half a side along y, the first corner is %v (%.3f of the left side, off it by %.3g)", got, along, cross)
	}
}

// TestRereadTall: a tall stack's letter is checked at the heights next to
// its own, and read at every height when neither supports it; another
// letter replaces it only when two neighbouring heights (neither its own)
// both read that letter surely. The height is never changed, and views
// where the face at the stack's height is near where a one-high stack's
// would be are not read again at all.
func TestRereadTall(t *testing.T) {
	steep := vision.SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 40, Board: grid.New(10, 10)}
	steepImg, steepPose := steep.Draw()
	overhead := vision.SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 0, Board: grid.New(10, 10)}
	overImg, overPose := overhead.Draw()
	sure := func(l string, c float64) ocr.Reading { return ocr.Reading{Letter: l, Conf: c} }
	tests := []struct {
		name      string
		overhead  bool
		unknown   bool // the board's reading direction not known
		cell      Cell
		script    []ocr.Reading // in the order read: one lower, one higher, then the others lowest first
		wantCalls int
		want      string
	}{
		{"five high, the board's reading direction unknown: not checked", false, true, Cell{Letter: "B", Conf: 1, Height: 5},
			[]ocr.Reading{sure("R", 1)}, 0, "B"},
		{"two high: not checked", false, false, Cell{Letter: "B", Conf: 1, Height: 2},
			[]ocr.Reading{sure("R", 1)}, 0, "B"},
		{"five high, seen from overhead: not checked", true, false, Cell{Letter: "B", Conf: 1, Height: 5},
			[]ocr.Reading{sure("R", 1)}, 0, "B"},
		{"five high, a level lower reads it too: kept", false, false, Cell{Letter: "B", Conf: 1, Height: 5},
			[]ocr.Reading{sure("B", 0.6)}, 1, "B"},
		{"three high, a level higher reads it: kept", false, false, Cell{Letter: "B", Conf: 0.9, Height: 3},
			[]ocr.Reading{sure("X", 0.2), sure("B", 0.55)}, 2, "B"},
		{"five high, one and two high read another letter surely: replaced", false, false, Cell{Letter: "B", Conf: 1, Height: 5},
			[]ocr.Reading{sure("S", 0.03), sure("R", 1), sure("R", 0.99), sure("R", 0.6)}, 4, "R"},
		{"five high, other letters sure at one height each: kept", false, false, Cell{Letter: "B", Conf: 1, Height: 5},
			[]ocr.Reading{sure("I", 0.3), sure("R", 0.99), sure("A", 0.99), sure("O", 0.95)}, 4, "B"},
		{"five high, another letter at two heights but one unsure: kept", false, false, Cell{Letter: "B", Conf: 1, Height: 5},
			[]ocr.Reading{sure("I", 0.3), sure("R", 0.99), sure("R", 0.8), sure("O", 0.2)}, 4, "B"},
		{"three high, the same letter either side of its own height: kept", false, false, Cell{Letter: "B", Conf: 1, Height: 3},
			[]ocr.Reading{sure("R", 0.99), sure("R", 0.99), sure("A", 0.2), sure("R", 0.3)}, 4, "B"},
		{"no tile seen at the other heights: kept", false, false, Cell{Letter: "B", Conf: 1, Height: 4},
			[]ocr.Reading{sure("", 0.99)}, 4, "B"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img, pose := steepImg, steepPose
			if tc.overhead {
				img, pose = overImg, overPose
			}
			c := tc.cell
			c.Pos = grid.Pos{Row: 4, Col: 5}
			c.Face = faceQuad(&pose, 4, 5, float64(c.Height), UpwordsGeometry)
			cells := []Cell{c}
			rd := &scriptedVoter{scriptedReader: scriptedReader{script: tc.script}}
			if err := rereadTall(img, cells, &pose, UpwordsGeometry, 48, rd, 0, !tc.unknown); err != nil {
				t.Fatal(err)
			}
			got := cells[0]
			if rd.calls != tc.wantCalls || got.Letter != tc.want || got.Height != tc.cell.Height {
				t.Errorf("read %d times, letter %s height %d; want %d times, %s, height %d",
					rd.calls, got.Letter, got.Height, tc.wantCalls, tc.want, tc.cell.Height)
			}
		})
	}
	// A reader that cannot be told the angle is not asked.
	cells := []Cell{{Pos: grid.Pos{Row: 4, Col: 5}, Letter: "B", Conf: 1, Height: 5, Face: faceQuad(&steepPose, 4, 5, 5, UpwordsGeometry)}}
	plain := &scriptedReader{script: []ocr.Reading{sure("R", 1)}}
	if err := rereadTall(steepImg, cells, &steepPose, UpwordsGeometry, 48, plain, 0, true); err != nil || plain.calls != 0 || cells[0].Letter != "B" {
		t.Errorf("a reader without ReadKnown: read %d times, letter %s (err %v); want no read, B", plain.calls, cells[0].Letter, err)
	}
}

// TestKeepStood: a stack read with a letter other than the one that stood
// there is read as it stood when the crop at the old height reads the old
// letter surely (a played tile would cover it); else it is left as read.
func TestKeepStood(t *testing.T) {
	sc := vision.SynthScene{W: 320, H: 240, HFOV: 62.2, Dist: 24, Tilt: 20, Board: grid.New(10, 10)}
	img, pose := sc.Draw()
	tests := []struct {
		name       string
		cell       Cell
		stood      grid.Stack
		script     []ocr.Reading // the reading at the old height
		wantCalls  int
		want       string
		wantHeight int
	}{
		{"the old letter shows surely: as it stood", Cell{Letter: "L", Conf: 0.95, Height: 2}, grid.Stack{Letter: "A", Height: 1},
			[]ocr.Reading{{Letter: "A", Conf: 0.97}}, 1, "A", 1},
		{"the old letter, unsure: as read", Cell{Letter: "L", Conf: 0.95, Height: 2}, grid.Stack{Letter: "A", Height: 1},
			[]ocr.Reading{{Letter: "A", Conf: 0.6}}, 1, "L", 2},
		{"another letter at the old height: as read", Cell{Letter: "L", Conf: 0.95, Height: 2}, grid.Stack{Letter: "A", Height: 1},
			[]ocr.Reading{{Letter: "L", Conf: 0.99}}, 1, "L", 2},
		{"the same letter as stood: not read again", Cell{Letter: "A", Conf: 0.95, Height: 2}, grid.Stack{Letter: "A", Height: 1},
			[]ocr.Reading{{Letter: "A", Conf: 0.99}}, 0, "A", 2},
		{"nothing stood: not read again", Cell{Letter: "L", Conf: 0.95, Height: 1}, grid.Stack{},
			[]ocr.Reading{{Letter: "A", Conf: 0.99}}, 0, "L", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cell
			c.Pos = grid.Pos{Row: 4, Col: 5}
			cells := []Cell{c}
			rd := &scriptedReader{script: tc.script}
			stood := func(r, col int) grid.Stack {
				if r == 4 && col == 5 {
					return tc.stood
				}
				return grid.Stack{}
			}
			if err := keepStood(img, cells, &pose, UpwordsGeometry, 48, rd, 0, false, stood); err != nil {
				t.Fatal(err)
			}
			got := cells[0]
			if rd.calls != tc.wantCalls || got.Letter != tc.want || got.Height != tc.wantHeight {
				t.Errorf("read %d times, %s%d; want %d times, %s%d", rd.calls, got.Letter, got.Height, tc.wantCalls, tc.want, tc.wantHeight)
			}
		})
	}
}

// knownScript is a KnownReader whose ReadKnown answers from a script and
// records what it was told.
type knownScript struct {
	scriptedReader
	told []ocr.Known
}

func (k *knownScript) ReadKnown(img image.Image, kn ocr.Known) (ocr.Reading, error) {
	k.told = append(k.told, kn)
	return k.Read(img)
}

func TestRereadTurned(t *testing.T) {
	face := image.NewRGBA(image.Rect(0, 0, 8, 8))
	tests := []struct {
		name     string
		cell     Cell
		k        int
		answer   ocr.Reading
		want     string
		wantConf float64
		reread   bool
	}{
		{"upright at rereadBelow or more: kept", Cell{Letter: "V", Conf: 0.85, Height: 1}, 0, ocr.Reading{Letter: "M", Conf: 0.7}, "V", 0.85, false},
		{"faint: read again", Cell{Letter: "I", Conf: 0.3, Height: 2}, 0, ocr.Reading{Letter: "T", Conf: 0.8}, "T", 0.8, true},
		{"sure but standing otherwise: read again", Cell{Letter: "M", Conf: 0.97, Angle: 180, Height: 1}, 0, ocr.Reading{Letter: "W", Conf: 0.9}, "W", 0.9, true},
		{"an N upside down is upright: kept", Cell{Letter: "N", Conf: 0.97, Angle: 180, Height: 1}, 0, ocr.Reading{Letter: "Z", Conf: 0.9}, "N", 0.97, false},
		{"an O on its side is upright: kept", Cell{Letter: "O", Conf: 0.9, Angle: 90, Height: 1}, 0, ocr.Reading{Letter: "D", Conf: 0.9}, "O", 0.9, false},
		{"no letter in the second reading: kept", Cell{Letter: "V", Conf: 0.4, Height: 1}, 0, ocr.Reading{Letter: "", Conf: 0.9}, "V", 0.4, true},
		{"the board read turned: told its angle", Cell{Letter: "V", Conf: 0.4, Angle: 90, Height: 1}, 1, ocr.Reading{Letter: "M", Conf: 0.8}, "M", 0.8, true},
		{"an empty square is not read", Cell{}, 0, ocr.Reading{Letter: "M", Conf: 0.9}, "", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := []Cell{tc.cell}
			rd := &knownScript{scriptedReader: scriptedReader{script: []ocr.Reading{tc.answer}}}
			if err := rereadTurned(cells, []image.Image{face}, rd, tc.k); err != nil {
				t.Fatal(err)
			}
			got := cells[0]
			if got.Letter != tc.want || got.Conf != tc.wantConf {
				t.Errorf("read %s %.2f, want %s %.2f", got.Letter, got.Conf, tc.want, tc.wantConf)
			}
			if (rd.calls > 0) != tc.reread {
				t.Errorf("read again %d times, want re-read %v", rd.calls, tc.reread)
			}
			for _, kn := range rd.told {
				if !kn.Tile || !kn.HasAngle || kn.Angle != float64(90*tc.k) {
					t.Errorf("told %+v, want a tile at %d degrees", kn, 90*tc.k)
				}
			}
		})
	}
}

// blurredVoter is a scriptedVoter whose every crop counts as blurred
// (ocr.BlurReader).
type blurredVoter struct{ *scriptedVoter }

func (blurredVoter) SpecialistFor(image.Image) (*ocr.Classifier, bool, error) {
	return nil, true, nil
}

// TestVoteSharp: a letter read nearly surely (from rereadHeightsBelow to
// SureConf) on a sharp crop is read from its face's crops pooled, and
// the pooled letter replaces it only when it is another one; the stack
// is never made surer. A letter read surely, and one on a blurred crop,
// are left as read, and none is read at another height.
func TestVoteSharp(t *testing.T) {
	sc := vision.SynthScene{W: 320, H: 240, HFOV: 62.2, Dist: 24, Tilt: 20, Board: grid.New(10, 10)}
	img, pose := sc.Draw()
	tests := []struct {
		name      string
		conf      float64
		blurred   bool
		vote      ocr.Reading
		wantVotes int
		want      string
		wantConf  float64
	}{
		{"nearly sure, the pooled crops read another letter", 0.86, false, ocr.Reading{Letter: "T", Conf: 0.6}, 1, "T", 0.6},
		{"nearly sure, the pooled crops read another letter surely: taken, still unsure", 0.86, false, ocr.Reading{Letter: "T", Conf: 0.97}, 1, "T", 0.86},
		{"nearly sure, the pooled crops agree: its own confidence kept", 0.86, false, ocr.Reading{Letter: "I", Conf: 0.95}, 1, "I", 0.86},
		{"nearly sure, the pooled crops read no letter", 0.86, false, ocr.Reading{Conf: 0.7}, 1, "I", 0.86},
		{"at rereadHeightsBelow: voted, not read at other heights", rereadHeightsBelow, false, ocr.Reading{Letter: "T", Conf: 0.6}, 1, "T", 0.6},
		{"sure: not read again", SureConf, false, ocr.Reading{Letter: "T", Conf: 0.6}, 0, "I", SureConf},
		{"nearly sure on a blurred crop: left as read", 0.86, true, ocr.Reading{Letter: "T", Conf: 0.6}, 0, "I", 0.86},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := []Cell{{Pos: grid.Pos{Row: 4, Col: 5}, Letter: "I", Conf: tc.conf, Height: 2, Face: faceQuad(&pose, 4, 5, 2, UpwordsGeometry)}}
			sv := &scriptedVoter{scriptedReader: scriptedReader{script: []ocr.Reading{{Letter: "B", Conf: 0.99}}}, vote: tc.vote}
			var rd TileReader = sv
			if tc.blurred {
				rd = blurredVoter{sv}
			}
			if err := rereadAtOtherHeights(img, cells, nil, &pose, UpwordsGeometry, 48, rd, 0, true, false); err != nil {
				t.Fatal(err)
			}
			got := cells[0]
			if sv.votes != tc.wantVotes || sv.calls != 0 || got.Letter != tc.want || got.Conf != tc.wantConf {
				t.Errorf("%d votes, %d single reads, letter %s (%.2f); want %d votes, none, %s (%.2f)",
					sv.votes, sv.calls, got.Letter, got.Conf, tc.wantVotes, tc.want, tc.wantConf)
			}
			if sv.votes > 0 && (sv.voteCrops != len(faceJitters) || !sv.known.Tile || !sv.known.HasAngle) {
				t.Errorf("vote given %d crops, known %+v; want %d crops of a tile at a known angle", sv.voteCrops, sv.known, len(faceJitters))
			}
		})
	}
}
