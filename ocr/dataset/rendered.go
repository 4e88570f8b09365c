package dataset

import (
	"encoding/json"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/vision/render"
)

// RenderedCrops draws scenes of a game with vision/render (random
// positions and conditions of the given difficulty, seeds seed0 ..
// seed0+n-1) and cuts out the crops a reader is handed:
//
//   - upwords: every square, as vision's board reader cuts it: the stack's
//     top face (or the empty square's floor) with a 12% margin, rectified,
//     upright (angle 0); empty squares have Letter "". With ModeWarp the
//     square is turned a random quarter turn (Angle 90, 180 or 270), as
//     the board reader hands it over when the camera looks at the board
//     from another side than the one it is read from;
//   - lexicon, twists: every loose tile, the axis-aligned box around its
//     top face with a margin, as photographed (the truth angle); with
//     ModeWarp, rectified from its corners (margin 30%) a random quarter
//     turn off, as a loose-tile reader hands it over.
//
// The JPEG the camera would store is what is cut from.
func RenderedCrops(game string, seed0 int64, n int, difficulty string, mode Mode) ([]Crop, error) {
	return RenderedCropsWith(game, seed0, n, RenderOptions{Difficulty: difficulty, Mode: mode})
}

// RenderOptions tune RenderedCropsWith.
type RenderOptions struct {
	Difficulty string // conditions: easy, normal, hard or mixed
	Mode       Mode
	// Jitter moves each Upwords square's crop by up to this fraction of
	// the square's side in x and y, and scales it by up to half of it, as
	// the board reader's crop lands when a stack's height or the grid is a
	// little off. 0: cut at the true corners.
	Jitter float64
	// Degrade redraws each scene's blur, motion blur and JPEG quality
	// harsher than its difficulty would (defocus 1.5-3.5 px, a motion blur
	// of 2-6 px in three scenes of five, JPEG quality 50-70): the faces a
	// specialist reader for blurred photos learns from.
	Degrade bool
	// Shaken redraws each scene's blur, motion blur and JPEG quality as
	// a hand-held camera's, over a wider range than Degrade's and
	// shaken more often: defocus 0.8-3.2 px, a motion blur of 2.5-7 px
	// in four scenes of five, JPEG quality 35-70. It takes the place of
	// Degrade when both are set.
	Shaken bool
	// Dims draws each Upwords scene's board and tiles at another
	// maker's dimensions (render.VariedUpwordsDims from the scene's
	// seed), the camera moved to fit the board, as render-set --dims
	// varied does.
	Dims bool
	// Cuts is how many times each Upwords square is cut (each with its
	// own quarter turn and jitter); 0 or 1: once.
	Cuts int
	// Typefaces, when set, are the typefaces the scenes are drawn in
	// (render.Options.Typeface; names of render.Typefaces() or
	// render.MoreTypefaces()), one per scene, drawn from its seed.
	Typefaces []string
	// Print draws each Upwords scene's tiles as another maker's
	// (render.RandomUpwordsPrint from the scene's seed).
	Print bool
	// Dim draws each scene in a dim room (exposure 0.5-0.85, ambient
	// 0.15-0.4, read noise 4-9 levels) and, with Print, the faint prints
	// such a room makes hardest: in two scenes of three the ink is
	// coloured (red, brown, blue or green) and paled by up to 1.8, and
	// the letters are small (0.40-0.54 of the face), on the maker's own
	// plastic. Drawn from a stream of its own beside the scene's seed.
	Dim bool
	// Murky darkens, with Dim, what a hard scene's light does to a
	// face beyond the dim room's exposure (issue 17: whole boards lost
	// on single photos, docs/vision.md "Upwords letters on dim, blurred
	// and shaken faces"): the cast shadows deep (0.5-0.8) and soft or
	// hard, the light uneven across the board (gradient 0.3-0.7), the
	// noise of a pushed sensor (read noise 6-11, shot noise 0.4-1) and
	// a hand over the board, its shadow a band across faces, in two
	// scenes of five. Drawn from a stream of its own beside the scene's
	// seed, after Dim's.
	Murky bool
}

// dim makes o's light a dim room's and, when p is not nil, p's print
// faint (see RenderOptions.Dim), drawn from the scene's seed.
func dim(o *render.Options, p *render.UpwordsPrint, seed int64) {
	rng := rand.New(rand.NewPCG(uint64(seed), 4444))
	u := func(a, b float64) float64 { return math.Round((a+(b-a)*rng.Float64())*1e4) / 1e4 }
	o.Exposure = u(0.5, 0.85)
	o.Ambient = u(0.15, 0.4)
	o.Noise = u(4, 9)
	if p == nil || rng.IntN(3) == 2 {
		return
	}
	inks := [][3]float64{{110, 24, 28}, {150, 40, 36}, {80, 44, 30}, {24, 34, 80}, {26, 70, 40}}
	ink := inks[rng.IntN(len(inks))]
	k := u(1, 1.8)
	for i := range ink {
		p.Ink[i] = math.Round(min(200, ink[i]*k))
	}
	p.Size = math.Round(u(0.40, 0.54)*100) / 100
}

