package render

import "math"

// vec3 is a point or direction in the world, in millimetres. The world's
// origin is the centre of the board (or of the tile layout) on the table;
// X runs along the board's columns, Y against its rows (row 0 is at +Y, the
// far side as the board is read), Z up from the table.
type vec3 struct{ X, Y, Z float64 }

func (a vec3) add(b vec3) vec3 { return vec3{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }
func (a vec3) sub(b vec3) vec3 { return vec3{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }
func (a vec3) scale(k float64) vec3 {
	return vec3{float64(a.X * k), float64(a.Y * k), float64(a.Z * k)}
}
func (a vec3) dot(b vec3) float64 { return float64(a.X*b.X) + float64(a.Y*b.Y) + float64(a.Z*b.Z) }
func (a vec3) norm() float64      { return math.Sqrt(a.dot(a)) }
func (a vec3) unit() vec3         { return a.scale(1 / a.norm()) }
func (a vec3) cross(b vec3) vec3 {
	return vec3{float64(a.Y*b.Z) - float64(a.Z*b.Y), float64(a.Z*b.X) - float64(a.X*b.Z), float64(a.X*b.Y) - float64(a.Y*b.X)}
}

// rotZ turns v by angle radians about the world's vertical axis.
func rotZ(v vec3, angle float64) vec3 {
	s, c := math.Sincos(angle)
	return vec3{float64(c*v.X) - float64(s*v.Y), float64(s*v.X) + float64(c*v.Y), v.Z}
}

// pt is a point in the image, in pixels; (0,0) is the top-left corner of the
// top-left pixel, so pixel (i,j) has its centre at (i+0.5, j+0.5).
type pt struct{ X, Y float64 }

// Camera is a pinhole camera with radial lens distortion, the model OpenCV
// calibrates: a world point P goes to camera coordinates Pc = R (P - C);
// x = Pc.X/Pc.Z, y = Pc.Y/Pc.Z; r2 = x*x + y*y; d = 1 + K1 r2 + K2 r2*r2;
// the pixel is (Fx d x + Cx, Fy d y + Cy).
type Camera struct {
	Width, Height int
	Fx, Fy        float64 // focal length in pixels
	Cx, Cy        float64 // principal point in pixels
	K1, K2        float64 // radial distortion

	// Position is the camera's centre in the world (mm); Rotation maps world
	// directions to camera axes (rows: the camera's x right, y down and z
	// forward axes in world coordinates).
	Position [3]float64
	Rotation [3][3]float64

	// How the pose was chosen (informative).
	HeightMM float64 // camera centre above the table
	TiltDeg  float64 // 0 straight down
	YawDeg   float64 // board rotation in the image
	HFOVDeg  float64 // horizontal field of view

	pos        vec3
	rx, ry, rz vec3 // camera axes in the world
}

// CameraSetup chooses a camera pose over the table.
type CameraSetup struct {
	Width, Height int
	HFOVDeg       float64 // horizontal field of view; Pi camera v2: 62.2
	HeightMM      float64 // camera above the table
	TiltDeg       float64 // 0 looks straight down; up to 45
	YawDeg        float64 // turns the board in the image
	RollDeg       float64 // small twist about the optical axis
	Target        [2]float64
	TargetZ       float64 // height of the aim point over the table
	K1, K2        float64
}

// NewCamera places a camera at HeightMM over the table, tilted by TiltDeg
// from the vertical towards the board's near (south) side, turned by YawDeg
// about the vertical, looking at Target on the table.
func NewCamera(s CameraSetup) *Camera {
	c := &Camera{Width: s.Width, Height: s.Height, K1: s.K1, K2: s.K2,
		HeightMM: s.HeightMM, TiltDeg: s.TiltDeg, YawDeg: s.YawDeg, HFOVDeg: s.HFOVDeg}
	c.Fx = float64(s.Width) / 2 / math.Tan(s.HFOVDeg*math.Pi/360)
	c.Fy = c.Fx
	c.Cx = float64(float64(s.Width) / 2)
	c.Cy = float64(float64(s.Height) / 2)
	tilt := s.TiltDeg * math.Pi / 180
	yaw := s.YawDeg * math.Pi / 180
	target := vec3{s.Target[0], s.Target[1], s.TargetZ}
	dist := (s.HeightMM - s.TargetZ) / math.Cos(tilt)
	off := rotZ(vec3{0, float64(-dist * math.Sin(tilt)), float64(dist * math.Cos(tilt))}, yaw)
	c.pos = target.add(off)
	f := target.sub(c.pos).unit()
	x := rotZ(vec3{1, 0, 0}, yaw)
	y := f.cross(x)
	// Roll about the optical axis.
	rs, rc := math.Sincos(s.RollDeg * math.Pi / 180)
	x, y = x.scale(rc).add(y.scale(rs)), y.scale(rc).sub(x.scale(rs))
	c.rx, c.ry, c.rz = x, y, f
	c.Position = [3]float64{c.pos.X, c.pos.Y, c.pos.Z}
	c.Rotation = [3][3]float64{{x.X, x.Y, x.Z}, {y.X, y.Y, y.Z}, {f.X, f.Y, f.Z}}
	return c
}

// toCam returns the world point in camera coordinates.
func (c *Camera) toCam(p vec3) vec3 {
	d := p.sub(c.pos)
	return vec3{c.rx.dot(d), c.ry.dot(d), c.rz.dot(d)}
}

// Project returns the pixel where the world point (mm) appears, with lens
// distortion, and whether it is in front of the camera.
func (c *Camera) Project(x, y, z float64) (px, py float64, ok bool) {
	p := c.project(vec3{x, y, z})
	return p.X, p.Y, c.toCam(vec3{x, y, z}).Z > 0
}

func (c *Camera) project(p vec3) pt {
	q := c.toCam(p)
	x, y := q.X/q.Z, q.Y/q.Z
	r2 := float64(x*x) + float64(y*y)
	d := 1 + float64(c.K1*r2) + float64(c.K2*r2*r2)
	return pt{float64(c.Fx*d*x) + c.Cx, float64(c.Fy*d*y) + c.Cy}
}

// undistort maps a pixel of the picture back to the ideal (pinhole)
// pixel: the inverse of the lens distortion, by fixed-point iteration (converges for
// the mild distortion of the cameras we model).
func (c *Camera) undistort(p pt) pt {
	xd, yd := (p.X-c.Cx)/c.Fx, (p.Y-c.Cy)/c.Fy
	x, y := xd, yd
	for i := 0; i < 8; i++ {
		r2 := float64(x*x) + float64(y*y)
		d := 1 + float64(c.K1*r2) + float64(c.K2*r2*r2)
		x, y = xd/d, yd/d
	}
	return pt{float64(c.Fx*x) + c.Cx, float64(c.Fy*y) + c.Cy}
}

// ideal projects without distortion, in pixels of the full image.
func (c *Camera) ideal(p vec3) (pt, bool) {
	q := c.toCam(p)
	if q.Z <= 1e-6 {
		return pt{}, false
	}
	return pt{c.Fx*q.X/q.Z + c.Cx, c.Fy*q.Y/q.Z + c.Cy}, true
}

// mat3 is a 3x3 matrix, row-major.
type mat3 [9]float64

func (m mat3) inv() (mat3, bool) {
	a, b, c := m[0], m[1], m[2]
	d, e, f := m[3], m[4], m[5]
	g, h, i := m[6], m[7], m[8]
	A := float64(e*i) - float64(f*h)
	B := -(float64(d*i) - float64(f*g))
	C := float64(d*h) - float64(e*g)
	det := float64(a*A) + float64(b*B) + float64(c*C)
	if math.Abs(det) < 1e-300 {
		return mat3{}, false
	}
	k := 1 / det
	return mat3{
		float64(A * k), float64(-(float64(b*i) - float64(c*h)) * k), float64((float64(b*f) - float64(c*e)) * k),
		float64(B * k), float64((float64(a*i) - float64(c*g)) * k), float64(-(float64(a*f) - float64(c*d)) * k),
		float64(C * k), float64(-(float64(a*h) - float64(b*g)) * k), float64((float64(a*e) - float64(b*d)) * k),
	}, true
}

// planeHomography maps texture coordinates (s,t) of the planar patch
// o + s*u + t*v to ideal pixel coordinates shifted by (ox, oy): the pinhole
// image of a plane is exactly a homography.
func (c *Camera) planeHomography(o, u, v vec3, ox, oy float64) mat3 {
	cu := vec3{c.rx.dot(u), c.ry.dot(u), c.rz.dot(u)}
	cv := vec3{c.rx.dot(v), c.ry.dot(v), c.rz.dot(v)}
	co := c.toCam(o)
	k := func(q vec3) vec3 {
		return vec3{float64(c.Fx*q.X) + float64((c.Cx+ox)*q.Z), float64(c.Fy*q.Y) + float64((c.Cy+oy)*q.Z), q.Z}
	}
	a, b, d := k(cu), k(cv), k(co)
	return mat3{a.X, b.X, d.X, a.Y, b.Y, d.Y, a.Z, b.Z, d.Z}
}
