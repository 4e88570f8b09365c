package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Sentinel errors.
var (
	// ErrUnknownGame: the game is not one the renderer knows.
	ErrUnknownGame = errors.New("render: unknown game")
	// ErrBadState: the state text cannot be read (wrapped with file:line).
	ErrBadState = errors.New("render: bad state")
	// ErrBadOptions: an option is out of range.
	ErrBadOptions = errors.New("render: bad options")
)

// Games lists the games the renderer draws.
var Games = []string{"upwords", "lexicon", "twists", "pyramids", "scrabble"}

// Options are the camera, light and image conditions of one scene. Zero
// values of Width, Height, HFOVDeg, HeightMM, Quality and LightElevDeg mean
// the defaults; every other zero is taken as given (tilt 0 = straight down,
// Noise 0 = no noise...). RandomOptions draws a full set.
type Options struct {
	Seed          int64 // seeds every random choice of the scene (tile jitter, fonts, noise)
	Width, Height int   // default 1640x1232 (Pi camera v2, 2x2 binned)
	Name          string

	// Camera.
	HFOVDeg  float64 // default 62.2 (Pi camera v2)
	HeightMM float64 // camera height over the table; default 420
	TiltDeg  float64 // 0 straight down .. 45
	YawDeg   float64 // board rotation in the image
	RollDeg  float64
	ShiftX   float64 // where the camera aims, mm from the board centre
	ShiftY   float64
	AimZ     float64 // height over the table of the point aimed at (mm)
	K1, K2   float64 // radial lens distortion

	// Light.
	LightElevDeg float64    // sun-like light elevation; default 60
	LightAzDeg   float64    // from where the light comes, degrees
	Ambient      float64    // 0..1 share of light that is not directional
	Exposure     float64    // overall gain; 0 means 1
	Warmth       float64    // -1 cool .. +1 warm white balance
	Gradient     float64    // 0..1 linear fall-off of light across the image
	GradientDeg  float64    // its direction
	Vignette     float64    // 0..1 darkening at the corners
	ShadowSoft   float64    // shadow blur radius in mm; 0 hard
	Shadow       float64    // 0..1 shadow darkness
	Glare        float64    // 0..1 strength of a specular glare spot
	GlareAt      [2]float64 // glare position, fraction of width/height; zero: where the light's mirror image falls

	// Surroundings.
	Table   string // one of TableKinds; "" picks by seed
	Edition string // Scrabble: one of ScrabbleEditions; "" picks by seed
	// ScrabblePrint is how the Scrabble board prints its premium squares:
	// one of ScrabblePrints; "" is "classic"; "mixed" draws it by seed
	// (from a stream of its own: the seed's other choices are the same
	// either way).
	ScrabblePrint string
	// UpwordsCentre is how the four centre squares of an Upwords board
	// are printed: one of UpwordsCentres; "" is "classic".
	UpwordsCentre string
	// UpwordsDims are the Upwords board's and tiles' dimensions; zero is
	// the project's board (DefaultUpwordsDims).
	UpwordsDims UpwordsDims
	// Pyramids is the Crossword Pyramids set's size and print; nil is
	// ClassicPyramids.
	Pyramids *PyramidsSet
	// UpwordsPrint is how the Upwords tiles are made (plastic, ink,
	// letter size); nil is the project's set.
	UpwordsPrint *UpwordsPrint
	Clutter      int  // objects beside the board
	Hand         bool // a hand and arm over part of the board

	// Sensor and optics.
	Noise        float64 // read-noise sigma in 8-bit levels
	ShotNoise    float64 // signal-dependent noise factor
	Blur         float64 // defocus blur radius in pixels
	MotionPx     float64 // motion blur length in pixels
	MotionDeg    float64 // its direction
	Sharpen      float64 // unsharp masking as phone cameras do, 0..2
	Quality      int     // JPEG quality; default 90
	Difficulty   string  // informative: the difficulty RandomOptions drew from
	TileJitterMM float64 // how far tiles sit off their square's centre
	// Typeface names the scene's typeface (one of Typefaces() or of
	// MoreTypefaces()); "" or an unknown name draws it by seed (from
	// Typefaces()). The seed's other choices are the same either way.
	Typeface string
	// ScrabbleTile is the colour of a Scrabble set's tiles, as factors of
	// the face's printed colour per channel (R, G, B; 1 is as printed, a
	// dark wooden set about 0.6, 0.38, 0.25); zero picks one of the light
	// sets by seed. The seed's other choices are the same either way.
	ScrabbleTile [3]float64
}

