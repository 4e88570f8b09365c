package vision

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCalibrationRoundTrip(t *testing.T) {
	dir := t.TempDir()
	if c, err := LoadCalibration(dir); c != nil || err != nil {
		t.Fatalf("missing file: %v, %v; want nil, nil", c, err)
	}
	want := &Calibration{Width: 1640, Height: 1232, Fx: 1359.3, Fy: 1359.3, Cx: 820, Cy: 616, Source: "test"}
	if err := want.Save(dir); err != nil {
		t.Fatal(err)
	}
	got, err := LoadCalibration(dir)
	if err != nil || *got != *want {
		t.Fatalf("got %+v, %v; want %+v", got, err, want)
	}
	os.WriteFile(filepath.Join(dir, CalibrationFile), []byte(`{"width":0}`), 0o644)
	if _, err := LoadCalibration(dir); err == nil {
		t.Error("a calibration without a focal length loaded")
	}
}

func TestCalibrateFromTiltedPhoto(t *testing.T) {
	img := loadImage(t, "upwords/testdata/scenes/upwords-0005.jpg") // 21 degrees of tilt
	truth, _ := LoadTruth("upwords/testdata/scenes/upwords-0005.json")
	c, err := Calibrate(img, 10)
	if err != nil {
		t.Fatal(err)
	}
	if d := (c.Fx - truth.Camera.Fx) / truth.Camera.Fx; d > 0.05 || d < -0.05 {
		t.Errorf("focal %.1f, truth %.1f", c.Fx, truth.Camera.Fx)
	}
}

// FuzzLoadCalibration: a user's calibration file never panics the loader,
// and what it accepts is usable.
func FuzzLoadCalibration(f *testing.F) {
	f.Add([]byte(`{"width":1640,"height":1232,"fx":1359,"fy":1359,"cx":820,"cy":616}`))
	f.Add([]byte(`{"fx":-1}`))
	f.Add([]byte(`not json`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		os.WriteFile(filepath.Join(dir, CalibrationFile), b, 0o644)
		c, err := LoadCalibration(dir)
		if err == nil && (c == nil || c.Fx <= 0 || c.Width <= 0) {
			t.Fatalf("accepted %q as %+v", b, c)
		}
	})
}
