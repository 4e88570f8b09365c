package pyramids

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

func TestSureSquare(t *testing.T) {
	agreed := letterRead{letter: "A", conf: 0.9, second: 0.05, faces: 3, agree: 3}
	for _, tc := range []struct {
		name string
		sq   Square
		want bool
	}{
		{"empty in the light", Square{ColourConf: 0.98, look: cellLook{value: 0.95}}, true},
		{"empty in deep shadow", Square{ColourConf: 0.98, look: cellLook{value: 0.5}}, false},
		{"empty under glare", Square{ColourConf: 0.98, look: cellLook{value: 1.4}}, false},
		{"empty with pyramid colours among the samples", Square{ColourConf: 0.7, look: cellLook{value: 0.95}}, false},
		{"empty, the board's own tint", Square{ColourConf: 0.98, look: cellLook{value: 0.95, tinted: 0.12}}, true},
		{"empty, a hand over it (light samples clearly coloured)", Square{ColourConf: 0.98, look: cellLook{value: 1.04, tinted: 0.97}}, false},
		{"pyramid, faces agree", Square{Colour: pyramids.Red, ColourConf: 0.9, read: agreed}, true},
		{"pyramid, colour mixed", Square{Colour: pyramids.Red, ColourConf: 0.5, read: agreed}, false},
		{"pyramid, a face reads another letter", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.8, second: 0.2, faces: 3, agree: 2, differ: 1}}, false},
		{"pyramid, one face of two", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.8, second: 0.1, faces: 2, agree: 1}}, false},
		{"pyramid, the only face read", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.9, second: 0.05, faces: 1, agree: 1}}, true},
		{"pyramid, small margin", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.72, second: 0.4, faces: 3, agree: 3}}, false},
		{"pyramid, letter unread", Square{Colour: pyramids.Red, ColourConf: 0.9, read: letterRead{letter: "?"}}, false},
		{"faces' model: one face of two reads it clearly, the other nothing", Square{Colour: pyramids.Red, ColourConf: 0.75,
			read: letterRead{letter: "A", conf: 0.75, second: 0.1, faces: 2, agree: 1, strong: 2, model: true}}, true},
		{"faces' model: two faces seen well agree under the letter's bar", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "N", conf: 0.63, second: 0.05, faces: 2, agree: 2, strong: 2, model: true}}, false},
		{"faces' model: two faces seen well agree at the letter's bar", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "N", conf: modelBars.Letter + 0.01, second: 0.05, faces: 2, agree: 2, strong: 2, model: true}}, true},
		{"faces' model: one face seen well, under the thin evidence's bar", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "E", conf: modelBars.Thin - 0.01, second: 0.01, faces: 2, agree: 2, strong: 1, model: true}}, false},
		{"faces' model: one face seen well, over the thin evidence's bar", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "E", conf: 0.9, second: 0.01, faces: 2, agree: 2, strong: 1, model: true}}, true},
		{"faces' model: a taller stack of its colour leans over it", Square{Colour: pyramids.Yellow, ColourConf: 0.96, overhung: true,
			read: letterRead{letter: "P", conf: 0.96, second: 0.01, faces: 2, agree: 2, strong: 2, model: true}}, false},
		{"default reader: a taller stack of its colour leans over it", Square{Colour: pyramids.Red, ColourConf: 0.9, overhung: true, read: agreed}, false},
		{"faces' model: one face of two reads it, not clearly, the other nothing", Square{Colour: pyramids.Red, ColourConf: 0.95,
			read: letterRead{letter: "A", conf: 0.61, second: 0.01, faces: 2, agree: 1, strong: 2, model: true}}, false},
		{"faces' model: the only face read", Square{Colour: pyramids.Red, ColourConf: 0.95,
			read: letterRead{letter: "A", conf: 0.8, second: 0.01, faces: 1, agree: 1, strong: 1, model: true}}, true},
		{"faces' model: the only face read, not clearly", Square{Colour: pyramids.Red, ColourConf: 0.95,
			read: letterRead{letter: "A", conf: 0.6, second: 0.01, faces: 1, agree: 1, strong: 1, model: true}}, false},
		{"faces' model: a third of the samples another colour", Square{Colour: pyramids.Black, ColourConf: 0.65,
			read: letterRead{letter: "A", conf: 0.75, second: 0.01, faces: 2, agree: 1, strong: 2, model: true}}, false},
		{"faces' model: no face reads it on its own", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.8, second: 0.1, faces: 2, strong: 2, model: true}}, false},
		{"faces' model: small margin", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.75, second: 0.35, faces: 2, agree: 2, strong: 2, model: true}}, false},
		{"grey head: the reading without it sure too", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "N", conf: 0.85, second: 0.05, faces: 2, agree: 2, strong: 2, model: true,
				grey: true, baseLetter: "N", baseConf: 0.75, baseSecond: 0.1}}, true},
		{"grey head: the reading without it under the letter's bar", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "N", conf: 0.85, second: 0.05, faces: 2, agree: 2, strong: 2, model: true,
				grey: true, baseLetter: "N", baseConf: 0.62, baseSecond: 0.1}}, false},
		{"grey head: the reading without it another letter", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "N", conf: 0.8, second: 0.1, faces: 2, agree: 2, strong: 2, model: true,
				grey: true, baseLetter: "M", baseConf: 0.9, baseSecond: 0.05}}, false},
		{"grey head: sure without it, the same letter under the bar with it", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "N", conf: 0.66, second: 0.2, faces: 2, agree: 2, strong: 2, model: true,
				grey: true, baseLetter: "N", baseConf: 0.8, baseSecond: 0.1}}, true},
		{"grey head: sure with it, not without it", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "N", conf: 0.9, second: 0.02, faces: 2, agree: 2, strong: 2, model: true,
				grey: true, baseLetter: "N", baseConf: 0.69, baseSecond: 0.1}}, false},
		// the faces' two models (en-pyr, en-pyrg) read on their own: the
		// tile reader reading nothing on the face leaves the weighted
		// letter under modelBars.Letter, and two models agreeing at a
		// mean over modelBars.Heads make it sure; their mean under it, or
		// one of them reading another letter, does not
		{"two models agree, the tile reader reads nothing", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: headsRead("E", 0.68, 0.66, 2, 0.97, 0.95, "E", "E")}, true},
		{"two models agree, one face seen well, over the thin bar", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: headsRead("E", 0.69, 0.67, 1, 0.97, 0.96, "E", "E")}, true},
		{"two models agree, one face seen well, under the thin bar", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: headsRead("E", 0.64, 0.6, 1, modelBars.HeadsThin-0.02, modelBars.HeadsThin-0.02, "E", "E")}, false},
		{"en-pyr sure, en-pyrg not (an E read I)", Square{Colour: pyramids.Black, ColourConf: 0.9,
			read: headsRead("I", 0.726, 0.754, 2, 0.984, 0.661, "I", "I")}, false},
		{"two models agree just under the bar (a blurred C read E)", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: headsRead("E", 0.725, 0.73, 2, 0.855, 0.818, "E", "E")}, false},
		{"the grey model's likeliest another letter", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: headsRead("E", 0.8, 0.8, 2, 0.99, 0.45, "E", "F")}, false},
		{"two models agree but the colour mixed", Square{Colour: pyramids.Red, ColourConf: 0.5,
			read: headsRead("E", 0.68, 0.66, 2, 0.97, 0.95, "E", "E")}, false},
		{"faces' model: a face reads another letter", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.9, second: 0.05, faces: 3, agree: 2, differ: 1, strong: 3, model: true}}, false},
		{"faces' model: a stack's top shows its own colour", Square{Colour: pyramids.Red, ColourConf: 0.9, top: cellLook{colour: pyramids.Red, conf: 0.9},
			read: letterRead{letter: "A", conf: 0.9, second: 0.05, faces: 3, agree: 3, strong: 3, model: true, k: 5}}, true},
		{"faces' model: a stack's top shows another colour (a yellow pyramid on a red stack)", Square{Colour: pyramids.Red, ColourConf: 0.85,
			top:  cellLook{colour: pyramids.Yellow, conf: 0.92},
			read: letterRead{letter: "R", conf: 0.92, second: 0.02, faces: 2, agree: 2, strong: 1, model: true, k: 5}}, false},
		{"faces' model: a stack's top shows the runway (the count too high)", Square{Colour: pyramids.Red, ColourConf: 0.99, top: cellLook{conf: 0.55},
			read: letterRead{letter: "E", conf: 0.9, second: 0.05, faces: 3, agree: 3, strong: 3, model: true, k: 5}}, true},
		{"default reader: a stack's top shows another colour", Square{Colour: pyramids.Green, ColourConf: 0.9,
			top: cellLook{colour: pyramids.Yellow, conf: 0.9}, read: letterRead{letter: "A", conf: 0.9, second: 0.05, faces: 3, agree: 3, k: 5}}, false},
		{"faces' model: colour mixed", Square{Colour: pyramids.Red, ColourConf: 0.55,
			read: letterRead{letter: "A", conf: 0.9, second: 0.05, faces: 3, agree: 3, strong: 3, model: true}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sureSquare(tc.sq); got != tc.want {
				t.Errorf("sure %v, want %v", got, tc.want)
			}
		})
	}
}

