package pyramids

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestDimBlack: a house square read empty is a black pyramid when it
// stands well under the board's own light around it, unless board
// lighter than that light shows on the square itself (a shadow's edge
// across an empty square).
func TestDimBlack(t *testing.T) {
	for _, tc := range []struct {
		name          string
		value, hi, rg float64
		want          bool
	}{
		{"black under a glare spot: half the board's light", 0.45, 0.60, 1.10, true},
		{"black in a bright part of the board, light letters", 0.70, 0.84, 0.94, true},
		{"empty board in the board's light", 0.99, 1.20, 0.88, false},
		{"empty board a little darker than the channels", 0.77, 1.05, 0.94, false},
		{"empty square half in a stack's cast shadow", 0.45, 0.92, 0.66, false},
		{"no board seen around", 0.40, 0.50, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := dimBlack(tc.value, tc.hi, tc.rg); got != tc.want {
				t.Errorf("dimBlack(%.2f, %.2f, %.2f) = %v, want %v", tc.value, tc.hi, tc.rg, got, tc.want)
			}
		})
	}
}

// TestDimBlackRendered reads tuning scenes of other makers' sets
// (render-set --maker varied, hard) whose black house pyramids stand in
// a light brighter than the runway's white measures, grey all over with
// no dark face, and which main read empty: they are read black, never
// sure. Empty house squares in a tall stack's cast shadow, or darker
// than the board around, stay empty.
func TestDimBlackRendered(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	k, none := pyramids.Black, pyramids.NoColour
	for _, tc := range []struct {
		name string
		seed int64
		want map[pyramids.Pos]pyramids.Colour
	}{
		{"black in the bright half of the board (111105, scene 13)", 111105*100000 + 13, map[pyramids.Pos]pyramids.Colour{
			{Row: 3, Col: 3}: k, {Row: 4, Col: 2}: k, {Row: 5, Col: 3}: k, {Row: 6, Col: 2}: k, {Row: 6, Col: 3}: k}},
		{"black under a glare spot (111405, scene 0)", 111405*100000 + 0, map[pyramids.Pos]pyramids.Colour{
			{Row: 5, Col: 5}: k, {Row: 5, Col: 6}: k, {Row: 6, Col: 5}: k}},
		{"empty squares in the player's stacks' cast shadow (111105, scene 17)", 111105*100000 + 17, map[pyramids.Pos]pyramids.Colour{
			{Row: 2, Col: 5}: none, {Row: 2, Col: 7}: none}},
		{"empty squares darker than the board around (111640, scene 12)", 111640*100000 + 12, map[pyramids.Pos]pyramids.Colour{
			{Row: 5, Col: 7}: none, {Row: 6, Col: 7}: none}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := scanRenderedMaker(t, tc.seed)
			for p, want := range tc.want {
				sq := r.Square(p)
				if sq.Colour != want {
					t.Errorf("%v reads %v (value %.2f, upper tenth %.2f), want %v", p, sq.Colour, sq.look.value, sq.look.hi, want)
				} else if want == k && sq.ColourSure {
					t.Errorf("%v, a black pyramid in a light the white balance does not measure, is sure", p)
				}
			}
		})
	}
}
