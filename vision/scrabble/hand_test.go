package scrabble

import (
	"fmt"
	"image"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// handSceneAs renders scene seed as render-set draws it at difficulty
// (render-set --difficulty; its state and conditions from the seed,
// 1640x1232), with the premium squares' print (--scr-print; "": as
// drawn), a hand over the board when hand is set and the camera at
// height mm when that is not 0; it returns the photo, its label and the
// squares (row, col as the label has them) the hand hides.
func handSceneAs(t *testing.T, seed int64, difficulty, print string, hand bool, height float64) (image.Image, *Label, map[[2]int]bool) {
	t.Helper()
	state, err := render.RandomState("scrabble", seed)
	if err != nil {
		t.Fatal(err)
	}
	o, err := render.RandomOptions(seed, difficulty)
	if err != nil {
		t.Fatal(err)
	}
	o.FitGame("scrabble")
	o.Width, o.Height = 1640, 1232
	if print != "" {
		o.ScrabblePrint = print
	}
	if hand {
		o.Hand = true
	}
	if height > 0 {
		o.HeightMM = height
	}
	sc, err := render.Render("scrabble", state, o)
	if err != nil {
		t.Fatal(err)
	}
	img, l := photoOf(t, sc)
	hidden := map[[2]int]bool{}
	for _, c := range sc.Truth.Cells {
		if c.Occluded {
			hidden[[2]int{c.Row, c.Col}] = true
		}
	}
	return img, l, hidden
}

// TestHandOverBoard: a hand reaching over the board, or its shadow,
// leaves the rest of the board readable, makes no sure tile, and the
// squares it hides are said covered (never empty, never a tile), on
// scenes of the tune sets (render-set --seed 4, scene 0; and the lead's --seed 65 --camera-height 330, scene
// 29, whose shadow at the board's right made 7 false tiles and hid the 5
// tiles of CARRY in the middle).
func TestHandOverBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name   string
		seed   int64
		hand   bool
		height float64
		// difficulty: render-set --difficulty ("": mixed)
		difficulty string
		// least: tiles found at least; most false tiles (all unsure); least
		// covered squares
		least, false, covered int
	}{
		// a dark hand over a beige board's words (12 of 52 found, 9 false
		// before: its squares taken for tiles, its shadow for the light)
		{"dark hand over a beige board", 400000, false, 0, "", 28, 5, 10},
		// an arm's deep shadow over a beige board's right side
		{"shadow beside CARRY", 6500029, false, 330, "", 5, 0, 0},
		// a brown hand over a beige board's brown border (render-set
		// --difficulty hard --hand --seed 114400, scene 18): no breach;
		// seen on the grid's outer squares, its arm reaching the
		// picture's right edge (edgeHands; before, none covered and its
		// 22 tiles read empty)
		{"brown hand over a brown border", 11440000018, true, 0, "hard", 40, 1, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			difficulty := tc.difficulty
			if difficulty == "" {
				difficulty = "mixed"
			}
			img, l, hidden := handSceneAs(t, tc.seed, difficulty, "", tc.hand, tc.height)
			r, err := Scan(img, Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			covered := 0
			for row := 0; row < Size; row++ {
				for col := 0; col < Size; col++ {
					if r.Covered[row][col] {
						covered++
						if r.Cells[row][col] != nil {
							t.Errorf("square %d,%d said covered and read as a tile", row, col)
						}
					}
				}
			}
			res := EvalPhoto("scene", img, l, Options{Reader: rd})
			t.Logf("%d squares hidden; %d covered (%d tiles); %d of %d tiles found, %d read, %d false\n%s",
				len(hidden), res.Covered, res.CoveredTiles, res.TilesFound, res.Tiles, res.TilesRead, res.FalseTiles, r.Text())
			if !res.Found || res.TilesFound < tc.least || res.FalseTiles > tc.false || covered < tc.covered {
				t.Errorf("board found %v, %d tiles found (want %d), %d false (at most %d), %d covered (at least %d): %v",
					res.Found, res.TilesFound, tc.least, res.FalseTiles, tc.false, covered, tc.covered, res.Mistakes)
			}
			// a false tile is a wrong reading: it must not be sure
			for row := 0; row < Size && r.Oriented; row++ {
				for col := 0; col < Size; col++ {
					if c := r.Cells[row][col]; c != nil && c.Conf >= unsureConf && l.Cells[row][col] == "" {
						t.Errorf("empty square %d,%d (hidden: %v) read %q, sure (conf %.2f)", row, col, hidden[[2]int{row, col}], cellText(c), c.Conf)
					}
				}
			}
		})
	}
}