// Scene is one rendered picture and what is in it.
type Scene struct {
	Image image.Image // *image.RGBA: the picture before JPEG compression
	JPEG  []byte      // the picture as the camera would store it
	Truth Truth
}

// TableKinds are the table tops the renderer draws.
var TableKinds = []string{"wood", "felt", "cloth", "laminate", "lace"}

// UpwordsCentres are the prints of the four centre squares the renderer
// draws on an Upwords board (editions and makers differ): "classic" light
// tan with a red diamond, "plain" cream, "blue" and "green" with a light
// star, "white" with a grey diamond.
var UpwordsCentres = []string{"classic", "plain", "blue", "green", "white"}

// Difficulties are the condition ranges RandomOptions knows.
var Difficulties = []string{"easy", "normal", "hard"}

// RandomOptions draws the conditions of a scene for a difficulty: "easy"
// (nearly overhead, even light, little noise), "normal", "hard" (tilt up to
// 40 degrees, strong uneven light, noise, blur, low JPEG quality, hands), or
// "mixed" (one of the three, by seed). The ranges are in docs/render.md.
func RandomOptions(seed int64, difficulty string) (Options, error) {
	r := newRand(seed, 3)
	if difficulty == "" {
		difficulty = "normal"
	}
	if difficulty == "mixed" {
		difficulty = Difficulties[r.IntN(3)]
	}
	lvl := -1
	for i, d := range Difficulties {
		if d == difficulty {
			lvl = i
		}
	}
	if lvl < 0 {
		return Options{}, fmt.Errorf("%w: difficulty %q (want easy, normal, hard or mixed)", ErrBadOptions, difficulty)
	}
	// Values are rounded so that the truth file shows exactly what was used.
	u := func(a, b float64) float64 {
		return math.Round(float64((a+float64((b-a)*float64(r.Float64())))*1e4)) / 1e4
	}
	pick := func(easy, normal, hard [2]float64) float64 {
		v := [3][2]float64{easy, normal, hard}[lvl]
		return u(v[0], v[1])
	}
	o := Options{Seed: seed, Difficulty: difficulty, Width: 1640, Height: 1232}
	// The lens: Pi camera v2 (62.2 degrees across), v3 (66), a wider one.
	o.HFOVDeg = [3][]float64{{62.2}, {62.2, 66}, {62.2, 66, 72}}[lvl][r.IntN(lvl+1)]
	// The camera's distance to the board sets the board's size in the
	// picture; its height follows from the tilt.
	dist := pick([2]float64{380, 440}, [2]float64{330, 480}, [2]float64{300, 520})
	o.TiltDeg = pick([2]float64{0, 8}, [2]float64{0, 25}, [2]float64{10, 40})
	o.HeightMM = math.Round(float64(dist * math.Cos(o.TiltDeg*math.Pi/180)))
	o.YawDeg = pick([2]float64{-5, 5}, [2]float64{-25, 25}, [2]float64{-180, 180})
	o.RollDeg = u(-2, 2)
	o.ShiftX = pick([2]float64{-10, 10}, [2]float64{-25, 25}, [2]float64{-40, 40})
	o.ShiftY = pick([2]float64{-10, 10}, [2]float64{-25, 25}, [2]float64{-40, 40})
	o.K1 = pick([2]float64{-0.05, 0.02}, [2]float64{-0.12, 0.04}, [2]float64{-0.2, 0.06})
	o.K2 = u(-0.01, 0.03)
	o.LightElevDeg = pick([2]float64{55, 85}, [2]float64{35, 80}, [2]float64{20, 70})
	o.LightAzDeg = u(0, 360)
	o.Ambient = pick([2]float64{0.5, 0.65}, [2]float64{0.35, 0.6}, [2]float64{0.2, 0.5})
	o.Exposure = pick([2]float64{0.95, 1.1}, [2]float64{0.8, 1.2}, [2]float64{0.7, 1.3})
	o.Warmth = pick([2]float64{-0.1, 0.1}, [2]float64{-0.3, 0.3}, [2]float64{-0.5, 0.5})
	o.Gradient = pick([2]float64{0, 0.1}, [2]float64{0, 0.3}, [2]float64{0.2, 0.6})
	o.GradientDeg = u(0, 360)
	o.Vignette = pick([2]float64{0, 0.15}, [2]float64{0.1, 0.35}, [2]float64{0.2, 0.5})
	o.ShadowSoft = pick([2]float64{1, 3}, [2]float64{0.5, 5}, [2]float64{0.3, 8})
	o.Shadow = pick([2]float64{0.2, 0.35}, [2]float64{0.25, 0.5}, [2]float64{0.35, 0.65})
	o.Glare = pick([2]float64{0, 0.1}, [2]float64{0, 0.25}, [2]float64{0, 0.45})
	o.Table = TableKinds[r.IntN(len(TableKinds))]
	o.Clutter = r.IntN([3]int{2, 4, 6}[lvl])
	o.Hand = lvl == 2 && float64(r.Float64()) < 0.35
	o.Noise = pick([2]float64{0.5, 2}, [2]float64{1, 4}, [2]float64{2, 8})
	o.ShotNoise = pick([2]float64{0, 0.2}, [2]float64{0.1, 0.4}, [2]float64{0.2, 0.8})
	o.Blur = pick([2]float64{0, 0.6}, [2]float64{0, 1.5}, [2]float64{0.5, 3})
	if lvl == 2 && float64(r.Float64()) < 0.4 {
		o.MotionPx = u(2, 7)
		o.MotionDeg = u(0, 180)
	}
	o.Sharpen = pick([2]float64{0, 0.3}, [2]float64{0, 0.6}, [2]float64{0.3, 1})
	o.Quality = int(pick([2]float64{88, 95}, [2]float64{75, 92}, [2]float64{55, 85}))
	o.TileJitterMM = pick([2]float64{0.2, 0.4}, [2]float64{0.3, 0.6}, [2]float64{0.4, 0.8})
	return o, nil
}

