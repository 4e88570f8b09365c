package upwords

import (
	"image"
	imgdraw "image/draw"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/internal/deconv"
)

// deblurSigma and deblurIters: the Gaussian (crop pixels) a blurred
// face's crop is deconvolved by before the specialist for blurred crops
// reads it (deblurReader), and the Richardson-Lucy steps. The scenes
// drawn with 2.5-3 px of defocus put their faces' crops at an edge
// spread of 0.09-0.11 (ocr.EdgeSpread: an edge about 2.5 px wide in the
// reader's 56 px working image, a Gaussian of about 2.5-3 crop pixels).
// Chosen on the tuning sets' blurred faces alone (docs/vision.md,
// "Upwords letters on blurred photos"): 2.5-4 px read alike, 5 px and
// per-crop sigmas from the edge spread worse; 5 steps better than 3 or
// 10.
const (
	deblurSigma = 3.0
	deblurIters = 5
)

// deblurKernel is the Gaussian of deblurSigma, worked out once.
var deblurKernel = vision.GaussianKernel(deblurSigma, 3)

// deconvolveFace is the crop c's luminance sharpened by Richardson-Lucy
// deconvolution of a Gaussian of deblurSigma crop pixels, deblurIters
// steps (deconv.LumaCrop), as a grey crop of c's size at the origin.
// The reader reads a crop's grey levels only.
func deconvolveFace(c image.Image) *image.RGBA {
	b := c.Bounds()
	rgba, ok := c.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		imgdraw.Draw(rgba, rgba.Rect, c, b.Min, imgdraw.Src)
	}
	return deconv.LumaCrop(image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy())), rgba, deblurKernel, deblurIters)
}

// deblurReader reads a blurred face as the reader's specialist for
// blurred crops (sp) reads it, pooled with the same crop deconvolved
// (deconvolveFace): each crop's probabilities and its deconvolution's
// are averaged (ocr.Classifier.ReadVote), so a letter that the
// sharpened crop shows and the blurred one only hints at wins, and one
// the two read differently reads unsure. It reads a blurred face
// wherever the specialist does (recheckBlurred,
// rereadStackAtOtherHeights: the stack's own height, the others, the
// pooled crops of voteFace) once the board's reading direction is firm;
// before, the specialist reads as cut: the letters re-read there vote
// on the direction again, and a direction they make firm makes the
// board's other squares eligible to be sure, so the deconvolution is
// left out of that decision (docs/vision.md, "Upwords letters on
// blurred photos": one held-out photo's direction made firm by it made
// a stack read empty sure and wrong).
type deblurReader struct {
	sp *ocr.Classifier
}

// faceReader reads a face's crop, told what is known of it or not.
type faceReader interface {
	TileReader
	ocr.KnownReader
}

// blurredFaceReader is the reader of a blurred face: the specialist for
// blurred crops sp as it is, or, with deblur (the board's reading
// direction firm), pooled with the crop's deconvolution (deblurReader).
func blurredFaceReader(sp *ocr.Classifier, deblur bool) faceReader {
	if deblur {
		return deblurReader{sp}
	}
	return sp
}

// Read implements TileReader.
func (d deblurReader) Read(tile image.Image) (ocr.Reading, error) {
	return d.ReadKnown(tile, ocr.Known{})
}

// ReadKnown implements ocr.KnownReader.
func (d deblurReader) ReadKnown(tile image.Image, k ocr.Known) (ocr.Reading, error) {
	return d.ReadVote([]image.Image{tile}, k)
}

// ReadVote implements ocr.VoteReader: the crops and each one's
// deconvolution, pooled.
func (d deblurReader) ReadVote(tiles []image.Image, k ocr.Known) (ocr.Reading, error) {
	all := make([]image.Image, 0, 2*len(tiles))
	all = append(all, tiles...)
	for _, t := range tiles {
		all = append(all, deconvolveFace(t))
	}
	return d.sp.ReadVote(all, k)
}
