package loose

import "github.com/tilescope/tilescope/vision/render"

// TruthFromRender is a rendered scene's ground truth as labelled tiles:
// each tile's letter, its outline (the corners the renderer drew it at)
// and, for tiles laid in a grid, its row and column.
func TruthFromRender(t *render.Truth) []TruthTile {
	var out []TruthTile
	for _, tt := range t.Tiles {
		var o []Point
		for _, c := range tt.Corners {
			o = append(o, Point{X: c[0], Y: c[1]})
		}
		out = append(out, TruthTile{Letter: tt.Letter, Outline: o, Row: tt.Row, Col: tt.Col})
	}
	return out
}
