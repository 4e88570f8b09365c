package render

import (
	"errors"
	"math"
	"testing"
)

// TestUpwordsDims: a board drawn with other dimensions has its squares'
// pitch, its tiles' size and the rise of a stack's top face as given
// (measured in the truth's pixels, straight down), says so in its truth,
// and dimensions that make no board are refused.
func TestUpwordsDims(t *testing.T) {
	state := []byte(". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . A B4 . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n")
	tests := []struct {
		name string
		dims UpwordsDims
	}{
		{"small thin", UpwordsDims{PitchMM: 17.5, TileMM: 15, LevelMM: 2.7, WallMM: 0.8, WallWidthMM: 1.1}},
		{"big thick raised", UpwordsDims{PitchMM: 24, TileMM: 20.5, LevelMM: 5.1, WallMM: 3.8, WallWidthMM: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := Options{Seed: 3, Width: 820, Height: 616, HeightMM: 420, UpwordsDims: tc.dims}
			o.FitUpwords(8)
			sc, err := Render("upwords", state, o)
			if err != nil {
				t.Fatal(err)
			}
			if sc.Truth.UpwordsDims == nil || *sc.Truth.UpwordsDims != tc.dims {
				t.Errorf("truth dims %+v, want %+v", sc.Truth.UpwordsDims, tc.dims)
			}
			c := sc.Truth.Board.Corners
			pitch := math.Hypot(c[1][0]-c[0][0], c[1][1]-c[0][1]) / 8 // px per square
			var one, four Cell
			for _, cell := range sc.Truth.Cells {
				switch cell.Letter {
				case "A":
					one = cell
				case "B":
					four = cell
				}
			}
			side := math.Hypot(one.Corners[1][0]-one.Corners[0][0], one.Corners[1][1]-one.Corners[0][1])
			if got, want := side/pitch, tc.dims.TileMM/tc.dims.PitchMM; math.Abs(got-want) > 0.03 {
				t.Errorf("tile %.3f of a square, want %.3f", got, want)
			}
			// Straight down, a stack's top face grows with its height:
			// by the ratio of the camera's distances to it.
			side4 := math.Hypot(four.Corners[1][0]-four.Corners[0][0], four.Corners[1][1]-four.Corners[0][1])
			d0 := o.HeightMM - (6 + tc.dims.LevelMM)
			d4 := o.HeightMM - (6 + 4*tc.dims.LevelMM)
			if got, want := side4/side, d0/d4; math.Abs(got-want) > 0.01 {
				t.Errorf("a 4-high face %.4f times a 1-high one, want %.4f", got, want)
			}
		})
	}
	for _, bad := range []UpwordsDims{{PitchMM: 20, TileMM: 19.5}, {LevelMM: 0.3}, {PitchMM: 60}, {TileMM: 5}} {
		if _, err := Render("upwords", state, Options{Seed: 1, Width: 200, Height: 150, UpwordsDims: bad}); !errors.Is(err, ErrBadOptions) {
			t.Errorf("%+v: %v, want ErrBadOptions", bad, err)
		}
	}
}

// TestVariedUpwordsDims: the varied boards are boards (Check), differ from
// seed to seed, and the same seed draws the same board.
func TestVariedUpwordsDims(t *testing.T) {
	seen := map[UpwordsDims]bool{}
	for s := int64(0); s < 50; s++ {
		d := VariedUpwordsDims(s)
		if err := d.Check(); err != nil {
			t.Errorf("seed %d: %+v: %v", s, d, err)
		}
		if VariedUpwordsDims(s) != d {
			t.Errorf("seed %d draws two boards", s)
		}
		seen[d] = true
	}
	if len(seen) < 45 {
		t.Errorf("%d boards in 50 seeds", len(seen))
	}
}
