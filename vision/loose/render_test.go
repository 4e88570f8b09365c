package loose

import "testing"

// TestTruthFromRender: every tile the renderer drew comes out with its
// letter and its four drawn corners, in the scene's order.
func TestTruthFromRender(t *testing.T) {
	for _, game := range []string{"lexicon", "twists"} {
		t.Run(game, func(t *testing.T) {
			_, truth := renderScene(t, game, "normal", 3)
			got := TruthFromRender(truth)
			if len(got) != len(truth.Tiles) || len(got) == 0 {
				t.Fatalf("%d labelled tiles for %d drawn", len(got), len(truth.Tiles))
			}
			for i, tt := range truth.Tiles {
				g := got[i]
				if g.Letter != tt.Letter || g.Row != tt.Row || g.Col != tt.Col || len(g.Outline) != len(tt.Corners) {
					t.Fatalf("tile %d: %+v, drawn %+v", i, g, tt)
				}
				for k, c := range tt.Corners {
					if g.Outline[k] != (Point{X: c[0], Y: c[1]}) {
						t.Errorf("tile %d corner %d: %v, drawn at %v", i, k, g.Outline[k], c)
					}
				}
			}
		})
	}
}
