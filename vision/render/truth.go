package render

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
)

// Truth is what a scene shows, in image pixels of the final (distorted)
// image. Its JSON is the file written beside each rendered image.
type Truth struct {
	Game       string     `json:"game"`
	Seed       int64      `json:"seed"`
	Width      int        `json:"width"`
	Height     int        `json:"height"`
	Camera     CameraInfo `json:"camera"`
	Board      *BoardInfo `json:"board,omitempty"`
	Cells      []Cell     `json:"cells,omitempty"`
	Tiles      []Tile     `json:"tiles,omitempty"`
	Conditions Conditions `json:"conditions"`
	// UpwordsDims are the board's and tiles' dimensions when they are
	// not the project's board's (Options.UpwordsDims).
	UpwordsDims *UpwordsDims `json:"upwords_dims,omitempty"`
	// UpwordsPrint is the Upwords tiles' plastic, ink and letter size
	// when the scene was drawn with another maker's (Options.UpwordsPrint).
	UpwordsPrint *UpwordsPrint `json:"upwords_print,omitempty"`
}

// CameraInfo is the camera's intrinsics, pose and distortion.
type CameraInfo struct {
	Fx       float64       `json:"fx"`
	Fy       float64       `json:"fy"`
	Cx       float64       `json:"cx"`
	Cy       float64       `json:"cy"`
	K1       float64       `json:"k1"`
	K2       float64       `json:"k2"`
	Position [3]float64    `json:"position_mm"`
	Rotation [3][3]float64 `json:"rotation"` // world -> camera, rows = camera x, y, z axes
	HeightMM float64       `json:"height_mm"`
	TiltDeg  float64       `json:"tilt_deg"`
	YawDeg   float64       `json:"yaw_deg"`
	HFOVDeg  float64       `json:"hfov_deg"`
}

// BoardInfo is the playing grid: its size and the pixel corners of its
// outer edge on the board surface, top-left, top-right, bottom-right,
// bottom-left as the board is read (row 0 at the top).
type BoardInfo struct {
	Rows    int           `json:"rows"`
	Cols    int           `json:"cols"`
	Corners [4][2]float64 `json:"corners"`
}

// Cell is one square of a board game. For Upwords every square is listed:
// an empty one has letter "" and height 0, and its corners are those of the
// square's floor. Otherwise the corners are the top face of the stack (same
// order as the board's), center its centre.
type Cell struct {
	Row      int           `json:"row"`
	Col      int           `json:"col"`
	Letter   string        `json:"letter"`
	Height   int           `json:"height"`
	Colour   string        `json:"colour"`
	Value    int           `json:"value,omitempty"`
	Printed  string        `json:"printed,omitempty"` // Pyramids: the letter printed on the square
	Corners  [4][2]float64 `json:"corners"`
	Center   [2]float64    `json:"center"`
	Occluded bool          `json:"occluded,omitempty"` // a hand or object hides the centre
	// Hidden is the share of the cell's corners' quad (a stack's top
	// face, an empty square's floor) the hand is drawn over, 0 to 1:
	// sampled on a lattice of handLattice x handLattice points.
	Hidden float64 `json:"hidden,omitempty"`
}

// Tile is one loose tile (Lexicon Crossing, Twists & Turns): its letter,
// its rotation on the table (degrees, counter-clockwise in the image, 0
// upright as the board is read), its place on the layout's lattice, and the
// pixel corners of its top face (top-left, top-right, bottom-right,
// bottom-left of the letter) and centre.
type Tile struct {
	Letter   string        `json:"letter"`
	Value    int           `json:"value,omitempty"`
	Angle    float64       `json:"angle"`
	Row      int           `json:"row"`
	Col      int           `json:"col"`
	Corners  [4][2]float64 `json:"corners"`
	Center   [2]float64    `json:"center"`
	Occluded bool          `json:"occluded,omitempty"`
}