// FitGame moves the camera of options drawn by RandomOptions (whose
// distances suit a 10x10 Upwords board, about 240 mm across) back in
// proportion to a bigger game's board, so that it shows as much of the
// picture: a Scrabble board is about 330 mm across.
// A Crossword Pyramids set other than the classic one moves the camera in
// proportion to its board's size.
func (o *Options) FitGame(game string) {
	k := 1.38
	switch {
	case game == "pyramids" && o.Pyramids != nil:
		c, s := ClassicPyramids, o.Pyramids
		k = (float64(10*s.PitchMM) + float64(2*s.BorderMM)) / (float64(10*c.PitchMM) + float64(2*c.BorderMM))
	case game != "scrabble":
		return
	}
	o.HeightMM = math.Round(float64(o.HeightMM * k))
	o.ShiftX, o.ShiftY = math.Round(float64(o.ShiftX*k*100))/100, math.Round(float64(o.ShiftY*k*100))/100
}

// FitUpwords moves the camera of options drawn by RandomOptions (whose
// distances suit the project's 10x10 board, about 240 mm across) in
// proportion to an Upwords board of n squares a side and the options'
// UpwordsDims, as a player sets a camera up to show the board. A board
// of the project's dimensions is left as it is.
func (o *Options) FitUpwords(n int) {
	if o.UpwordsDims == (UpwordsDims{}) {
		return
	}
	d := o.UpwordsDims.withDefaults()
	k := (float64(float64(n)*d.PitchMM) + float64(2*upwordsDefault.border)) / (float64(10*upwordsDefault.pitch) + float64(2*upwordsDefault.border))
	o.HeightMM = math.Round(float64(o.HeightMM * k))
	o.ShiftX, o.ShiftY = math.Round(float64(o.ShiftX*k*100))/100, math.Round(float64(o.ShiftY*k*100))/100
}

