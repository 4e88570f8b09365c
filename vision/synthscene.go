package vision

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/tilescope/tilescope/scoring/grid"
)

// SynthScene is a simple test picture drawn with a known camera: a table,
// the board (dark, lighter grid walls), tiles as light boxes with a dark
// mark. It exercises geometry independently of vision/render: the tests
// of this package and of the game readers built on it draw with it.
type SynthScene struct {
	W, H    int
	Tilt    float64 // degrees
	Yaw     float64 // degrees
	Dist    float64 // camera distance from the board centre, squares
	HFOV    float64
	Board   *grid.Board
	Light   float64 // 1 normal; 0.1 dark
	Blur    int     // box blur radius
	ShiftX  float64 // board centre offset from the picture's middle, squares
	Clutter bool
	NoBoard bool // only the table and the clutter
}

// Pose is the camera over a 10x10 board (or the scene's board).
func (s SynthScene) Pose() Pose {
	n := 10.0
	if s.Board != nil {
		n = float64(s.Board.Rows)
	}
	f := float64(s.W) / 2 / math.Tan(s.HFOV*math.Pi/360)
	t, y := s.Tilt*math.Pi/180, s.Yaw*math.Pi/180
	centre := Vec3{n/2 + s.ShiftX, n / 2, 0}
	// camera above (negative Z), tilted towards +Y (the board's bottom).
	off := Vec3{0, s.Dist * math.Sin(t), -s.Dist * math.Cos(t)}
	off = Vec3{math.Cos(y)*off[0] - math.Sin(y)*off[1], math.Sin(y)*off[0] + math.Cos(y)*off[1], off[2]}
	c := Vec3{centre[0] + off[0], centre[1] + off[1], off[2]}
	fw := centre.Sub(c)
	fw = fw.Scale(1 / fw.Norm())
	x := Vec3{math.Cos(y), math.Sin(y), 0}
	x = x.Sub(fw.Scale(fw.Dot(x)))
	x = x.Scale(1 / x.Norm())
	yy := fw.Cross(x)
	R := [3]Vec3{x, yy, fw}
	T := Vec3{-R[0].Dot(c), -R[1].Dot(c), -R[2].Dot(c)}
	return Pose{R: R, T: T, Fx: f, Fy: f, Cx: float64(s.W) / 2, Cy: float64(s.H) / 2}
}

