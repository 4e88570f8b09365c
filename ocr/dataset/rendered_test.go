package dataset

import (
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// TestSceneOptions checks the conditions RenderedCropsWith draws a scene
// in: Shaken's blur, motion blur and JPEG ranges (in place of Degrade's
// when both are asked), and Dims' board of another maker's dimensions
// with the camera moved back or forth to fit it.
func TestSceneOptions(t *testing.T) {
	const n = 60
	tests := []struct {
		name string
		o    RenderOptions
		// blur, motion and quality ranges; motion in at least minMoved
		// and at most maxMoved of the n scenes
		blur, motion       [2]float64
		quality            [2]int
		minMoved, maxMoved int
		dims               bool
	}{
		{"degraded", RenderOptions{Difficulty: "hard", Degrade: true}, [2]float64{1.5, 3.5}, [2]float64{2, 6}, [2]int{50, 70}, 24, 48, false},
		{"shaken", RenderOptions{Difficulty: "hard", Shaken: true}, [2]float64{0.8, 3.2}, [2]float64{2.5, 7}, [2]int{35, 70}, 40, 56, false},
		{"shaken, not degraded", RenderOptions{Difficulty: "hard", Shaken: true, Degrade: true}, [2]float64{0.8, 3.2}, [2]float64{2.5, 7}, [2]int{35, 70}, 40, 56, false},
		{"shaken on another maker's board", RenderOptions{Difficulty: "mixed", Shaken: true, Dims: true}, [2]float64{0.8, 3.2}, [2]float64{2.5, 7}, [2]int{35, 70}, 40, 56, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			moved, below1p5 := 0, 0
			for s := int64(1); s <= n; s++ {
				o := upwordsScene(t, s, tc.o)
				if o.Blur < tc.blur[0] || o.Blur > tc.blur[1] {
					t.Errorf("seed %d: blur %.2f px, want %v", s, o.Blur, tc.blur)
				}
				if o.Blur < 1.5 {
					below1p5++
				}
				if o.MotionPx != 0 {
					moved++
					if o.MotionPx < tc.motion[0] || o.MotionPx > tc.motion[1] {
						t.Errorf("seed %d: motion %.2f px, want %v", s, o.MotionPx, tc.motion)
					}
				}
				if o.Quality < tc.quality[0] || o.Quality > tc.quality[1] {
					t.Errorf("seed %d: JPEG quality %d, want %v", s, o.Quality, tc.quality)
				}
				plain, err := render.RandomOptions(s, tc.o.Difficulty)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case !tc.dims && o.UpwordsDims != (render.UpwordsDims{}):
					t.Errorf("seed %d: board dimensions %+v, want the project's", s, o.UpwordsDims)
				case tc.dims && o.UpwordsDims != render.VariedUpwordsDims(s):
					t.Errorf("seed %d: board dimensions %+v, want render.VariedUpwordsDims's %+v", s, o.UpwordsDims, render.VariedUpwordsDims(s))
				case tc.dims && o.HeightMM == plain.HeightMM:
					t.Errorf("seed %d: the camera at %.0f mm as for the project's board, not moved to fit a %.1f mm pitch", s, o.HeightMM, o.UpwordsDims.PitchMM)
				case !tc.dims && o.HeightMM != plain.HeightMM:
					t.Errorf("seed %d: the camera at %.0f mm, want RandomOptions' %.0f", s, o.HeightMM, plain.HeightMM)
				}
			}
			if moved < tc.minMoved || moved > tc.maxMoved {
				t.Errorf("%d of %d scenes shaken, want %d to %d", moved, n, tc.minMoved, tc.maxMoved)
			}
			if tc.o.Shaken && below1p5 == 0 {
				t.Errorf("no scene blurred under 1.5 px: Shaken reaches below Degrade's range")
			}
		})
	}
}

