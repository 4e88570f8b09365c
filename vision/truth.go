package vision

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	_ "image/jpeg" // scenes and photos are JPEGs
	_ "image/png"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Truth is the part of a rendered scene's ground truth (the JSON the
// renderer writes beside each image; see DESIGN.md) the evaluation uses.
type Truth struct {
	Game   string `json:"game"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Camera struct {
		Fx, Fy, Cx, Cy float64
		TiltDeg        float64 `json:"tilt_deg"`
	} `json:"camera"`
	Board *struct {
		Rows    int           `json:"rows"`
		Cols    int           `json:"cols"`
		Corners [4][2]float64 `json:"corners"`
	} `json:"board"`
	Cells []struct {
		Row    int    `json:"row"`
		Col    int    `json:"col"`
		Letter string `json:"letter"`
		Height int    `json:"height"`
		// Corners is the stack's top face in the picture.
		Corners [4][2]float64 `json:"corners"`
		// Occluded: a hand or an object hides the stack's centre.
		Occluded bool `json:"occluded"`
		// Hidden: the share of the top face a hand is drawn over (0 to
		// 1; 0 in truths rendered before it was written).
		Hidden float64 `json:"hidden"`
	} `json:"cells"`
	Conditions map[string]any `json:"conditions"`
}

// LoadTruth reads a ground-truth JSON file.
func LoadTruth(path string) (*Truth, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t Truth
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if t.Board == nil || t.Board.Rows <= 0 {
		return nil, fmt.Errorf("%s: no board in the ground truth", path)
	}
	return &t, nil
}

// Board returns the true board.
func (t *Truth) TrueBoard() *grid.Board {
	b := grid.New(t.Board.Rows, t.Board.Cols)
	for _, c := range t.Cells {
		if c.Height > 0 && b.In(grid.Pos{Row: c.Row, Col: c.Col}) {
			b.Set(grid.Pos{Row: c.Row, Col: c.Col}, grid.Stack{Letter: c.Letter, Height: c.Height})
		}
	}
	return b
}

// SceneFiles lists the images in dir that have a truth JSON beside them.
func SceneFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if e.IsDir() || (ext != ".jpg" && ext != ".jpeg" && ext != ".png") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if _, err := os.Stat(TruthPath(p)); err == nil {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out, nil
}

// TruthPath is where an image's truth lives: beside it, .json.
func TruthPath(img string) string {
	return strings.TrimSuffix(img, filepath.Ext(img)) + ".json"
}
