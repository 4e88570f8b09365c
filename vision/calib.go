package vision

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
)

// Calibration is the camera's intrinsics, stored as JSON in the data
// directory (CalibrationFile).
type Calibration struct {
	Width  int     `json:"width"`  // picture size it was measured at
	Height int     `json:"height"` //
	Fx     float64 `json:"fx"`     // focal length, pixels
	Fy     float64 `json:"fy"`
	Cx     float64 `json:"cx"` // principal point, pixels
	Cy     float64 `json:"cy"`
	Source string  `json:"source"` // how it was measured
}

// CalibrationFile is the calibration's name inside the data directory.
const CalibrationFile = "calibration.json"

// ErrCalibration: the photo cannot calibrate the camera.
var ErrCalibration = errors.New("vision: cannot calibrate")

// Calibrate measures the focal length from one photo of the board taken at
// a tilt (at least about 15 degrees from straight down): the board's
// squares are square, which fixes the focal length from the perspective
// (of the grid without its lens, where one was fitted: Grid.Pinhole).
func Calibrate(img image.Image, n int) (*Calibration, error) {
	p := Luma(img)
	fit, ok := findBoard(p, img, n)
	if !ok || fit.Score < minGridContrast {
		return nil, fmt.Errorf("%w: %w", ErrCalibration, ErrNoBoard)
	}
	cx, cy := float64(p.W)/2, float64(p.H)/2
	// The perspective is taken from the grid without the lens its lines
	// show (Grid.Pinhole), as the scan takes it: a barrel lens bends the
	// straight grid, whose focal comes out too long.
	hu, _ := Grid{N: n, Score: fit.Score, H: fit.H, fit: fit}.Pinhole()
	f, ok := FocalFromHomography(hu, cx, cy)
	if !ok {
		return nil, fmt.Errorf("%w: the view is too close to straight down; tilt the camera 20-40 degrees for the calibration photo", ErrCalibration)
	}
	return &Calibration{Width: p.W, Height: p.H, Fx: f, Fy: f, Cx: cx, Cy: cy, Source: "board perspective"}, nil
}

// LoadCalibration reads dir/calibration.json; a missing file is (nil, nil).
func LoadCalibration(dir string) (*Calibration, error) {
	b, err := os.ReadFile(filepath.Join(dir, CalibrationFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var c Calibration
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, CalibrationFile), err)
	}
	if c.Fx <= 0 || c.Width <= 0 {
		return nil, fmt.Errorf("%s: no focal length or picture size", filepath.Join(dir, CalibrationFile))
	}
	return &c, nil
}

// Save writes the calibration to dir/calibration.json.
func (c *Calibration) Save(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, _ := json.MarshalIndent(c, "", "  ")
	return os.WriteFile(filepath.Join(dir, CalibrationFile), append(b, '\n'), 0o644)
}

// DefaultFocal is the focal length in pixels of a camera 62.2 degrees
// across (the Raspberry Pi camera v2) for a picture w pixels wide.
func DefaultFocal(w int) float64 {
	return float64(w) / 2 / math.Tan(62.2*math.Pi/360)
}