// TestSceneOptionsDim checks Dim's scenes: a dim room's exposure,
// ambient light and read noise on every scene, and, with Print, two
// scenes of three in a faint coloured ink and small letters on the
// maker's own plastic; the project's print stays as it is.
func TestSceneOptionsDim(t *testing.T) {
	const n = 60
	tests := []struct {
		name  string
		o     RenderOptions
		print bool
	}{
		{"dim, another maker's print", RenderOptions{Difficulty: "hard", Dim: true, Dims: true, Print: true}, true},
		{"dim, the project's print", RenderOptions{Difficulty: "hard", Dim: true}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			faint := 0
			for s := int64(1); s <= n; s++ {
				o := upwordsScene(t, s, tc.o)
				if o.Exposure < 0.5 || o.Exposure > 0.85 || o.Ambient < 0.15 || o.Ambient > 0.4 || o.Noise < 4 || o.Noise > 9 {
					t.Errorf("seed %d: exposure %.2f, ambient %.2f, noise %.1f: not a dim room's", s, o.Exposure, o.Ambient, o.Noise)
				}
				if !tc.print {
					if o.UpwordsPrint != nil {
						t.Errorf("seed %d: print %+v, want the project's", s, *o.UpwordsPrint)
					}
					continue
				}
				if o.UpwordsPrint == nil {
					t.Fatalf("seed %d: no print drawn", s)
				}
				drawn := render.RandomUpwordsPrint(s)
				if o.UpwordsPrint.Face != drawn.Face {
					t.Errorf("seed %d: plastic %v, want the maker's %v", s, o.UpwordsPrint.Face, drawn.Face)
				}
				if *o.UpwordsPrint != drawn {
					faint++
					if o.UpwordsPrint.Size < 0.40 || o.UpwordsPrint.Size > 0.54 {
						t.Errorf("seed %d: letters %.2f of the face, want 0.40-0.54", s, o.UpwordsPrint.Size)
					}
				}
			}
			if tc.print && (faint < n/2 || faint > n*5/6) {
				t.Errorf("%d of %d scenes in a faint print, want about two of three", faint, n)
			}
		})
	}
}

// TestSceneOptionsMurky checks Murky's scenes: with Dim and Shaken, a
// dim room's light kept, the shadows deep, the light uneven, the sensor
// noisier than a dim room's alone, a hand-held camera's blur, and a hand
// over the board in about two scenes of five; without Murky the same
// seeds draw no deeper shadow than their difficulty does.
func TestSceneOptionsMurky(t *testing.T) {
	const n = 60
	tests := []struct {
		name  string
		o     RenderOptions
		murky bool
	}{
		{"murky, dim and shaken", RenderOptions{Difficulty: "hard", Dim: true, Shaken: true, Murky: true, Dims: true, Print: true}, true},
		{"dim and shaken only", RenderOptions{Difficulty: "hard", Dim: true, Shaken: true, Dims: true, Print: true}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hands := 0
			for s := int64(1); s <= n; s++ {
				o := upwordsScene(t, s, tc.o)
				if o.Exposure < 0.5 || o.Exposure > 0.85 || o.Ambient < 0.15 || o.Ambient > 0.4 {
					t.Errorf("seed %d: exposure %.2f, ambient %.2f: not a dim room's", s, o.Exposure, o.Ambient)
				}
				if o.Blur < 0.8 || o.Blur > 3.2 || o.Quality < 35 || o.Quality > 70 {
					t.Errorf("seed %d: defocus %.2f px, JPEG %d: not a hand-held camera's", s, o.Blur, o.Quality)
				}
				if o.Hand {
					hands++
				}
				if !tc.murky {
					if o.Shadow > 0.65 {
						t.Errorf("seed %d: shadow %.2f deeper than a hard scene's", s, o.Shadow)
					}
					continue
				}
				if o.Shadow < 0.5 || o.Shadow > 0.8 || o.Gradient < 0.3 || o.Gradient > 0.7 || o.Noise < 6 || o.Noise > 11 || o.ShotNoise < 0.4 || o.ShotNoise > 1 {
					t.Errorf("seed %d: shadow %.2f, gradient %.2f, noise %.1f, shot noise %.2f: not murky", s, o.Shadow, o.Gradient, o.Noise, o.ShotNoise)
				}
			}
			if tc.murky && (hands < n/4 || hands > n*3/5) {
				t.Errorf("%d of %d scenes with a hand, want about two of five", hands, n)
			}
		})
	}
}

// upwordsScene is the render options sceneOptions draws for the Upwords
// scene of seed s under o.
func upwordsScene(t *testing.T, s int64, o RenderOptions) render.Options {
	t.Helper()
	state, err := render.RandomState("upwords", s)
	if err != nil {
		t.Fatalf("seed %d: %v", s, err)
	}
	ro, err := sceneOptions("upwords", s, state, o)
	if err != nil {
		t.Fatalf("seed %d: %v", s, err)
	}
	return ro
}