// TestCoverFingers: blank readings that join the hand's squares, directly
// or through other blanks, are said covered; lettered tiles and blanks
// apart from the hand stay as read.
func TestCoverFingers(t *testing.T) {
	type sq = [2]int
	cases := []struct {
		name    string
		covered []sq
		blanks  []sq
		letters []sq
		want    []sq // the squares said covered after
	}{
		{"no hand, blanks stay", nil, []sq{{3, 3}, {3, 4}}, []sq{{3, 5}}, nil},
		{"blank beside the hand", []sq{{14, 7}}, []sq{{13, 7}}, nil, []sq{{14, 7}, {13, 7}}},
		{"blank corner to corner", []sq{{14, 7}}, []sq{{13, 8}}, nil, []sq{{14, 7}, {13, 8}}},
		{"a chain of blanks", []sq{{14, 0}}, []sq{{13, 0}, {12, 1}, {11, 1}}, nil, []sq{{14, 0}, {13, 0}, {12, 1}, {11, 1}}},
		{"a letter stops the chain", []sq{{14, 0}}, []sq{{12, 0}}, []sq{{13, 0}}, []sq{{14, 0}}},
		{"a blank two squares off stays", []sq{{0, 14}}, []sq{{2, 14}}, nil, []sq{{0, 14}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var cells [Size][Size]*Cell
			var covered [Size][Size]bool
			for _, p := range tc.covered {
				covered[p[0]][p[1]] = true
			}
			for _, p := range tc.blanks {
				cells[p[0]][p[1]] = &Cell{Blank: true, Conf: 0.5}
			}
			for _, p := range tc.letters {
				cells[p[0]][p[1]] = &Cell{Letter: "E", Conf: 0.4}
			}
			coverFingers(&cells, &covered)
			var want [Size][Size]bool
			for _, p := range tc.want {
				want[p[0]][p[1]] = true
			}
			if covered != want {
				t.Fatalf("covered %v, want %v", marked(&covered), tc.want)
			}
			for r := 0; r < Size; r++ {
				for c := 0; c < Size; c++ {
					if covered[r][c] && cells[r][c] != nil {
						t.Errorf("square %d,%d covered but still read", r, c)
					}
				}
			}
			for _, p := range tc.letters {
				if cells[p[0]][p[1]] == nil {
					t.Errorf("lettered tile %v dropped", p)
				}
			}
		})
	}
}