// Conditions are the scene's conditions, as drawn (see Options).
type Conditions struct {
	Difficulty    string  `json:"difficulty,omitempty"`
	LightElevDeg  float64 `json:"light_elev_deg"`
	LightAzDeg    float64 `json:"light_az_deg"`
	Ambient       float64 `json:"ambient"`
	Exposure      float64 `json:"exposure"`
	Warmth        float64 `json:"warmth"`
	Gradient      float64 `json:"gradient"`
	Vignette      float64 `json:"vignette"`
	Shadow        float64 `json:"shadow"`
	ShadowSoftMM  float64 `json:"shadow_soft_mm"`
	Glare         float64 `json:"glare"`
	Table         string  `json:"table"`
	Edition       string  `json:"edition,omitempty"`        // Scrabble: the board's edition
	ScrabblePrint string  `json:"scrabble_print,omitempty"` // Scrabble: how its premium squares are printed (ScrabblePrints)
	Clutter       int     `json:"clutter"`
	Hand          bool    `json:"hand"`
	Noise         float64 `json:"noise"`
	ShotNoise     float64 `json:"shot_noise"`
	Blur          float64 `json:"blur_px"`
	MotionPx      float64 `json:"motion_px"`
	MotionDeg     float64 `json:"motion_deg"`
	Sharpen       float64 `json:"sharpen"`
	Quality       int     `json:"jpeg_quality"`
	// Pyramids: the set's size and print when not the classic one.
	Pyramids *PyramidsSet `json:"pyramids_set,omitempty"`
}

func cameraTruth(c *Camera) CameraInfo {
	r := c.Rotation
	for i := range r {
		for j := range r[i] {
			r[i][j] = math.Round(float64(r[i][j]*1e9)) / 1e9
		}
	}
	return CameraInfo{Fx: round3(c.Fx), Fy: round3(c.Fy), Cx: c.Cx, Cy: c.Cy, K1: c.K1, K2: c.K2,
		Position: [3]float64{round3(c.Position[0]), round3(c.Position[1]), round3(c.Position[2])},
		Rotation: r, HeightMM: c.HeightMM, TiltDeg: c.TiltDeg, YawDeg: c.YawDeg, HFOVDeg: c.HFOVDeg}
}

func conditionsOf(o Options) Conditions {
	return Conditions{Difficulty: o.Difficulty, LightElevDeg: o.LightElevDeg, LightAzDeg: o.LightAzDeg,
		Ambient: o.Ambient, Exposure: o.Exposure, Warmth: o.Warmth, Gradient: o.Gradient,
		Vignette: o.Vignette, Shadow: o.Shadow, ShadowSoftMM: o.ShadowSoft, Glare: o.Glare,
		Table: o.Table, Clutter: o.Clutter, Hand: o.Hand, Noise: o.Noise, ShotNoise: o.ShotNoise,
		Blur: o.Blur, MotionPx: o.MotionPx, MotionDeg: o.MotionDeg, Sharpen: o.Sharpen, Quality: o.Quality, Pyramids: o.Pyramids}
}

// MarshalIndent is the truth as the JSON file written beside the image.
func (t *Truth) MarshalIndent() ([]byte, error) {
	b, err := json.MarshalIndent(t, "", " ")
	if err != nil {
		return nil, err
	}
	// Keep number arrays (points, corner lists, matrix rows) on one line.
	b = numArray.ReplaceAllFunc(b, squeeze)
	b = pointArray.ReplaceAllFunc(b, squeeze)
	return append(b, '\n'), nil
}

var (
	numArray   = regexp.MustCompile(`\[[-0-9.e+,\s]*\]`)
	pointArray = regexp.MustCompile(`\[\s*\[[-0-9.e+,]*\](?:,\s*\[[-0-9.e+,]*\])*\s*\]`)
	spaces     = regexp.MustCompile(`\s+`)
)

func squeeze(b []byte) []byte { return spaces.ReplaceAll(b, nil) }

// ReadTruth reads a ground-truth JSON file written by the renderer.
func ReadTruth(r io.Reader, name string) (*Truth, error) {
	var t Truth
	if err := json.NewDecoder(r).Decode(&t); err != nil {
		return nil, fmt.Errorf("render: %s: reading truth: %w", name, err)
	}
	return &t, nil
}
