package scrabble

import (
	"math"
	"strings"
	"testing"

	rules "github.com/tilescope/tilescope/scoring/scrabble"
	"github.com/tilescope/tilescope/vision/render"
)

// TestPrintLikeBlanks: a square read as a blank is an empty square where
// its face (the lit part of it) is its print's colour, not the tiles'
// (a tile's shadow or edge across it); a blank tile's face is the
// tiles'. Nothing is said of a face far from both (a blank tile in a
// hand's shadow), nor where the tiles are the squares' colour, or too
// few tiles or empty squares give the references.
func TestPrintLikeBlanks(t *testing.T) {
	plainFace := [3]float64{200, 5, 20}
	dlFace := [3]float64{170, -20, -40}
	tileFace := [3]float64{230, 8, 45}
	for _, tc := range []struct {
		name string
		// the tiles' face, and the plain squares' (the others keep
		// their print's colour)
		tiles, plain [3]float64
		lettered     int // lettered tiles, along row 7 from column 0
		dlCovered    bool
		blank        [2]int
		face         [3]float64 // the blank's face
		want         bool
	}{
		{"a tile's shadow on a plain square", tileFace, plainFace, 8, false, [2]int{8, 1}, [3]float64{196, 5, 19}, true},
		{"a tile's edge across a plain square, the rest lit", tileFace, plainFace, 8, false, [2]int{8, 1}, [3]float64{207, 6, 24}, true},
		{"a blank tile on a plain square", tileFace, plainFace, 8, false, [2]int{8, 1}, [3]float64{226, 7, 43}, false},
		{"a blank tile in a darker light", tileFace, plainFace, 8, false, [2]int{8, 1}, [3]float64{214, 7, 38}, false},
		{"a blank tile in a hand's shadow, far from both", tileFace, plainFace, 8, false, [2]int{8, 1}, [3]float64{205, 40, 5}, false},
		{"a shadow on a double letter square", tileFace, plainFace, 8, false, [2]int{3, 0}, [3]float64{172, -19, -38}, true},
		{"a blank tile on a double letter square", tileFace, plainFace, 8, false, [2]int{3, 0}, [3]float64{228, 8, 44}, false},
		{"tiles the plain squares' colour", [3]float64{201, 5, 21}, plainFace, 8, false, [2]int{8, 1}, [3]float64{200, 5, 20}, false},
		{"too few lettered tiles", tileFace, plainFace, 3, false, [2]int{8, 1}, [3]float64{196, 5, 19}, false},
		{"every double letter square under a tile", tileFace, plainFace, 8, true, [2]int{3, 0}, [3]float64{172, -19, -38}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var looks [Size][Size]look
			var occ, covered [Size][Size]bool
			for r := 0; r < Size; r++ {
				for c := 0; c < Size; c++ {
					// each square a little apart from its print's
					// colour (a deterministic spread of about +-1.5)
					u := 3 * (math.Mod(float64(r*Size+c)*0.6180339887, 1) - 0.5)
					f := tc.plain
					switch premiumAt[r][c] {
					case DoubleLetter:
						f = dlFace
						if tc.dlCovered {
							f = tc.tiles
							occ[r][c] = true
						}
					case TripleLetter:
						f = [3]float64{150, -30, -60}
					case DoubleWord:
						f = [3]float64{190, 30, 10}
					case TripleWord:
						f = [3]float64{140, 60, 30}
					}
					looks[r][c].face = [3]float64{f[0] + u, f[1] + u/2, f[2] - u/2}
				}
			}
			var lettered [][2]int
			for c := 0; c < tc.lettered; c++ {
				u := 3 * (math.Mod(float64(c)*0.6180339887, 1) - 0.5)
				looks[7][c].face = [3]float64{tc.tiles[0] + u, tc.tiles[1] - u/2, tc.tiles[2] + u/2}
				occ[7][c] = true
				lettered = append(lettered, [2]int{7, c})
			}
			looks[tc.blank[0]][tc.blank[1]].face = tc.face
			occ[tc.blank[0]][tc.blank[1]] = true
			got := printLikeBlanks(&looks, &occ, &covered, [][2]int{tc.blank}, lettered)
			if got[0] != tc.want {
				t.Errorf("print-like %v, want %v", got[0], tc.want)
			}
		})
	}
}

// TestShadowsNotBlanks: on a hard render whose blur spreads its tiles'
// edges and shadows across the empty squares beside them (a blurred
// white board), those squares are not read as blank tiles: at most the
// set's two empty squares are read as blanks (main read 8), and the
// tiles are found as before. (The beige board of render-set 113559
// scene 20, whose low light's long shadows main read as 11 blanks,
// reads 5: the darker of its shadows lie beyond half the way from the
// squares' look to the tiles'.)
func TestShadowsNotBlanks(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name    string
		seed    int64
		edition string
		// minFound: the least share of the labelled tiles found
		minFound float64
	}{
		{"white board blurred 2.4 px (render-set 114300 scene 28)", 11430000028, "white", 0.95},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state, err := render.RandomState("scrabble", tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			img, l := renderedScene(t, state, tc.seed, "hard", tc.edition)
			opt := Options{Reader: rd}
			res := EvalPhoto("scene", img, l, opt)
			if !res.Found {
				t.Fatalf("board not found (corners %.2f squares off)", res.CornerErr)
			}
			falseBlanks := 0
			for _, m := range res.Mistakes {
				if strings.HasSuffix(m, ": . read *") || strings.HasSuffix(m, ": . read * sure") {
					falseBlanks++
				}
			}
			if falseBlanks > rules.Blanks {
				t.Errorf("%d empty squares read as blanks, want at most %d", falseBlanks, rules.Blanks)
			}
			if got := float64(res.TilesFound) / float64(res.Tiles); got < tc.minFound {
				t.Errorf("%d of %d tiles found, want %.0f%% or more", res.TilesFound, res.Tiles, 100*tc.minFound)
			}
		})
	}
}