// murky deepens o's shadows, unevens its light, noises its sensor and
// puts a hand over the board in two scenes of five (see
// RenderOptions.Murky), drawn from the scene's seed.
func murky(o *render.Options, seed int64) {
	rng := rand.New(rand.NewPCG(uint64(seed), 4545))
	u := func(a, b float64) float64 { return math.Round((a+(b-a)*rng.Float64())*1e4) / 1e4 }
	o.Shadow = u(0.5, 0.8)
	o.ShadowSoft = u(0.3, 8)
	o.Gradient = u(0.3, 0.7)
	o.Noise = u(6, 11)
	o.ShotNoise = u(0.4, 1)
	o.Hand = rng.IntN(5) < 2
}

// degrade makes o's blur, motion blur and compression harsher (see
// RenderOptions.Degrade), drawn from the scene's seed.
func degrade(o *render.Options, seed int64) {
	harshen(o, seed, harshness{stream: 4242, blur: [2]float64{1.5, 3.5}, movedOf5: 3, motion: [2]float64{2, 6}, quality: [2]float64{50, 70}})
}

// shake makes o's blur, motion blur and compression a hand-held
// camera's (see RenderOptions.Shaken), drawn from the scene's seed.
func shake(o *render.Options, seed int64) {
	harshen(o, seed, harshness{stream: 4343, blur: [2]float64{0.8, 3.2}, movedOf5: 4, motion: [2]float64{2.5, 7}, quality: [2]float64{35, 70}})
}

// harshness is a range of photo faults: defocus (px), motion blur in
// movedOf5 scenes of five (px, at any angle) and JPEG quality, drawn
// from a random stream of its own beside the scene's seed.
type harshness struct {
	stream                uint64
	blur, motion, quality [2]float64
	movedOf5              int
}

// harshen sets o's blur, motion blur and compression from h, drawn from
// the scene's seed (each value rounded to 1e-4, so that a scene's
// options print and compare exactly).
func harshen(o *render.Options, seed int64, h harshness) {
	rng := rand.New(rand.NewPCG(uint64(seed), h.stream))
	u := func(r [2]float64) float64 { return math.Round((r[0]+(r[1]-r[0])*rng.Float64())*1e4) / 1e4 }
	o.Blur = u(h.blur)
	o.MotionPx, o.MotionDeg = 0, 0
	if rng.IntN(5) < h.movedOf5 {
		o.MotionPx, o.MotionDeg = u(h.motion), u([2]float64{0, 180})
	}
	o.Quality = int(u(h.quality))
}

// sceneOptions are the render options of the scene of seed s drawn as o
// asks, state its position.
func sceneOptions(game string, s int64, state []byte, o RenderOptions) (render.Options, error) {
	opt, err := render.RandomOptions(s, o.Difficulty)
	if err != nil {
		return opt, fmt.Errorf("dataset: %w", err)
	}
	switch {
	case o.Shaken:
		shake(&opt, s)
	case o.Degrade:
		degrade(&opt, s)
	}
	if o.Dims && game == "upwords" {
		opt.UpwordsDims = render.VariedUpwordsDims(s)
		opt.FitUpwords(render.StateRows(state))
	}
	opt.Typeface = render.SceneTypeface(o.Typefaces, s)
	if o.Print && game == "upwords" {
		p := render.RandomUpwordsPrint(s)
		opt.UpwordsPrint = &p
	}
	if o.Dim {
		dim(&opt, opt.UpwordsPrint, s)
	}
	if o.Murky {
		murky(&opt, s)
	}
	return opt, nil
}

// RenderedCropsWith is RenderedCrops with more options.
func RenderedCropsWith(game string, seed0 int64, n int, o RenderOptions) ([]Crop, error) {
	mode := o.Mode
	var out []Crop
	for s := seed0; s < seed0+int64(n); s++ {
		state, err := render.RandomState(game, s)
		if err != nil {
			return nil, fmt.Errorf("dataset: %w", err)
		}
		opt, err := sceneOptions(game, s, state, o)
		if err != nil {
			return nil, err
		}
		sc, err := render.Render(game, state, opt)
		if err != nil {
			return nil, fmt.Errorf("dataset: render %s seed %d: %w", game, s, err)
		}
		img, err := sc.Photo()
		if err != nil {
			img = sc.Image
		}
		rng := rand.New(rand.NewPCG(uint64(s), 99))
		name := fmt.Sprintf("%s-%d", game, s)
		for k := 0; k < max(1, o.Cuts); k++ {
			out = append(out, boardCrops(img, &sc.Truth, name, mode, o.Jitter, rng)...)
		}
		for i, t := range sc.Truth.Tiles {
			if t.Occluded {
				continue
			}
			r := rectOf(t.Corners)
			if mode == ModeWarp {
				// rectified from the tile's corners, a random quarter
				// turn off, as a loose-tile reader hands it over
				k := rng.IntN(4)
				var c [4][2]float64
				for j := range c {
					c[j] = t.Corners[(j+k)%4]
				}
				r = rectOf(c)
				out = append(out, Crop{Name: fmt.Sprintf("%s#%d", name, i), Image: Warp(img, r, 1.3, 64), Letter: t.Letter})
				continue
			}
			out = append(out, Crop{Name: fmt.Sprintf("%s#%d", name, i), Image: Box(img, r, 1.1+0.3*rng.Float64(), 0),
				Letter: t.Letter, Angle: math.Mod(t.Angle+360, 360), HasAngle: true})
		}
	}
	return out, nil
}