func (o *Options) defaults() error {
	if o.Width == 0 && o.Height == 0 {
		o.Width, o.Height = 1640, 1232
	}
	if o.Width < 64 || o.Height < 64 || o.Width > 8192 || o.Height > 8192 {
		return fmt.Errorf("%w: image size %dx%d (want 64..8192 on each side)", ErrBadOptions, o.Width, o.Height)
	}
	if o.HFOVDeg == 0 {
		o.HFOVDeg = 62.2
	}
	if o.HeightMM == 0 {
		o.HeightMM = 420
	}
	if o.LightElevDeg == 0 {
		o.LightElevDeg = 60
	}
	if o.Quality == 0 {
		o.Quality = 90
	}
	if o.Exposure == 0 {
		o.Exposure = 1
	}
	switch {
	case o.HFOVDeg < 1 || o.HFOVDeg > 120:
		return fmt.Errorf("%w: field of view %.1f degrees (want 1..120)", ErrBadOptions, o.HFOVDeg)
	case o.HeightMM < 100 || o.HeightMM > 3000:
		return fmt.Errorf("%w: camera height %.0f mm (want 100..3000)", ErrBadOptions, o.HeightMM)
	case o.TiltDeg < 0 || o.TiltDeg > 60:
		return fmt.Errorf("%w: tilt %.1f degrees (want 0..60)", ErrBadOptions, o.TiltDeg)
	case o.Quality < 1 || o.Quality > 100:
		return fmt.Errorf("%w: JPEG quality %d (want 1..100)", ErrBadOptions, o.Quality)
	case math.Abs(o.K1) > 0.5 || math.Abs(o.K2) > 0.5:
		return fmt.Errorf("%w: lens distortion k1=%g k2=%g (want |k| <= 0.5)", ErrBadOptions, o.K1, o.K2)
	case o.Sharpen < 0 || o.Sharpen > 2:
		return fmt.Errorf("%w: sharpen %g (want 0..2)", ErrBadOptions, o.Sharpen)
	case o.Blur < 0 || o.Blur > 30 || o.MotionPx < 0 || o.MotionPx > 60:
		return fmt.Errorf("%w: blur %g / motion %g px out of range", ErrBadOptions, o.Blur, o.MotionPx)
	}
	return o.UpwordsDims.Check()
}

// Render draws a scene of game in the given state (the game's text format;
// see docs/render.md) under the conditions opt. name is used in error
// messages about the state ("state.txt:3: ...").
func Render(game string, state []byte, opt Options) (*Scene, error) {
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	name := opt.Name
	if name == "" {
		name = "state"
	}
	w := newWorld(opt)
	var err error
	switch game {
	case "upwords":
		err = w.buildUpwords(state, name)
	case "lexicon":
		err = w.buildLexicon(state, name)
	case "twists":
		err = w.buildTwists(state, name)
	case "pyramids":
		err = w.buildPyramids(state, name)
	case "scrabble":
		err = w.buildScrabble(state, name)
	default:
		return nil, fmt.Errorf("%w %q (want one of upwords, lexicon, twists, pyramids, scrabble)", ErrUnknownGame, game)
	}
	if err != nil {
		return nil, err
	}
	if opt.Clutter > 0 {
		w.addClutter(min(opt.Clutter, 12))
	}
	if opt.Hand {
		w.addHand()
	}
	w.truth.Game = game
	return w.finish()
}

// world is a scene under construction: the camera, the light, what stands
// on the table, and the random source everything draws from.
type world struct {
	opt   Options
	rng   *rand.Rand
	cam   *Camera
	cv    *canvas
	light vec3 // unit vector towards the light
	lcol  [3]float64
	truth Truth

	table        *texture
	board        []face         // drawn first, in order (the board slab)
	tableCasters []shadowCaster // shadows falling on the table (the board's)
	solids       []solid
	mask         []float32
	font         *Typeface // the set's typeface: one per scene, as in a real set
	extent       float64   // half the layout's size (mm), for hands and clutter
	surfaceZ     float64   // height of the surface the pieces stand on
	hand         []face
}

// typeface is the scene's typeface, or the first one that can write s when
// the scene's cannot.
func (w *world) typeface(s string) *Typeface {
	if w.font.has(s) {
		return w.font
	}
	if fs := fontsFor(s); len(fs) > 0 {
		return fs[0]
	}
	return w.font // no typeface has it: drawn as the font's missing glyph
}

// face is one planar polygon of a solid; tex (optional) maps o + s*u + t*v.
type face struct {
	pts     []vec3
	n       vec3
	tex     *texture
	o, u, v vec3
	col     [3]float64 // colour (flat) or tint (textured), 0..255 / 0..~1.5
	alpha   float64
	gloss   float64 // strength of the specular highlight (glossy plastic)
}

// solid is an object drawn in painter's order: far from the camera first.
type solid struct {
	key    float64
	faces  []face
	shadow []vec3 // points whose shadow (with their base at shadowZ) darkens what is below
	shZ    float64
	top    box // a stack's top tile, for the shadows taller neighbours cast on it
}

