package scrabble

import "testing"

// TestChooseTurn: the letters' votes choose a quarter turn where one
// turn has minVote and voteMargin times the others' together; it is sure
// where some letter of it reads sure or its votes reach unsureVote.
func TestChooseTurn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		votes  [4]float64
		isSure [4]bool
		want   int
		ok     bool // a turn chosen
		sure   bool // and said sure
	}{
		{"two sure letters", [4]float64{0, 1.9, 0, 0}, [4]bool{false, true}, 1, true, true},
		{"many letters, some sure", [4]float64{0.3, 0, 24, 0.2}, [4]bool{false, false, true}, 2, true, true},
		{"the votes split", [4]float64{5, 3, 0, 0}, [4]bool{true, true}, 0, false, false},
		{"too little even sure", [4]float64{0, 0, 0, 0.92}, [4]bool{false, false, false, true}, 3, false, false},
		// a bare board's fingers read as three unsure letters (scrhand's
		// tuning scene 0001 of 104300: 0.51, 0.49 and 0.22 at turn 0)
		{"three unsure letters", [4]float64{1.21, 0.32, 0, 0}, [4]bool{}, 0, true, false},
		{"unsure letters enough", [4]float64{0, 0, 0, 3.06}, [4]bool{}, 3, true, true},
		{"a sure letter among unsure ones", [4]float64{1.21, 0.32, 0, 0}, [4]bool{true}, 0, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok, sure := chooseTurn(tc.votes, tc.isSure)
			if ok != tc.ok || sure != tc.sure || (ok && got != tc.want) {
				t.Errorf("chooseTurn(%v, %v) = %d, %v, %v; want %d, %v, %v", tc.votes, tc.isSure, got, ok, sure, tc.want, tc.ok, tc.sure)
			}
		})
	}
}

// TestBareBoardNotTurned: a bare board under a hand, whose fingers and
// shadow a few squares read as unsure letters, is not turned by them
// (render-set --game scrabble --difficulty hard --hand --seed 104300,
// scene 1, classic and letters print: read a quarter turn wrong before,
// its corners compared 16 squares off): its turn is said unsure and it
// is found.
func TestBareBoardNotTurned(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name, print string
		seed        int64
	}{
		{"classic", "classic", 10430000001},
		{"letters", "letters", 10430000001},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l, _ := handSceneAs(t, tc.seed, "hard", tc.print, true, 0)
			r, err := Scan(img, Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			res := EvalPhoto("scene", img, l, Options{Reader: rd})
			if r.Oriented || !res.Found {
				t.Errorf("oriented %v (want not), found %v (corner %.2f squares off)", r.Oriented, res.Found, res.CornerErr)
			}
			for _, tl := range r.Tiles() {
				if tl.Conf >= unsureConf {
					t.Errorf("square %d,%d of a bare board read %q sure", tl.Row, tl.Col, cellText(&tl.Cell))
				}
			}
		})
	}
}
