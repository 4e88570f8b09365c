package ocr

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/tilescope/tilescope/internal/blobs"
	"github.com/tilescope/tilescope/ocr/dataset"
)

// TestSquaresDump (opt-in: TILESCOPE_SQR_DUMP=DIR, a folder of crops
// one sub-folder per letter; TILESCOPE_SQR_DUMP_OUT the file) writes
// one JSON line per crop: what Read answered and why, each model's
// probabilities averaged over the views, and the whitened crop's marks.
func TestSquaresDump(t *testing.T) {
	dir := os.Getenv("TILESCOPE_SQR_DUMP")
	if dir == "" {
		t.Skip("TILESCOPE_SQR_DUMP not set")
	}
	s := squareReader(t)
	crops, err := dataset.FolderCrops(dir)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(os.Getenv("TILESCOPE_SQR_DUMP_OUT"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	glyphs := s.General.Glyphs()
	avg := func(vs []viewProbs, m int) []float64 {
		out := make([]float64, len(glyphs))
		for _, v := range vs {
			for g, x := range v.probs[m] {
				out[g] += x / float64(len(vs))
			}
		}
		return out
	}
	for _, c := range crops {
		r, st, err := s.read(c.Image)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		views := squareShifts(c.Image)
		gen := make([]float64, len(glyphs))
		for _, v := range views {
			p, _, err := s.General.GlyphProbs(v, Known{})
			if err != nil {
				t.Fatal(err)
			}
			for g := range p {
				gen[g] += p[g] / float64(len(views))
			}
		}
		w := st.whitened
		ww, hh := w.Rect.Dx(), w.Rect.Dy()
		_, comps := blobs.Label(ww, hh, func(i int) bool { return w.Pix[i] < inkGrey })
		letter := 0
		for i := 1; i < len(comps); i++ {
			if c := comps[i]; !c.Edge(ww, hh) && 4*(c.Y1-c.Y0+1) >= hh && c.N > comps[letter].N {
				letter = i
			}
		}
		rec := map[string]any{
			"name": c.Name, "truth": c.Letter, "ans": r.Letter, "conf": r.Conf, "rule": st.rule,
			"light": st.light, "gen": gen, "w": w.Rect.Dx(), "h": w.Rect.Dy(),
			"value": dropValueMark(w) != w, "ncomp": len(comps) - 1,
		}
		if letter > 0 {
			l := comps[letter]
			rec["lh"] = float64(l.Y1-l.Y0+1) / float64(hh)
			rec["lw"] = float64(l.X1-l.X0+1) / float64(ww)
			rec["ln"] = float64(l.N) / float64(ww*hh)
			rec["lcx"] = float64(l.X0+l.X1+1)/2/float64(ww) - 0.5
			rec["lcy"] = float64(l.Y0+l.Y1+1)/2/float64(hh) - 0.5
		}
		grey, sat := middleFace(c.Image)
		rec["grey"], rec["sat"] = grey, sat
		if len(st.wp) > 0 {
			rec["sqw"], rec["gw"] = avg(st.wp, 0), avg(st.wp, 1)
		}
		if len(st.dp) > 0 {
			rec["sqd"], rec["gd"] = avg(st.dp, 0), avg(st.dp, 1)
		}
		if err := enc.Encode(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := enc.Encode(map[string]any{"glyphs": glyphs}); err != nil {
		t.Fatal(err)
	}
}