// TypefaceOf is the typeface a scene drawn with opt writes its
// letters in: opt.Typeface when it names one, else the one its seed
// draws (the scene's truth does not record it).
func TypefaceOf(opt Options) *Typeface { return chooseTypeface(opt, newRand(opt.Seed, 5)) }

// chooseTypeface draws the scene's typeface from rng (the world's own
// stream, its first draw) and keeps opt.Typeface instead when it names
// one of Typefaces(), MoreTypefaces() or ExtraTypefaces().
func chooseTypeface(opt Options, rng *rand.Rand) *Typeface {
	all := Typefaces()
	font := all[rng.IntN(len(all))]
	for _, tf := range all {
		if tf.Name == opt.Typeface {
			font = tf
		}
	}
	if opt.Typeface != "" && font.Name != opt.Typeface {
		for _, tf := range append(slices.Clone(MoreTypefaces()), ExtraTypefaces()...) {
			if tf.Name == opt.Typeface {
				font = tf
			}
		}
	}
	return font
}

func newWorld(opt Options) *world {
	w := &world{opt: opt, rng: newRand(opt.Seed, 5)}
	w.font = chooseTypeface(opt, w.rng)
	w.cam = NewCamera(CameraSetup{Width: opt.Width, Height: opt.Height, HFOVDeg: opt.HFOVDeg,
		HeightMM: opt.HeightMM, TiltDeg: opt.TiltDeg, YawDeg: opt.YawDeg, RollDeg: opt.RollDeg,
		Target: [2]float64{opt.ShiftX, opt.ShiftY}, TargetZ: opt.AimZ, K1: opt.K1, K2: opt.K2})
	el, az := opt.LightElevDeg*math.Pi/180, opt.LightAzDeg*math.Pi/180
	w.light = vec3{float64(math.Cos(el) * math.Sin(az)), float64(math.Cos(el) * math.Cos(az)), math.Sin(el)}
	w.lcol = [3]float64{1 + float64(0.12*opt.Warmth), 1, 1 - float64(0.15*opt.Warmth)}
	// The canvas covers every ideal pixel that distortion pulls into the
	// image.
	// (The samples walk past the border as maxX grows; kept so that the
	// canvas, and so the pictures, stay as they were.) Where the inverse
	// distortion runs away out there, the canvas is cut to one image's size
	// on each side, the image itself always on it: capping its size alone
	// once left the picture's lower third off the canvas, smeared into
	// vertical streaks (Pyramids hard set 3100 scene 0004).
	W, H := float64(opt.Width), float64(opt.Height)
	minX, minY, maxX, maxY := 0.0, 0.0, W, H
	if opt.K1 != 0 || opt.K2 != 0 {
		for i := 0; i <= 16; i++ {
			f := float64(float64(i) / 16)
			for _, p := range []pt{{float64(f * maxX), 0}, {float64(f * maxX), H}, {0, float64(f * H)}, {W, float64(f * H)}} {
				q := w.cam.undistort(p)
				minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
				maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
			}
		}
	}
	minX, minY = math.Max(math.Floor(minX)-2, -W), math.Max(math.Floor(minY)-2, -H)
	maxX, maxY = math.Min(math.Ceil(maxX)+2, float64(2*W)), math.Min(math.Ceil(maxY)+2, float64(2*H))
	cw, ch := int(maxX-minX), int(maxY-minY)
	w.cv = newCanvas(cw, ch, -minX, -minY)
	w.truth.Seed = opt.Seed
	w.truth.Width, w.truth.Height = opt.Width, opt.Height
	w.truth.Camera = cameraTruth(w.cam)
	w.truth.Conditions = conditionsOf(opt)
	return w
}

// shade is the light falling on a face with normal n.
func (w *world) shade(n vec3) [3]float64 {
	d := n.dot(w.light)
	if d < 0 {
		d = 0
	}
	a := w.opt.Ambient
	k := float64((a + float64((1-a)*d*1.15)) * w.opt.Exposure)
	return [3]float64{float64(k * w.lcol[0]), float64(k * w.lcol[1]), float64(k * w.lcol[2])}
}

// toCanvas projects a world point to canvas pixels (no distortion).
func (w *world) toCanvas(p vec3) (pt, bool) {
	q, ok := w.cam.ideal(p)
	return pt{q.X + w.cv.ox, q.Y + w.cv.oy}, ok
}

// px projects a world point to the final image (with distortion), for the
// ground truth.
func (w *world) px(p vec3) [2]float64 {
	q := w.cam.project(p)
	return [2]float64{round3(q.X), round3(q.Y)}
}

