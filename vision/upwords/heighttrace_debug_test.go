package upwords

import (
	"encoding/json"
	"fmt"

	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// heightTrace is one stack's line of TestHeightTrace.
type heightTrace struct {
	Scene      string     `json:"scene"`
	Row, Col   int        // the camera's own rows and columns
	Blur, Mot  float64    // the scene's defocus and shake (px)
	Tilt       float64    // the camera's tilt (degrees)
	PPL        float64    // pixels a face moves per level
	Side       float64    // the face's side (px)
	True       int        // the truth's height
	Letter     string     // the truth's letter
	Read       int        // the scan's height
	Cont       float64    // the search's continuous height
	Margin     float64    // the height's margin
	Levels     []float64  // each whole height's best face score
	Got        string     // the scan's letter
	Conf       float64    // and its confidence
	Conf0      float64    // the first reading's confidence
	Blurred    bool       // the first crop went to the blurred faces' reader
	At         []string   // the letter read at each height 1..MaxStack (main reader)
	AtConf     []float64  // and its confidence
	AtB        []string   // the blurred faces' reader (with the deconvolution) at each height
	AtBConf    []float64  // and its confidence
	Located    []float64  // the continuous height of the face located from each height's
	TrueCont   float64    // the truth's face along the parallax line
	Neighbours [4]string  // the truth's letters of the four squares beside it
	NbHeights  [4]int     // and their heights
	Around     [8]int     // the scan's heights of the eight squares round it
	AroundTrue [8]int     // the truth's
	Scores     []float64  // faceScore (unmasked) of each whole height's face
	LocScores  []float64  // faceScore of each located face
	Fill       []float64  // faceFill of each height's face
	Edge       []float64  // faceEdge of each height's face
	Spread     float64    // ocr.EdgeSpread of the first crop
	Extra      [2]float64 // spare
	AtTrue     string     // the letter read on the truth's own face
	AtTrueConf float64    // and its confidence
	Hidden     float64    // the share of the face a hand hides
	Centre     bool       // a centre square
}

// TestHeightTrace is a diagnostic, not a check: with
// TILESCOPE_HEIGHT_TRACE=DIR (a render-set directory) and
// TILESCOPE_HEIGHT_TRACE_OUT=FILE it scans every scene with the Upwords
// reader and writes, for every stack of the truth the scan read as a
// stack, one JSON line: the scene's blur, shake and tilt, the heights'
// scores, the letter read at every height by the main reader and by the
// blurred faces' reader, and the height at which the face located from
// each height's lies (docs/vision.md, "Upwords stack heights on single
// hard photos").
func TestHeightTrace(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_HEIGHT_TRACE")
	out, err := os.Create(os.Getenv("TILESCOPE_HEIGHT_TRACE_OUT"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	rd := upwordsReader(t)
	geo := UpwordsGeometry
	enc := json.NewEncoder(out)
	var mu sync.Mutex
	eachScene(t, dir, func(path string, tr *vision.Truth) {
		img := loadImage(t, path)
		levels := map[grid.Pos][]float64{}
		cont := map[grid.Pos]float64{}
		debugLevels = func(r, c int, h float64, pl []float64) {
			mu.Lock()
			levels[grid.Pos{Row: r, Col: c}] = append([]float64(nil), pl...)
			cont[grid.Pos{Row: r, Col: c}] = h
			mu.Unlock()
		}
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows, Reader: rd, CameraOrientation: true})
		debugLevels = nil
		if err != nil {
			return
		}
		turned, _, found := matchGrid(tr, r.Corners)
		if !found {
			return
		}
		n := tr.Board.Rows
		p := vision.Luma(img)
		k, known := r.vote.k, r.TurnKnown
		kn := knownTile(k, known)
		fl := func(key string) float64 {
			v, _ := tr.Conditions[key].(float64)
			return v
		}
		truthAt := map[grid.Pos]int{}
		letterAt := map[grid.Pos]string{}
		for _, tc := range tr.Cells {
			op := ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n)
			truthAt[op] = tc.Height
			letterAt[op] = tc.Letter
		}
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				continue
			}
			op := ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n)
			c := r.Cell(op)
			if c.Height == 0 {
				continue
			}
			ht := heightTrace{Scene: filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path), Row: op.Row, Col: op.Col,
				Blur: fl("blur_px"), Mot: fl("motion_px"), Tilt: tr.Camera.TiltDeg,
				True: tc.Height, Letter: tc.Letter, Read: c.Height, Cont: cont[op], Margin: c.HeightOK,
				Levels: levels[op], Got: c.Letter, Conf: c.Conf, Conf0: c.conf0}
			for i := range ht.Levels {
				if math.IsInf(ht.Levels[i], 0) {
					ht.Levels[i] = -1
				}
			}
			a := faceCentre(&r.Pose, op.Row, op.Col, 1, geo)
			b := faceCentre(&r.Pose, op.Row, op.Col, 2, geo)
			ht.PPL = math.Hypot(b.X-a.X, b.Y-a.Y)
			f1 := faceQuad(&r.Pose, op.Row, op.Col, 1, geo)
			ht.Side = math.Hypot(f1[1].X-f1[0].X, f1[1].Y-f1[0].Y)
			along := func(pt vision.Point) float64 {
				bh, bd := 0.0, math.Inf(1)
				for h := 0.0; h <= float64(geo.MaxStack)+1; h += 0.02 {
					fc := faceCentre(&r.Pose, op.Row, op.Col, h, geo)
					if d := math.Hypot(fc.X-pt.X, fc.Y-pt.Y); d < bd {
						bh, bd = h, d
					}
				}
				return bh
			}
			var tq vision.Quad
			for i, v := range tc.Corners {
				tq[i] = vision.Point{X: v[0], Y: v[1]}
			}
			ht.TrueCont = along(tq.Centre())
			ht.Hidden, ht.Centre = tc.Hidden, centreSquare(op.Row, op.Col, n)
			if got, err := readFace(rd, letterCrop(img, tq, 64), known, kn); err == nil {
				ht.AtTrue, ht.AtTrueConf = got.Letter, got.Conf
			}
			for i, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
				q := grid.Pos{Row: op.Row + d[0], Col: op.Col + d[1]}
				ht.Neighbours[i], ht.NbHeights[i] = letterAt[q], truthAt[q]
			}
			j := 0
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if dr == 0 && dc == 0 {
						continue
					}
					q := grid.Pos{Row: op.Row + dr, Col: op.Col + dc}
					if q.Row >= 0 && q.Row < n && q.Col >= 0 && q.Col < n {
						ht.Around[j] = r.Cell(q).Height
						ht.AroundTrue[j] = truthAt[q]
					} else {
						ht.Around[j], ht.AroundTrue[j] = -1, -1
					}
					j++
				}
			}
			first := letterCrop(img, c.Face, 64)
			ht.Spread, _ = ocr.EdgeSpread(first)
			sp, blurred, err := rd.SpecialistFor(first)
			if err != nil {
				t.Fatal(err)
			}
			ht.Blurred = blurred
			for h := 1; h <= geo.MaxStack; h++ {
				q := faceQuad(&r.Pose, op.Row, op.Col, float64(h), geo)
				face := letterCrop(img, q, 64)
				got, err := readFace(rd, face, known, kn)
				if err != nil {
					t.Fatal(err)
				}
				ht.At = append(ht.At, got.Letter)
				ht.AtConf = append(ht.AtConf, got.Conf)
				if blurred {
					got, err := blurredFaceReader(sp, true).ReadKnown(face, kn)
					if err != nil {
						t.Fatal(err)
					}
					ht.AtB = append(ht.AtB, got.Letter)
					ht.AtBConf = append(ht.AtBConf, got.Conf)
				}
				ht.Scores = append(ht.Scores, faceScore(p, q))
				ht.Edge = append(ht.Edge, faceEdge(p, nil, q))
				ht.Fill = append(ht.Fill, faceFill(p, nil, q))
				lq := locateFace(p, q)
				ht.Located = append(ht.Located, along(lq.Centre()))
				ht.LocScores = append(ht.LocScores, faceScore(p, lq))
			}
			if err := enc.Encode(ht); err != nil {
				t.Fatal(err)
			}
		}
		fmt.Fprintf(os.Stderr, "%s done\n", path)
	})
}
