package pyramids

import (
	"math"
	"sort"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// The scene's blur, measured on the board itself (a diagnostic: the
// scan does not use it; TestBlurDiag prints it beside the truth's, and
// docs/pyramids-vision.md, "the scene's blur measured", says what of it
// was tried in the reading and not kept). The board's outer
// edge (the light runway against the dark border) is a step in the
// print, so the width of its rise in the photo is the photo's blur
// there. The edge is crossed at blurProfiles places along each side;
// each crossing is the mean of seven parallel profiles a pixel apart
// (the sensor's noise), and the width of its rise from a fifth to four
// fifths of the step, 1.683 sigma for a Gaussian blur, gives sigma. A
// crossing whose step is faint or whose two sides are not flat (a
// pyramid on the runway, a hand, a shadow's edge) is not counted; each
// side's median is taken, and the scene's blur is the root mean square
// of the sides': the north and south sides measure the blur across
// the rows, the east and west ones across the columns, so a shake in
// one direction shows on two of the four.
const (
	blurProfiles = 24   // crossings a side
	blurReach    = 0.25 // how far each way the edge is crossed, in squares
	blurMinStep  = 0.15 // the least step, runway over border, in the white's grey
	blurFlat     = 0.35 // the largest spread of a profile's far quarter, in the step
	blurMinSides = 2    // the sides that must give a median
)

// edgeSigma is the Gaussian sigma (in the profile's units: its samples
// are step apart) of one profile crossing a dark-to-light step from its
// start (dark) to its end (light), and whether the profile is a clear
// step: its step over minStep and its far quarters flat.
func edgeSigma(prof []float64, step, minStep float64) (float64, bool) {
	n := len(prof)
	if n < 9 {
		return 0, false
	}
	quarter := n / 4
	dark := append([]float64(nil), prof[:quarter]...)
	light := append([]float64(nil), prof[n-quarter:]...)
	sort.Float64s(dark)
	sort.Float64s(light)
	lo, hi := dark[len(dark)/2], light[len(light)/2]
	h := hi - lo
	if h < minStep {
		return 0, false
	}
	if dark[len(dark)-1]-dark[0] > blurFlat*h || light[len(light)-1]-light[0] > blurFlat*h {
		return 0, false
	}
	// the last place under a fifth of the step and the first over four
	// fifths after it, each found between two samples
	at := func(j int, level float64) float64 {
		a, b := prof[j], prof[j+1]
		if b == a {
			return float64(j)
		}
		return float64(j) + (level-a)/(b-a)
	}
	l20, l80 := lo+0.2*h, lo+0.8*h
	i20 := -1
	for j := 0; j+1 < n; j++ {
		if prof[j] < l20 && prof[j+1] >= l20 {
			i20 = j
		}
		if prof[j+1] >= l80 && i20 >= 0 {
			break
		}
	}
	if i20 < 0 {
		return 0, false
	}
	i80 := -1
	for j := i20; j+1 < n; j++ {
		if prof[j] < l80 && prof[j+1] >= l80 {
			i80 = j
			break
		}
	}
	if i80 < 0 {
		return 0, false
	}
	w := at(i80, l80) - at(i20, l20)
	return math.Max(w, 0) * step / 1.683, true
}

// sceneBlur measures the blur of the photo on the board's outer edge
// (above): the Gaussian sigma in picture pixels, and at a square of 50
// pixels (the evaluation's blur classes' scale: the picture's sigma
// over the board's mean square side, times 50). ok is false when fewer
// than blurMinSides sides show their edge clearly.
func sceneBlur(f *frame) (sigma, at50 float64, ok bool) {
	n := float64(pyramids.Size)
	wl := f.whiteLuma()
	pt := sidePoint
	const half = 0.5 // the profiles' step, picture pixels
	var sideSq []float64
	side := 0.0
	for i := 0; i < 4; i++ {
		a, b := f.corners[i], f.corners[(i+1)%4]
		side += math.Hypot(b.X-a.X, b.Y-a.Y) / 4 / n
	}
	if side <= 0 {
		return 0, 0, false
	}
	var prof, avg []float64
	for s := 0; s < 4; s++ {
		var sig []float64
		for j := 0; j < blurProfiles; j++ {
			t := (float64(j) + 0.5) / blurProfiles * n
			c := f.toPicture(pt(s, t, 0))
			in := f.toPicture(pt(s, t, blurReach))
			// the normal to the edge in the picture, towards the runway
			e0, e1 := f.toPicture(pt(s, t-0.1, 0)), f.toPicture(pt(s, t+0.1, 0))
			ex, ey := e1.X-e0.X, e1.Y-e0.Y
			el := math.Hypot(ex, ey)
			if el == 0 {
				continue
			}
			ex, ey = ex/el, ey/el
			nx, ny := -ey, ex
			if nx*(in.X-c.X)+ny*(in.Y-c.Y) < 0 {
				nx, ny = -nx, -ny
			}
			reach := math.Hypot(in.X-c.X, in.Y-c.Y)
			m := int(2*reach/half) + 1
			if m < 9 {
				continue
			}
			avg = avg[:0]
			for k := 0; k < m; k++ {
				avg = append(avg, 0)
			}
			inside := true
			for _, o := range [...]float64{-3, -2, -1, 0, 1, 2, 3} {
				cx, cy := c.X+o*ex, c.Y+o*ey
				for k := 0; k < m; k++ {
					d := -reach + half*float64(k)
					x, y := cx+d*nx, cy+d*ny
					if !(x >= 1 && y >= 1 && x <= float64(f.p.W-1) && y <= float64(f.p.H-1)) {
						inside = false
						break
					}
					avg[k] += f.p.luma(x, y) / 7
				}
				if !inside {
					break
				}
			}
			if !inside {
				continue
			}
			prof = append(prof[:0], avg...)
			if sg, ok := edgeSigma(prof, half, blurMinStep*wl); ok {
				sig = append(sig, sg)
			}
		}
		if len(sig) < blurProfiles/4 {
			continue
		}
		sort.Float64s(sig)
		md := sig[len(sig)/2]
		sideSq = append(sideSq, md*md)
	}
	if len(sideSq) < blurMinSides {
		return 0, 0, false
	}
	ms := 0.0
	for _, v := range sideSq {
		ms += v
	}
	sigma = math.Sqrt(ms / float64(len(sideSq)))
	return sigma, sigma * 50 / side, true
}