func round3(v float64) float64 { return math.Round(float64(v*1000)) / 1000 }

func (w *world) drawFace(f face) {
	camPos := w.cam.pos
	if f.n.dot(camPos.sub(f.pts[0])) <= 0 {
		return // facing away
	}
	ps := w.project(f.pts)
	if len(ps) < 3 {
		return
	}
	sh := w.shade(f.n)
	if f.gloss > 0 {
		// Blinn-Phong highlight, constant over the (small) face.
		var c vec3
		for _, p := range f.pts {
			c = c.add(p)
		}
		c = c.scale(1 / float64(len(f.pts)))
		h := w.light.add(camPos.sub(c).unit()).unit()
		if d := f.n.dot(h); d > 0 {
			k := 1 + float64(f.gloss*math.Pow(d, 150)*w.opt.Exposure)
			sh = [3]float64{float64(sh[0] * k), float64(sh[1] * k), float64(sh[2] * k)}
		}
	}
	alpha := f.alpha
	if alpha == 0 {
		alpha = 1
	}
	if f.tex == nil {
		w.cv.fillFlat(ps, float64(f.col[0]*sh[0]), float64(f.col[1]*sh[1]), float64(f.col[2]*sh[2]), alpha)
		return
	}
	h := w.cam.planeHomography(f.o, f.u, f.v, w.cv.ox, w.cv.oy)
	hinv, ok := h.inv()
	if !ok {
		return
	}
	tint := [3]float64{float64(f.col[0] * sh[0]), float64(f.col[1] * sh[1]), float64(f.col[2] * sh[2])}
	w.cv.fillTextured(ps, f.tex, hinv, tint, alpha)
}

// addSolid queues a solid; key orders it far-to-near from the camera's
// foot on the table.
func (w *world) addSolid(s solid, centre vec3) {
	foot := vec3{w.cam.pos.X, w.cam.pos.Y, 0}
	c := vec3{centre.X, centre.Y, 0}
	s.key = c.sub(foot).norm()
	w.solids = append(w.solids, s)
}

// finish draws everything, applies the camera's optics and sensor, and
// encodes the JPEG.
func (w *world) finish() (*Scene, error) {
	w.drawTable()
	w.drawShadowsOf(w.tableCasters)
	for _, f := range w.board {
		w.drawFace(f)
	}
	var casters []shadowCaster
	for _, s := range w.solids {
		if len(s.shadow) > 0 {
			casters = append(casters, shadowCaster{pts: s.shadow, z: s.shZ})
			if ao := footprint(s.shadow, s.shZ, 1.1); len(ao) >= 3 {
				casters = append(casters, shadowCaster{pts: ao, z: s.shZ, strength: 0.5, ambient: true})
			}
		}
	}
	w.drawShadowsOf(casters)
	sort.SliceStable(w.solids, func(i, j int) bool {
		a, b := w.solids[i], w.solids[j]
		return a.key > b.key
	})
	for i, s := range w.solids {
		for _, f := range s.faces {
			w.drawFace(f)
		}
		if s.top.z1 > 0 {
			w.shadeTop(i)
		}
	}
	w.drawHand()
	img := w.develop()
	putPix(w.cv.pix)
	w.cv.pix = nil
	if w.mask != nil {
		putMask(w.mask)
		w.mask = nil
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: w.opt.Quality}); err != nil {
		return nil, fmt.Errorf("render: encoding JPEG: %w", err)
	}
	return &Scene{Image: img, JPEG: buf.Bytes(), Truth: w.truth}, nil
}

// nearMM is the camera's near plane: polygons are clipped to what lies at
// least this far in front of it.
const nearMM = 20

// project returns a polygon's canvas points, clipped to the near plane
// (Sutherland-Hodgman in camera space).
func (w *world) project(poly []vec3) []pt {
	depth := func(p vec3) float64 { return w.cam.toCam(p).Z }
	in := true
	for _, p := range poly {
		if depth(p) < nearMM {
			in = false
			break
		}
	}
	pts := poly
	if !in {
		pts = nil
		for i, a := range poly {
			b := poly[(i+1)%len(poly)]
			da, db := depth(a)-nearMM, depth(b)-nearMM
			if da >= 0 {
				pts = append(pts, a)
			}
			if (da >= 0) != (db >= 0) {
				t := da / (da - db)
				pts = append(pts, a.add(b.sub(a).scale(t)))
			}
		}
	}
	out := make([]pt, 0, len(pts))
	for _, p := range pts {
		q, _ := w.toCanvas(p)
		out = append(out, q)
	}
	return out
}