func marked(b *[Size][Size]bool) (out [][2]int) {
	for r := range b {
		for c := range b[r] {
			if b[r][c] {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}

// TestNoHandOverBlurredTiles: a board with no hand over it has no square
// covered. The scene (render-set --game scrabble --difficulty hard --seed
// 114559, scene 26: a white board on lace, blurred 2.5 px and shaken
// 2.6 px) is the one an edge run of smooth squares far from their print
// (edgeHands' first form, withdrawn in session 55) took for a hand: its
// blurred tiles along the top row are smooth too, and 65 of its 69 tiles
// were covered. edgeHands now leaves a run like the board's own tiles
// (tileLike).
func TestNoHandOverBlurredTiles(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	img, l, _ := handSceneAs(t, 11455900026, "hard", "", false, 0)
	res := EvalPhoto("scene", img, l, Options{Reader: rd})
	if !res.Found || res.Covered > 0 || res.TilesFound < 60 {
		t.Errorf("board found %v, %d squares covered (%d tiles; want none), %d of %d tiles found (want 60 or more)",
			res.Found, res.Covered, res.CoveredTiles, res.TilesFound, res.Tiles)
	}
}

// TestTileLike: an edge run the colour of the board's lettered tiles is
// tiles (blurred smooth), one far from it a hand.
func TestTileLike(t *testing.T) {
	var med [numPremiums]vec
	med[Plain] = vec{190, -10, 20, 3} // a white board's plain squares
	face := vec{131, 19, 46, 9}       // wooden tiles
	for _, tc := range []struct {
		name   string
		colour vec
		want   bool
	}{
		{"blurred tiles (sr-114559 scene 26)", vec{128, 19, 44, 6}, true},
		{"a brown hand", vec{60, 22, 25, 2}, false},
		{"a dark sleeve", vec{30, 2, 0, 2}, false},
		{"the plain print", vec{188, -9, 21, 3}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tileLike(tc.colour, face, &med); got != tc.want {
				t.Errorf("tileLike(%v) = %v, want %v", tc.colour, got, tc.want)
			}
		})
	}
}

// TestArmReach: an edge run is a hand only where something unlike the
// table joins the ring beside it to the picture's edge.
func TestArmReach(t *testing.T) {
	table := vec{35, 1, -3, 2}
	arm := vec{60, 20, 22, 2}
	// the run: ring squares 3-6 on the grid's right (column Size)
	run := [][2]int{{3, Size}, {4, Size}, {5, Size}, {6, Size}}
	type sq = [2]int
	line := func(r, from, to int) (out []sq) {
		for c := from; c <= to; c++ {
			out = append(out, sq{r, c})
		}
		return out
	}
	for _, tc := range []struct {
		name string
		arm  []sq // squares (grid rows and columns) showing the arm
		// edge: the picture ends this many squares right of the grid (0:
		// beyond the lattice looked at)
		edge int
		want bool
	}{
		{"an arm to the picture's edge", line(4, Size+1, Size+outerK-1), 0, true},
		{"an arm to a nearer edge", line(5, Size+1, Size+4), 5, true},
		{"a rack short of the edge", line(4, Size+1, Size+3), 0, false},
		{"the table alone", nil, 0, false},
		{"an arm apart from the run", line(12, Size+1, Size+outerK-1), 0, false},
		{"the picture's edge right beyond the border", nil, 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &outerLooks{table: table, spread: 5}
			for i := range o.l {
				for j := range o.l[i] {
					r, c := i-outerK, j-outerK
					if ringDist(r, c) < 2 || (tc.edge > 0 && c >= Size-1+tc.edge) {
						continue
					}
					o.in[i][j] = true
					o.l[i][j] = look{v: table}
				}
			}
			for _, p := range tc.arm {
				o.l[p[0]+outerK][p[1]+outerK] = look{v: arm}
			}
			if got := o.reach(run); got != tc.want {
				t.Errorf("reach = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRingDist: squares on the grid are 0 out, the ring round it 1.
func TestRingDist(t *testing.T) {
	for _, tc := range []struct {
		name       string
		r, c, want int
	}{
		{"the grid's corner", 0, 0, 0},
		{"the middle", 7, 7, 0},
		{"the ring above", -1, 4, 1},
		{"the ring's corner", Size, -1, 1},
		{"two out to the right", 3, Size + 1, 2},
		{"three out, corner to corner", -3, Size + 1, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ringDist(tc.r, tc.c); got != tc.want {
				t.Errorf("ringDist(%d, %d) = %d, want %d", tc.r, tc.c, got, tc.want)
			}
		})
	}
}

// TestHandEdge: an outer square of the grid may be a hand over it when
// it stands far from its print, shows no letter's spread and is not the
// print in a shadow.
func TestHandEdge(t *testing.T) {
	plain := vec{115, 10, 25, 3} // a beige board's plain squares
	const spread = 15.0
	for _, tc := range []struct {
		name string
		l    look
		want bool
	}{
		{"a brown hand, smooth", look{v: vec{45, 30, 35, 2}}, true},
		{"a light hand on a dark board", look{v: vec{200, 30, 40, 3}}, true},
		{"the print itself", look{v: vec{118, 11, 24, 3}}, false},
		{"a tile, its letter spreading it", look{v: vec{45, 30, 35, 15}}, false},
		{"the print in a shadow", look{v: vec{46, 4, 10, 1}}, false},
		{"out of view", look{v: vec{45, 30, 35, 2}, out: true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := handEdge(tc.l, plain, spread); got != tc.want {
				t.Errorf("handEdge(%v) = %v, want %v", tc.l.v, got, tc.want)
			}
		})
	}
}

// TestRingBreaches: a hand's colour across the border is a breach where
// the light falls unevenly along the border (its lightness, and its
// colour with it, from 0.6 to 1.4 times its mean from end to end) as
// where it falls evenly; the light's gradient alone is none.
func TestRingBreaches(t *testing.T) {
	ring := ringAt()
	red := vec{40, 56, 26, 1}  // a red border as sampled (lightness, colour, spread)
	skin := vec{44, 21, 23, 1} // a brown hand over it
	hand := map[int]bool{}     // the ring samples the hand lies over
	for i := 3; i < 10; i++ {
		hand[i] = true
	}
	cases := []struct {
		name     string
		gradient float64 // the light from 1-gradient to 1+gradient along the ring
		withHand bool
	}{
		{"an even border", 0, false},
		{"a border lit unevenly", 0.4, false},
		{"a hand across an even border", 0, true},
		{"a hand across a border lit unevenly", 0.4, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rl := make([]look, len(ring))
			in := make([]bool, len(ring))
			for i := range ring {
				in[i] = true
				k := 1 - tc.gradient + 2*tc.gradient*float64(i)/float64(len(ring)-1)
				v := red
				if tc.withHand && hand[i] {
					v = skin
				}
				for q := 0; q < 3; q++ {
					rl[i].v[q] = v[q] * k
				}
				rl[i].v[3] = v[3]
			}
			got := ringBreaches(ring, rl, in)
			for i := range ring {
				if want := tc.withHand && hand[i]; got[i] != want {
					t.Errorf("ring sample %d at %v: breach %v, want %v", i, ring[i], got[i], want)
				}
			}
		})
	}
}

// TestHandOverBorderLitUnevenly: a brown hand across a red board's border
// lit from one end (render-set --game scrabble --difficulty hard --seed
// 114559, scene 23: the light's gradient 0.54, so the border's own
// samples spread 17 grey levels from their median and the hand's 31-37
// were no breach; its fingers over the board read as 15 false tiles) is
// found by its hue: its squares said covered, the tiles beside it read.
func TestHandOverBorderLitUnevenly(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	img, l, _ := handSceneAs(t, 11455900023, "hard", "", false, 0)
	res := EvalPhoto("scene", img, l, Options{Reader: rd})
	if !res.Found || res.Covered < 20 || res.FalseTiles > 3 || res.TilesFound < 2 {
		t.Errorf("board found %v, %d squares covered (want 20 at least), %d false tiles (at most 3), %d of %d tiles found (2 at least): %v",
			res.Found, res.Covered, res.FalseTiles, res.TilesFound, res.Tiles, res.Mistakes)
	}
}

// TestRingRuns: the runs of a ring's flags, a run across the ring's end
// and start kept whole.
func TestRingRuns(t *testing.T) {
	cases := []struct {
		name  string
		on    string
		runs  [][]int
		whole bool
	}{
		{"none", "......", nil, false},
		{"every one", "xxxx", nil, true},
		{"empty ring", "", nil, false},
		{"one run", "..xx..", [][]int{{2, 3}}, false},
		{"two runs", "x.xx.x.", [][]int{{0}, {2, 3}, {5}}, false},
		{"across the end", "xx..xx", [][]int{{4, 5, 0, 1}}, false},
		{"one gap", "xxx.x", [][]int{{4, 0, 1, 2}}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			on := make([]bool, len(tc.on))
			for i, c := range tc.on {
				on[i] = c == 'x'
			}
			runs, whole := ringRuns(on)
			if whole != tc.whole || fmt.Sprint(runs) != fmt.Sprint(tc.runs) {
				t.Errorf("ringRuns(%s) = %v, whole %v; want %v, whole %v", tc.on, runs, whole, tc.runs, tc.whole)
			}
		})
	}
}
