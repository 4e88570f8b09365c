package loose

import (
	"sync"

	"gocv.io/x/gocv"
)

// detectPrep is what detectAt finds in a picture before it searches
// each face colour: the face masks, the ink and its level (tileMask),
// the letters (letterBlobs) and the dark lines between touching tiles
// (darkLines). It depends on the picture and on the search's print,
// blurred, shortI, byCount and onFace alone (prepKey).
type detectPrep struct {
	masks               []faceMask
	ink                 []byte
	level               byte
	err                 error
	lb                  letters
	outweighed, offFace bool
	all                 []blob
	weights             []float64
	dark                []byte
}

// prepKey is the part of a search that detectPrep depends on.
type prepKey struct {
	print, blurred, shortI, byCount, onFace bool
	zoom                                    float64
}

// prepCache keeps a reduction's detectPrep by prepKey, so that a table
// searched again at the same working size with other letters (a Twists
// table's search with each face colour's own letters, after the first:
// twistsFaceLetters) does not find its masks and letters again.
type prepCache struct {
	mu sync.Mutex
	m  map[prepKey]*prepOnce
}

// prepOnce is one detectPrep, made by the first search that asks.
type prepOnce struct {
	once sync.Once
	p    detectPrep
}

// maskSizes is one mask's holes and patch side (faceMask.patches).
type maskSizes struct {
	once sync.Once
	hs   holes
	side float64
}

// prepare finds the masks, the ink and the letters of the picture (src,
// its grey gray, w x h) for the search sr.
func prepare(src, gray gocv.Mat, w, h int, sr search) detectPrep {
	var p detectPrep
	p.masks, p.ink, p.level, p.err = tileMask(src, gray, w, h, sr.reach(w, h), sr.print, sr.blurred)
	if p.err != nil || len(p.masks) == 0 {
		return p
	}
	// The letters are the ink's, whatever the face colour: found once.
	p.lb.blobs, p.lb.typical, p.outweighed, p.offFace, p.all, p.weights = letterBlobs(p.ink, gray.ToBytes(), w, h, sr.shortI, sr.print, sr.byCount, sr.onFace)
	p.dark = darkLines(gray, sr.reach(w, h))
	return p
}

// prepared is the picture's detectPrep for the search sr: made (find)
// once for a reduction that keeps one (prep), its masks copied for each
// search (fromMask takes the dark lines out of them in place), their
// sizes shared; made afresh for any other picture.
func (m rgbImage) prepared(sr search, find func() detectPrep) detectPrep {
	if m.prep == nil {
		return find()
	}
	po := entry(&m.prep.mu, &m.prep.m, prepKey{sr.print, sr.blurred, sr.shortI, sr.byCount, sr.onFace, sr.zoom})
	po.once.Do(func() {
		po.p = find()
		for i := range po.p.masks {
			po.p.masks[i].sizes = &maskSizes{}
		}
	})
	p := po.p
	p.masks = append([]faceMask(nil), po.p.masks...)
	for i := range p.masks {
		p.masks[i].m = append([]byte(nil), p.masks[i].m...)
	}
	return p
}

// entry is the value m holds for k, a new zero one where it holds none
// (m made where nil), under mu: a cache's slot, filled by its once.
func entry[K comparable, V any](mu *sync.Mutex, m *map[K]*V, k K) *V {
	mu.Lock()
	defer mu.Unlock()
	if *m == nil {
		*m = map[K]*V{}
	}
	v := (*m)[k]
	if v == nil {
		v = new(V)
		(*m)[k] = v
	}
	return v
}