// footprint is the points of a solid that stand on the surface z, spread
// by k about their centre: where the contact shadow falls.
func footprint(pts []vec3, z, k float64) []vec3 {
	var base []vec3
	var c vec3
	for _, p := range pts {
		if math.Abs(p.Z-z) < 0.01 {
			base = append(base, p)
			c = c.add(p)
		}
	}
	if len(base) == 0 {
		return nil
	}
	c = c.scale(1 / float64(len(base)))
	for i, p := range base {
		base[i] = c.add(p.sub(c).scale(k))
	}
	return base
}

// pieceRand is the random source of one piece of the layout: level k of
// the stack on (r, c), or a loose tile there. It depends on the seed and
// the place only, so a tile that stays put between two pictures of the
// same game (same seed) lies exactly the same way in both.
func (w *world) pieceRand(r, c, k int) *rand.Rand {
	salt := uint64(r&0xffff)<<32 | uint64(c&0xffff)<<16 | uint64(k&0xffff)
	return newRand(w.opt.Seed, 1<<50+2*salt)
}

// shadeTop darkens the top face of stack i where taller stacks nearby
// shade it. It runs right after the stack is drawn, so only its own pixels
// are touched; anything nearer is drawn over it afterwards.
func (w *world) shadeTop(i int) {
	if w.opt.Shadow <= 0 || w.light.Z <= 0.05 {
		return
	}
	n := w.solids[i].top
	topPoly := n.corners(n.z1)
	var polyXY []pt
	for _, p := range topPoly {
		polyXY = append(polyXY, pt{p.X, p.Y})
	}
	for j, o := range w.solids {
		t := o.top
		if j == i || t.z1 <= n.z1+0.01 || math.Hypot(t.cx-n.cx, t.cy-n.cy) > float64(3*t.w) {
			continue
		}
		// The part of the taller stack above this top casts onto its plane.
		var flat []pt
		for _, z := range []float64{math.Max(t.z0, n.z1), t.z1} {
			for _, p := range t.corners(z) {
				k := (p.Z - n.z1) / w.light.Z
				flat = append(flat, pt{p.X - float64(w.light.X*k), p.Y - float64(w.light.Y*k)})
			}
		}
		shadow := clipConvex(convexHull(flat), polyXY)
		if len(shadow) < 3 {
			continue
		}
		pts := make([]vec3, len(shadow))
		for k, q := range shadow {
			pts[k] = vec3{q.X, q.Y, n.z1 + 0.01}
		}
		if ps := w.project(pts); len(ps) >= 3 {
			w.cv.fillFlat(ps, 0, 0, 0, float64(w.opt.Shadow*0.8))
		}
	}
}

// clipConvex clips polygon p to the convex polygon c (Sutherland-Hodgman;
// both counter-clockwise or both clockwise).
func clipConvex(p, c []pt) []pt {
	if len(p) < 3 {
		return nil
	}
	// orientation of c
	area := 0.0
	for i := range c {
		j := (i + 1) % len(c)
		area += float64(c[i].X*c[j].Y) - float64(c[j].X*c[i].Y)
	}
	sign := 1.0
	if area < 0 {
		sign = -1
	}
	out := p
	for i := range c {
		a, b := c[i], c[(i+1)%len(c)]
		inside := func(q pt) float64 {
			return float64(sign * (float64((b.X-a.X)*(q.Y-a.Y)) - float64((b.Y-a.Y)*(q.X-a.X))))
		}
		in := out
		out = nil
		for k := range in {
			s, e := in[k], in[(k+1)%len(in)]
			ds, de := inside(s), inside(e)
			if ds >= 0 {
				out = append(out, s)
			}
			if (ds >= 0) != (de >= 0) {
				t := ds / (ds - de)
				out = append(out, pt{s.X + float64((e.X-s.X)*t), s.Y + float64((e.Y-s.Y)*t)})
			}
		}
		if len(out) < 3 {
			return nil
		}
	}
	return out
}

// Photo is the scene as a reader is given it: the stored JPEG decoded
// (with its compression's losses, unlike Image).
func (s *Scene) Photo() (image.Image, error) {
	return jpeg.Decode(bytes.NewReader(s.JPEG))
}
