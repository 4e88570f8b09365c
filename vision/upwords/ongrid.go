package upwords

import "github.com/tilescope/tilescope/vision"

// onGrid is a correction (Pose.Correct) that sets the rigid pose's board
// plane where the grid h has it, the grid's own residuals at its
// measured crossings corr (nil for none) added: at each board point,
// h's point and corr's less where the pose without a correction puts
// it, the same offset at every height above the point. A face over a
// square moves with the square's floor, and the pose keeps giving only
// how far a face rises from its floor. A rigid camera of the focal
// chosen reproduces h exactly only where h is such a camera's picture
// of a square board: PoseFromHomography keeps h's origin corner and its
// first side's direction and the rest drifts, on other makers' boards
// and through a lens a quarter of a face's side and more over one side
// of the board, every face there sought over the next square
// (docs/vision.md, upwpose; earlier tried at 6d5f4eb, "The crops off the
// faces on steep views, traced").
func onGrid(pose vision.Pose, h vision.Homography, corr func(x, y float64) vision.Point) func(x, y float64) vision.Point {
	pose.Correct = nil
	return func(x, y float64) vision.Point {
		a, g := pose.Project(x, y, 0), h.Apply(vision.Point{X: x, Y: y})
		d := vision.Point{X: g.X - a.X, Y: g.Y - a.Y}
		if corr != nil {
			c := corr(x, y)
			d.X, d.Y = d.X+c.X, d.Y+c.Y
		}
		return d
	}
}