// boardCrops cuts every square of a board scene that no hand hides, as
// the board reader cuts it (see RenderedCrops).
func boardCrops(img image.Image, t *render.Truth, name string, mode Mode, jit float64, rng *rand.Rand) []Crop {
	var out []Crop
	for _, c := range t.Cells {
		if c.Occluded {
			continue
		}
		corners, angle := c.Corners, 0.0
		if mode == ModeWarp {
			// Corner k first: the letter then stands k quarter turns
			// counter-clockwise in the crop.
			k := rng.IntN(4)
			for j := range corners {
				corners[j] = c.Corners[(j+k)%4]
			}
			angle = float64(90 * k)
		}
		if jit > 0 {
			corners = jitter(corners, jit, rng)
		}
		out = append(out, Crop{Name: fmt.Sprintf("%s#%d,%d", name, c.Row, c.Col), Image: Warp(img, rectOf(corners), 1.24, 64),
			Letter: c.Letter, Angle: angle, HasAngle: true})
	}
	return out
}

// SceneCrops cuts the squares of the rendered Upwords scenes in dir (the
// images tilescope render-set writes, each with its truth JSON beside it)
// at the true corners of each stack's top face, as RenderedCrops does:
// the reader's own accuracy on those scenes, apart from where the board
// reader places its crops. difficulty "" or "mixed" takes every scene,
// else only those drawn at that difficulty. The quarter turns of ModeWarp
// are drawn from a fixed seed.
func SceneCrops(dir, difficulty string, mode Mode) ([]Crop, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	sort.Strings(files)
	rng := rand.New(rand.NewPCG(7, 99))
	var out []Crop
	scenes := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("dataset: %w", err)
		}
		var t render.Truth
		if err := json.Unmarshal(b, &t); err != nil {
			return nil, fmt.Errorf("dataset: %s: %w", f, err)
		}
		if t.Game != "upwords" || (difficulty != "" && difficulty != "mixed" && t.Conditions.Difficulty != difficulty) {
			continue
		}
		base := strings.TrimSuffix(f, ".json")
		var img image.Image
		for _, ext := range []string{".jpg", ".png", ".jpeg"} {
			if img, err = readImage(base + ext); err == nil {
				break
			}
		}
		if img == nil {
			return nil, fmt.Errorf("dataset: %s: no image beside the truth (%v)", f, err)
		}
		scenes++
		out = append(out, boardCrops(img, &t, filepath.Base(base), mode, 0, rng)...)
	}
	if scenes == 0 {
		return nil, fmt.Errorf("dataset: %s: no Upwords scenes with a truth JSON (difficulty %q)", dir, difficulty)
	}
	return out, nil
}

// IsSceneDir reports whether dir holds rendered scenes: an image with a
// truth JSON beside it.
func IsSceneDir(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		base := strings.TrimSuffix(f, ".json")
		for _, ext := range []string{".jpg", ".png", ".jpeg"} {
			if _, err := os.Stat(base + ext); err == nil {
				return true
			}
		}
	}
	return false
}

// jitter moves a quadrilateral by up to j of its side in x and y and
// scales it about its centre by up to j/2.
func jitter(c [4][2]float64, j float64, rng *rand.Rand) [4][2]float64 {
	r := rectOf(c)
	dx := (2*rng.Float64() - 1) * j * r.Side
	dy := (2*rng.Float64() - 1) * j * r.Side
	s := 1 + (2*rng.Float64()-1)*j/2
	for i := range c {
		c[i][0] = r.Center[0] + (c[i][0]-r.Center[0])*s + dx
		c[i][1] = r.Center[1] + (c[i][1]-r.Center[1])*s + dy
	}
	return c
}

// rectOf makes a Rect of four corners in order.
func rectOf(c [4][2]float64) Rect {
	var r Rect
	r.Corners = c
	for _, p := range c {
		r.Center[0] += p[0] / 4
		r.Center[1] += p[1] / 4
	}
	for i := range c {
		j := (i + 1) % 4
		r.Side += math.Hypot(c[j][0]-c[i][0], c[j][1]-c[i][1]) / 4
	}
	return r
}
