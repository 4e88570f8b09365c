package vision

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// Colour segmentation for board candidates: the board's plastic, its
// tiles and the table are different colours, whatever the table is. The
// picture is reduced to blocks, the block colours (Y, Cb, Cr) clustered
// with k-means, and every cluster and every pair of clusters (board plus
// tiles) becomes a mask whose large outlines are candidate boards.

const segClusters = 4

// blockColours averages the picture over step x step blocks, in YCbCr.
func blockColours(img image.Image, step int) (w, h int, px [][3]float32) {
	b := img.Bounds()
	w, h = b.Dx()/step, b.Dy()/step
	px = make([][3]float32, w*h)
	for by := 0; by < h; by++ {
		for bx := 0; bx < w; bx++ {
			var sy, scb, scr float32
			n := 0
			for y := by * step; y < (by+1)*step; y += 2 {
				for x := bx * step; x < (bx+1)*step; x += 2 {
					yy, cb, cr := YCC(img, b.Min.X+x, b.Min.Y+y)
					sy += float32(yy)
					scb += float32(cb)
					scr += float32(cr)
					n++
				}
			}
			px[by*w+bx] = [3]float32{sy / float32(n), scb / float32(n), scr / float32(n)}
		}
	}
	return w, h, px
}

func YCC(img image.Image, x, y int) (uint8, uint8, uint8) {
	switch m := img.(type) {
	case *image.YCbCr:
		return m.Y[m.YOffset(x, y)], m.Cb[m.COffset(x, y)], m.Cr[m.COffset(x, y)]
	case *image.RGBA:
		o := m.PixOffset(x, y)
		return color.RGBToYCbCr(m.Pix[o], m.Pix[o+1], m.Pix[o+2])
	default:
		r, g, b, _ := img.At(x, y).RGBA()
		return color.RGBToYCbCr(uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
}

// kmeans clusters the colours (chroma weighted up: the board and a dark
// table may differ more in hue than in brightness), deterministically
// seeded from brightness quantiles.
func kmeans(px [][3]float32, k, iters int) []uint8 {
	const cw = 2 // chroma weight
	lab := make([]uint8, len(px))
	if len(px) == 0 {
		return lab
	}
	// Seed: the colours at brightness quantiles.
	var hist [256]int
	for _, p := range px {
		hist[int(p[0])]++
	}
	centres := make([][3]float32, k)
	for i := 0; i < k; i++ {
		want := (2*i + 1) * len(px) / (2 * k)
		acc := 0
		for v := 0; v < 256; v++ {
			acc += hist[v]
			if acc > want {
				centres[i] = [3]float32{float32(v), 128, 128}
				break
			}
		}
	}
	for it := 0; it < iters; it++ {
		var sum [][4]float64 = make([][4]float64, k)
		for i, p := range px {
			best, bd := 0, float32(math.MaxFloat32)
			for c := range centres {
				d0 := p[0] - centres[c][0]
				d1 := (p[1] - centres[c][1]) * cw
				d2 := (p[2] - centres[c][2]) * cw
				if d := d0*d0 + d1*d1 + d2*d2; d < bd {
					best, bd = c, d
				}
			}
			lab[i] = uint8(best)
			sum[best][0] += float64(p[0])
			sum[best][1] += float64(p[1])
			sum[best][2] += float64(p[2])
			sum[best][3]++
		}
		for c := range centres {
			if sum[c][3] > 0 {
				centres[c] = [3]float32{float32(sum[c][0] / sum[c][3]), float32(sum[c][1] / sum[c][3]), float32(sum[c][2] / sum[c][3])}
			}
		}
	}
	return lab
}

// colourCandidates returns board outlines from the colour clusters, in
// work-picture coordinates (scale: work pixels per full pixel).
func colourCandidates(img image.Image, scale float64, n int) []candidate {
	b := img.Bounds()
	step := max(4, max(b.Dx(), b.Dy())/200)
	w, h, px := blockColours(img, step)
	if w < 16 || h < 16 {
		return nil
	}
	lab := kmeans(px, segClusters, 8)
	var out []candidate
	k3 := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer k3.Close()
	// A wide opening cuts off thin things lying across the board's edge
	// (pencils, sticks, an arm's outline) that would bend its hull.
	k7 := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(7, 7))
	defer k7.Close()
	mask := make([]byte, w*h)
	toWork := float64(step) * scale
	ws := image.Pt(int(float64(b.Dx())*scale), int(float64(b.Dy())*scale))
	for a := 0; a < segClusters; a++ {
		for c := a; c < segClusters; c++ {
			for i, l := range lab {
				mask[i] = 0
				if int(l) == a || int(l) == c {
					mask[i] = 255
				}
			}
			m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, mask)
			if err != nil {
				continue
			}
			gocv.MorphologyEx(m, &m, gocv.MorphClose, k3)
			gocv.MorphologyEx(m, &m, gocv.MorphOpen, k3)
			opened := gocv.NewMat()
			gocv.MorphologyEx(m, &opened, gocv.MorphOpen, k7)
			for _, mm := range []gocv.Mat{m, opened} {
				cs := gocv.FindContours(mm, gocv.RetrievalExternal, gocv.ChainApproxSimple)
				for i := 0; i < cs.Size(); i++ {
					pts := cs.At(i).ToPoints()
					if len(pts) < 4 {
						continue
					}
					hull := convexHull(pts)
					if polyArea(hull) < 0.04*float64(w*h) || polyArea(hull) > 0.9*float64(w*h) {
						continue
					}
					clipped := touches(hull, image.Pt(w, h))
					if len(clipped) >= 3 {
						continue
					}
					for _, q := range hullQuads(hull) {
						for j := range q {
							q[j] = Point{q[j].X * toWork, q[j].Y * toWork}
						}
						out = append(out, candidate{q: q, clipped: clipped})
					}
					// The board's rim where something overlaps it, and
					// the grid inside it (see rimQuads).
					for _, q := range rimQuads(pts, image.Pt(w, h), 2) {
						for j := range q {
							q[j] = Point{q[j].X * toWork, q[j].Y * toWork}
						}
						if g, ok := insetGrid(q, n, ws); ok {
							out = append(out, candidate{q: g, grid: true, rim: true})
						}
					}
				}
				cs.Close()
			}
			opened.Close()
			m.Close()
		}
	}
	return out
}
