package pyramids

import (
	"errors"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestBoardRunsOff: a board partly out of the picture is refused as out
// of view (the players move the camera), not as "no board found", "too
// dark" or read from a part of it; a board in view, found from three
// sides or with a corner a few pixels past the edge, is still read.
// Other makers' hard scenes of the tuning sets render-set --game
// pyramids --n 30 --difficulty hard --maker varied --seed 110830,
// 110831, 111150 (scene i of set S has the seed S*100000+i).
func TestBoardRunsOff(t *testing.T) {
	if testing.Short() {
		t.Skip("renders hard scenes")
	}
	for _, tc := range []struct {
		name    string
		seed    int64
		offView bool
	}{
		{"the runway cut by the picture's edge, no light area a board (no board found at main)", 11083000008, true},
		{"a dark picture, the runway cut by the edge lit (too dark at main)", 11115000009, true},
		{"three sides close on a quarter of a board cut by the edge (read at main)", 11083100009, true},
		{"a board in view found from three sides", 11083100002, false},
		{"a board whose corner is 7 px past the edge, read whole", 11115000020, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, _ := renderHard(t, tc.seed, true, false, true)
			_, err := Scan(img, Options{})
			if tc.offView && !errors.Is(err, vision.ErrOutOfView) {
				t.Errorf("the scan said %v, want out of view", err)
			}
			if !tc.offView && err != nil {
				t.Errorf("the scan said %v, want the board read", err)
			}
		})
	}
}
