package loose

import "image"

// LabelledCrop is one tile a scan reported, cut as the reader sees it,
// with what the labels say of it.
type LabelledCrop struct {
	Picture image.Image
	// Letter is the label's letter ("" for a label with no letter, or
	// none); Tile says the crop's centre lies in a label.
	Letter string
	Tile   bool
	// Turn is the quarter turns the crop was turned by (0-3) from the
	// scan's own crop.
	Turn int
}

// TileCrops scans img as VerifySamples does (no verifier, tiles the
// reader calls no tile kept) and cuts every reported tile as the reader
// is handed it (the quad grown by each of grows, side n), in each of
// its four quarter turns, paired with the label its centre lies in
// (matchCentres). A tile whose centre lies in a label found already (a
// double: part of a tile) is left out. It is the letter reader's
// training data on the scan's own crops (ocr/internal/train -specialist
// loose).
func TileCrops(img image.Image, truth []TruthTile, opt Options, grows []float64, n int) ([]LabelledCrop, error) {
	opt.learning = true
	opt.KeepUnread = true
	opt.NoSpecialist = true
	r, err := scanLoose(img, opt)
	if err != nil {
		return nil, err
	}
	src := toRGB(img)
	matchF, _ := matchCentres(r.Tiles, truth)
	var out []LabelledCrop
	for i, t := range r.Tiles {
		m := matchF[i]
		if m < 0 {
			inLabel := false
			for _, tt := range truth {
				if insidePolygon(tt.Outline, t.Center) {
					inLabel = true
					break
				}
			}
			if inLabel {
				continue // a double
			}
		}
		c := LabelledCrop{Tile: m >= 0}
		if m >= 0 {
			c.Letter = truth[m].Letter
		}
		for _, g := range grows {
			for k := 0; k < 4; k++ {
				c.Picture = rectify(src, rotateCorners(t.Corners, k), n, g)
				c.Turn = k
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// SpecialistModel is the name of the English reader trained on loose
// tiles as this package cuts them (ocr/model/en-loose.tsm, made by `make
// train`: ocr/internal/train -specialist loose), as ocr.LoadModel takes it.
const SpecialistModel = "en-loose"