// Draw draws the scene and returns it with the camera it was seen from.
func (s SynthScene) Draw() (*image.RGBA, Pose) {
	img := image.NewRGBA(image.Rect(0, 0, s.W, s.H))
	pose := s.Pose()
	rng := rand.New(rand.NewPCG(1, 2))
	light := s.Light
	if light == 0 {
		light = 1
	}
	fill := func(q Quad, c color.RGBA) {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, v := range q {
			x0, y0, x1, y1 = math.Min(x0, v.X), math.Min(y0, v.Y), math.Max(x1, v.X), math.Max(y1, v.Y)
		}
		for y := max(0, int(y0)); y <= min(s.H-1, int(y1)); y++ {
			for x := max(0, int(x0)); x <= min(s.W-1, int(x1)); x++ {
				if InQuad(q, Point{float64(x) + 0.5, float64(y) + 0.5}) {
					o := img.PixOffset(x, y)
					img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = c.R, c.G, c.B, 255
				}
			}
		}
	}
	for i := 0; i < len(img.Pix); i += 4 {
		v := uint8(170 + rng.IntN(20))
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = v, v-10, v-30, 255
	}
	if s.Clutter {
		fill(Quad{{30, 40}, {260, 60}, {240, 200}, {20, 190}}, color.RGBA{40, 60, 140, 255})
		fill(Quad{{float64(s.W) - 200, float64(s.H) - 250}, {float64(s.W) - 40, float64(s.H) - 260}, {float64(s.W) - 60, float64(s.H) - 40}, {float64(s.W) - 210, float64(s.H) - 60}}, color.RGBA{200, 30, 30, 255})
	}
	if s.NoBoard {
		return img, pose
	}
	n := float64(s.Board.Rows)
	pq := func(x0, y0, x1, y1, z float64) Quad {
		return Quad{pose.Project(x0, y0, z), pose.Project(x1, y0, z), pose.Project(x1, y1, z), pose.Project(x0, y1, z)}
	}
	fill(pq(-0.7, -0.7, n+0.7, n+0.7, 0), color.RGBA{60, 45, 35, 255})
	for k := 0.0; k <= n; k++ {
		fill(pq(k-0.04, 0, k+0.04, n, 0), color.RGBA{85, 68, 55, 255})
		fill(pq(0, k-0.04, n, k+0.04, 0), color.RGBA{85, 68, 55, 255})
	}
	// The tiles of the 10x10 Upwords board (the upwords reader's
	// UpwordsGeometry): 18.8 mm on a 21 mm pitch, 3.8 mm thick; the
	// walls are flat.
	squareMM, tileMM, levelMM := 21.0, 18.8, 3.8
	half := tileMM / squareMM / 2
	lv := levelMM / squareMM
	// far to near: sort by distance from the camera
	type st struct {
		p grid.Pos
		h int
		d float64
	}
	var stacks []st
	s.Board.Each(func(p grid.Pos, k grid.Stack) {
		if k.Empty() {
			return
		}
		c := Vec3{float64(p.Col) + 0.5, float64(p.Row) + 0.5, 0}
		cc := Vec3{pose.R[0].Dot(c) + pose.T[0], pose.R[1].Dot(c) + pose.T[1], pose.R[2].Dot(c) + pose.T[2]}
		stacks = append(stacks, st{p, k.Height, cc.Norm()})
	})
	for i := range stacks {
		for j := i + 1; j < len(stacks); j++ {
			if stacks[j].d > stacks[i].d {
				stacks[i], stacks[j] = stacks[j], stacks[i]
			}
		}
	}
	for _, k := range stacks {
		x0, x1 := float64(k.p.Col)+0.5-half, float64(k.p.Col)+0.5+half
		y0, y1 := float64(k.p.Row)+0.5-half, float64(k.p.Row)+0.5+half
		for lvl := 0; lvl < k.h; lvl++ {
			zb, zt := float64(lvl)*lv, float64(lvl+1)*lv
			// sides
			side := color.RGBA{150, 120, 70, 255}
			fill(Quad{pose.Project(x0, y1, zb), pose.Project(x1, y1, zb), pose.Project(x1, y1, zt), pose.Project(x0, y1, zt)}, side)
			fill(Quad{pose.Project(x0, y0, zb), pose.Project(x1, y0, zb), pose.Project(x1, y0, zt), pose.Project(x0, y0, zt)}, side)
			fill(Quad{pose.Project(x0, y0, zb), pose.Project(x0, y1, zb), pose.Project(x0, y1, zt), pose.Project(x0, y0, zt)}, side)
			fill(Quad{pose.Project(x1, y0, zb), pose.Project(x1, y1, zb), pose.Project(x1, y1, zt), pose.Project(x1, y0, zt)}, side)
			fill(pq(x0, y0, x1, y1, zt), color.RGBA{225, 195, 140, 255})
		}
		z := float64(k.h) * lv
		fill(pq(float64(k.p.Col)+0.4, float64(k.p.Row)+0.25, float64(k.p.Col)+0.6, float64(k.p.Row)+0.75, z), color.RGBA{20, 20, 20, 255})
	}
	if light != 1 || s.Blur > 0 {
		out := image.NewRGBA(img.Rect)
		r := s.Blur
		for y := 0; y < s.H; y++ {
			for x := 0; x < s.W; x++ {
				var sum [3]int
				cnt := 0
				for dy := -r; dy <= r; dy++ {
					for dx := -r; dx <= r; dx++ {
						xx, yy := x+dx, y+dy
						if xx < 0 || yy < 0 || xx >= s.W || yy >= s.H {
							continue
						}
						o := img.PixOffset(xx, yy)
						sum[0] += int(img.Pix[o])
						sum[1] += int(img.Pix[o+1])
						sum[2] += int(img.Pix[o+2])
						cnt++
					}
				}
				o := out.PixOffset(x, y)
				for ch := 0; ch < 3; ch++ {
					out.Pix[o+ch] = uint8(float64(sum[ch]) / float64(cnt) * light)
				}
				out.Pix[o+3] = 255
			}
		}
		img = out
	}
	return img, pose
}

// SynthState is the Upwords position the tests draw most often.
const SynthState = `
. . . . . . . . . .
. . . . . . . . . .
. . C A T . . . . .
. . . . O2 . . . .  .
. . . . P3 E4 N5 . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . A
. . . . . . . . . .
B . . . . . . . . .
`
