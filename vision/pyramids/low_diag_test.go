package pyramids

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestLowDiag (opt-in: PYR_LOW_DIRS, comma-separated render-set
// directories) reads every square's one-high colour look at the learnt
// pyramid height and at lower ones, against the truth: how many
// pyramids each height reads empty, how many empty squares it reads as
// a pyramid and how many pyramids in another colour, and each square
// read wrong at the learnt height with its looks at the others.
func TestLowDiag(t *testing.T) {
	factors := []float64{1, 0.85, 0.7, 0.55, 0.4}
	var tot [5][3]int
	for sc := range diagScenes(t, "PYR_LOW_DIRS") {
		tr := sc.truth
		l, err := locate(sc.img, Options{FaceModel: true})
		if err != nil {
			continue
		}
		f := l.f
		g0 := f.geo
		tall := trueTallShare(tr)
		want := trueTops(tr)
		var looks [5][pyramids.Size * pyramids.Size]cellLook
		for fi, fa := range factors {
			f.geo.TallMM = g0.TallMM * fa
			for i := range looks[fi] {
				looks[fi][i] = f.look(i/pyramids.Size, i%pyramids.Size)
			}
		}
		f.geo = g0
		for i := range looks[0] {
			w, ok := want[[2]int{i / pyramids.Size, i % pyramids.Size}]
			if !ok {
				continue
			}
			for fi := range factors {
				got := looks[fi][i].colour
				switch {
				case w != pyramids.NoColour && got == pyramids.NoColour:
					tot[fi][0]++
				case w == pyramids.NoColour && got != pyramids.NoColour:
					tot[fi][1]++
				case w != got:
					tot[fi][2]++
				}
			}
			wrong := false
			for fi := range factors {
				wrong = wrong || looks[fi][i].colour != w
			}
			if !wrong {
				continue
			}
			fmt.Printf("%s r%d c%d want %v set tall %.2f learnt %.2f |", sc.path, i/pyramids.Size, i%pyramids.Size, w, tall, g0.TallMM/g0.SquareMM)
			for fi, fa := range factors {
				lk := looks[fi][i]
				fmt.Printf(" %.2f: %v %.2f d%.2f", fa, lk.colour, lk.conf, lk.dark)
			}
			fmt.Println()
		}
	}
	for fi, fa := range factors {
		fmt.Printf("TOTAL factor %.2f: pyramids read empty %d, empty read pyramid %d, other colour %d\n", fa, tot[fi][0], tot[fi][1], tot[fi][2])
	}
}

// TestLowDraw (opt-in: PYR_LOW_SCENE, a render-set image, and
// PYR_LOW_SQ, "r,c;r,c") writes, for each square given, a crop of the
// picture three times enlarged with the one-high colour look's samples
// at the learnt height marked (white: light, magenta: a pyramid
// colour, cyan: dark) and at the maker's height (small yellow), to
// /tmp/lowdraw-R-C.png.
func TestLowDraw(t *testing.T) {
	path := os.Getenv("PYR_LOW_SCENE")
	if path == "" {
		t.Skip("PYR_LOW_SCENE not set")
	}
	img, err := loadImage(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := loadTruth(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := locate(img, Options{FaceModel: true})
	if err != nil {
		t.Fatal(err)
	}
	f := l.f
	g0 := f.geo
	trueTall := g0.TallMM
	if set := tr.Conditions.Pyramids; set != nil {
		trueTall = set.TallMM / set.PitchMM * g0.SquareMM
	}
	for _, rc := range strings.Split(os.Getenv("PYR_LOW_SQ"), ";") {
		var r, c int
		fmt.Sscanf(rc, "%d,%d", &r, &c)
		o := f.project([3]float64{float64(c) + 0.5, float64(r) + 0.5, 0})
		const half, sc = 90, 3
		x0, y0 := int(o.X)-half, int(o.Y)-half
		out := image.NewRGBA(image.Rect(0, 0, 2*half*sc, 2*half*sc))
		for j := 0; j < 2*half*sc; j++ {
			for i := 0; i < 2*half*sc; i++ {
				out.Set(i, j, img.At(x0+i/sc, y0+j/sc))
			}
		}
		dot := func(p vision.Point, col color.RGBA, rad int) {
			cx, cy := int((p.X-float64(x0))*sc), int((p.Y-float64(y0))*sc)
			for dy := -rad; dy <= rad; dy++ {
				for dx := -rad; dx <= rad; dx++ {
					out.Set(cx+dx, cy+dy, col)
				}
			}
		}
		var hist [5]int
		var hue [nClasses]int
		// At the learnt height, each sample marked by its class; at the
		// maker's, where the samples fall.
		f.faceColours(r, c, func(_ int, pt vision.Point, col [3]float64) {
			cls, _ := classify(col, f.white)
			{
				r, g, b := col[0]/f.white[0], col[1]/f.white[1], col[2]/f.white[2]
				mx := math.Max(r, math.Max(g, b))
				mn := math.Min(r, math.Min(g, b))
				sat := (mx - mn) / math.Max(mx, 1e-9)
				k := 0
				switch {
				case cls != clsLight:
					k = 4
				case sat >= 0.3:
					k = 3
				case sat >= 0.2:
					k = 2
				case sat >= 0.1:
					k = 1
				}
				hist[k]++
				if k == 3 {
					hue[hueClass(r, g, b)]++
				}
			}
			mark := color.RGBA{255, 0, 255, 255}
			switch cls {
			case clsLight:
				mark = color.RGBA{255, 255, 255, 255}
			case clsDark:
				mark = color.RGBA{0, 255, 255, 255}
			}
			dot(pt, color.RGBA{0, 0, 0, 255}, 3)
			dot(pt, mark, 2)
		})
		f.geo.TallMM = trueTall
		f.facePoints(r, c, func(_ int, pt vision.Point) {
			dot(pt, color.RGBA{255, 255, 0, 255}, 1)
		})
		f.geo = g0
		lk := f.look(r, c)
		fmt.Printf("r%d c%d look %v %.2f dark %.2f value %.2f white %.0f sat<.1,<.2,<.3,<.42,class %v near-hues %v\n", r, c, lk.colour, lk.conf, lk.dark, lk.value, f.white, hist, hue)
		fo, err := os.Create(fmt.Sprintf("/tmp/lowdraw-%d-%d.png", r, c))
		if err != nil {
			t.Fatal(err)
		}
		png.Encode(fo, out)
		fo.Close()
	}
}

// TestLowTrans (opt-in: PYR_LOW_DIRS) reads the squares the scan reads
// empty (not cleared behind a stack) again at lower pyramid heights and
// counts those read as a pyramid, right and wrong, by the square's
// area (house or not), with the look's figures.
func TestLowTrans(t *testing.T) {
	factors := []float64{0.85, 0.7, 0.55}
	var right, wrong [3][2]int
	for sc := range diagScenes(t, "PYR_LOW_DIRS") {
		tr := sc.truth
		opt := Options{FaceModel: true}
		r, err := Scan(sc.img, opt)
		if err != nil {
			continue
		}
		l, err := locate(sc.img, opt)
		if err != nil {
			continue
		}
		f := l.f
		g0 := f.geo
		tall := trueTallShare(tr)
		want := trueTops(tr)
		for i, sq := range r.Squares {
			w, ok := want[[2]int{sq.Pos.Row, sq.Pos.Col}]
			if !ok || sq.Colour != pyramids.NoColour || sq.cleared {
				continue
			}
			house := 0
			if pyramids.InHouse(pyramids.Pos{Row: sq.Pos.Row, Col: sq.Pos.Col}) {
				house = 1
			}
			line := fmt.Sprintf("%s r%d c%d want %v house %d set tall %.2f learnt %.2f sure %v conf %.2f |", sc.path, sq.Pos.Row, sq.Pos.Col, w, house, tall, g0.TallMM/g0.SquareMM, sq.Sure, sq.ColourConf)
			taken := false
			for fi, fa := range factors {
				f.geo.TallMM = g0.TallMM * fa
				lk := f.look(i/pyramids.Size, i%pyramids.Size)
				line += fmt.Sprintf(" %.2f: %v %.2f d%.2f", fa, lk.colour, lk.conf, lk.dark)
				if lk.colour == pyramids.NoColour {
					continue
				}
				taken = true
				if lk.colour == w {
					right[fi][house]++
				} else {
					wrong[fi][house]++
				}
			}
			f.geo = g0
			if taken || w != pyramids.NoColour {
				fmt.Println(line)
			}
		}
	}
	for fi, fa := range factors {
		fmt.Printf("TOTAL factor %.2f: read a pyramid right %v, wrong %v (outside, house)\n", fa, right[fi], wrong[fi])
	}
}

// TestLowScene (opt-in: PYR_LOW_DIRS) prints each scene's single
// pyramids' colour share at the learnt height against lower ones: the
// median over the pyramids read in a colour of 0.7 or more, one high.
func TestLowScene(t *testing.T) {
	for sc := range diagScenes(t, "PYR_LOW_DIRS") {
		tr := sc.truth
		l, err := locate(sc.img, Options{FaceModel: true})
		if err != nil {
			continue
		}
		f := l.f
		g0 := f.geo
		tall := trueTallShare(tr)
		var d85, d70, d55 []float64
		for i, lk := range l.looks {
			p := grid.Pos{Row: i / pyramids.Size, Col: i % pyramids.Size}
			if lk.colour == pyramids.NoColour || lk.conf < 0.7 || l.counts(p) != 1 {
				continue
			}
			for j, fa := range []float64{0.85, 0.7, 0.55} {
				f.geo.TallMM = g0.TallMM * fa
				lo := f.look(p.Row, p.Col)
				d := lo.hues[lk.colour] - lk.hues[lk.colour]
				if lk.colour == pyramids.Black {
					d = lo.dark - lk.dark
				}
				switch j {
				case 0:
					d85 = append(d85, d)
				case 1:
					d70 = append(d70, d)
				default:
					d55 = append(d55, d)
				}
			}
			f.geo = g0
		}
		med := func(v []float64) float64 {
			if len(v) == 0 {
				return math.NaN()
			}
			slices.Sort(v)
			return v[len(v)/2]
		}
		fmt.Printf("LOWSCENE %s tilt %.1f set tall %.2f learnt %.2f ratio %.2f n %d gain 0.85 %.3f 0.70 %.3f 0.55 %.3f\n", sc.path, tr.Camera.TiltDeg, tall, g0.TallMM/g0.SquareMM, tall/(g0.TallMM/g0.SquareMM), len(d70), med(d85), med(d70), med(d55))
	}
}

// TestNearSat (opt-in: PYR_LOW_DIRS) counts, on the squares the scan
// reads empty (not cleared), the one-high look's samples of a hue
// saturated nearSat or more (under pyramidSat: light) with the
// pyramid-class samples of that hue, and prints the squares where they
// make half the samples or more, against the truth.
func TestNearSat(t *testing.T) {
	const nearSat = 0.3
	var right, wrong [3]int
	for sc := range diagScenes(t, "PYR_LOW_DIRS") {
		tr := sc.truth
		opt := Options{FaceModel: true}
		r, err := Scan(sc.img, opt)
		if err != nil {
			continue
		}
		l, err := locate(sc.img, opt)
		if err != nil {
			continue
		}
		f := l.f
		want := trueTops(tr)
		for _, sq := range r.Squares {
			w, ok := want[[2]int{sq.Pos.Row, sq.Pos.Col}]
			if !ok || sq.Colour != pyramids.NoColour || sq.cleared {
				continue
			}
			var near, cls [nClasses]int
			total := 0
			var vals []float64
			f.faceColours(sq.Pos.Row, sq.Pos.Col, func(_ int, _ vision.Point, col [3]float64) {
				total++
				c, _ := classify(col, f.white)
				r, g, b := col[0]/f.white[0], col[1]/f.white[1], col[2]/f.white[2]
				mx := math.Max(r, math.Max(g, b))
				mn := math.Min(r, math.Min(g, b))
				vals = append(vals, mx)
				if c != clsLight {
					cls[c]++
					return
				}
				if (mx-mn)/mx >= nearSat {
					near[hueClass(r, g, b)]++
				}
			})
			best, bn := 0, 0
			for h := clsRed; h < nClasses; h++ {
				if near[h]+cls[h] > bn {
					best, bn = h, near[h]+cls[h]
				}
			}
			if total == 0 || float64(bn) < 0.5*float64(total) {
				continue
			}
			slices.Sort(vals)
			area := 0 // runway
			p := pyramids.Pos{Row: sq.Pos.Row, Col: sq.Pos.Col}
			switch {
			case pyramids.InHouse(p):
				area = 2
			case sq.Pos.Row >= 1 && sq.Pos.Row <= 8 && sq.Pos.Col >= 1 && sq.Pos.Col <= 8:
				area = 1
			}
			tag := "WRONG"
			if classColour[best] == w {
				right[area]++
				tag = "RIGHT"
			} else {
				wrong[area]++
			}
			fmt.Printf("%s %s r%d c%d want %v near %v share %.2f (class %d near %d) value %.2f area %d conf %.2f\n", tag, sc.path, sq.Pos.Row, sq.Pos.Col, w, classColour[best], float64(bn)/float64(total), cls[best], near[best], vals[len(vals)/2], area, sq.ColourConf)
		}
	}
	fmt.Printf("TOTAL right %v wrong %v (runway, ring, house)\n", right, wrong)
}

// trueTops is the truth's top colour on each square in view (NoColour
// where it is empty), by row and column.
func trueTops(tr *render.Truth) map[[2]int]pyramids.Colour {
	want := map[[2]int]pyramids.Colour{}
	for _, tc := range tr.Cells {
		if tc.Occluded {
			continue
		}
		w, _ := pyramids.ParseColour(tc.Colour)
		if tc.Height == 0 {
			w = pyramids.NoColour
		}
		want[[2]int{tc.Row, tc.Col}] = w
	}
	return want
}

// trueTallShare is the scene's pyramid height over its pitch: the set's where
// the truth gives one, else the project's (15 mm on 22).
func trueTallShare(tr *render.Truth) float64 {
	if set := tr.Conditions.Pyramids; set != nil {
		return set.TallMM / set.PitchMM
	}
	return 15.0 / 22
}