// TestOverhangs: a pyramid is overhung when a taller stack of its colour
// on a neighbouring square has its tip overhangLean or more of the way
// towards it in the picture; a lower stack, another colour or a tip
// short of that leaves it alone.
func TestOverhangs(t *testing.T) {
	_, l := normalScene(t)
	f := l.f
	centre := func(r, c int) vision.Point {
		return f.project([3]float64{float64(c) + 0.5, float64(r) + 0.5, 0})
	}
	// the tip of the stack on (3, 1) moved the share s of the way to (3, 0)
	tipTowards := func(s float64) vision.Point {
		a, b := centre(3, 1), centre(3, 0)
		return vision.Point{X: a.X + s*(b.X-a.X), Y: a.Y + s*(b.Y-a.Y)}
	}
	for _, tc := range []struct {
		name         string
		nColour      pyramids.Colour
		nHeight      int
		tip          float64
		wantOverhung bool
	}{
		{"a stack of five of its colour leaning over it", pyramids.Yellow, 5, 1.2, true},
		{"just past the bar", pyramids.Yellow, 5, overhangLean + 0.05, true},
		{"short of the bar", pyramids.Yellow, 5, overhangLean - 0.05, false},
		{"leaning away", pyramids.Yellow, 5, -1, false},
		{"another colour", pyramids.Red, 5, 1.2, false},
		{"no taller", pyramids.Yellow, 1, 1.2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sqs := make([]Square, pyramids.Size*pyramids.Size)
			for i := range sqs {
				sqs[i].Pos = grid.Pos{Row: i / pyramids.Size, Col: i % pyramids.Size}
			}
			here, n := &sqs[3*pyramids.Size], &sqs[3*pyramids.Size+1]
			here.Colour, here.Height = pyramids.Yellow, 1
			n.Colour, n.Height, n.Apex = tc.nColour, tc.nHeight, tipTowards(tc.tip)
			overhangs(f, sqs)
			if here.overhung != tc.wantOverhung {
				t.Errorf("overhung %v (lean %.2f), want %v", here.overhung, here.lean, tc.wantOverhung)
			}
			if n.overhung {
				t.Error("the leaning stack is marked overhung itself")
			}
		})
	}
}

// headsRead is a reading of two faces with the faces' models and the grey
// head: the letter at conf (baseConf without the grey head), strong of
// the faces seen well, en-pyr's and en-pyrg's own probabilities of it p
// and g and their own likeliest letters pl and gl; the tile reader reads
// nothing.
func headsRead(letter string, conf, baseConf float64, strong int, p, g float64, pl, gl string) letterRead {
	return letterRead{letter: letter, conf: conf, second: 0.05, faces: 2, agree: 2, strong: strong, model: true,
		grey: true, baseLetter: letter, baseConf: baseConf, baseSecond: 0.05,
		heads: []headRead{{name: tileHeadName, letter: "?"}, {name: faceModel, letter: pl, conf: p, p: p}, {name: faceGreyModel, letter: gl, conf: g, p: g}}}
}
