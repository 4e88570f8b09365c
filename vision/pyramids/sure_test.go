package pyramids

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
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
			read: letterRead{letter: "A", conf: 0.75, second: 0.1, faces: 2, agree: 1, model: true}}, true},
		{"faces' model: one face of two reads it, not clearly, the other nothing", Square{Colour: pyramids.Red, ColourConf: 0.95,
			read: letterRead{letter: "A", conf: 0.61, second: 0.01, faces: 2, agree: 1, model: true}}, false},
		{"faces' model: the only face read", Square{Colour: pyramids.Red, ColourConf: 0.95,
			read: letterRead{letter: "A", conf: 0.6, second: 0.01, faces: 1, agree: 1, model: true}}, true},
		{"faces' model: a third of the samples another colour", Square{Colour: pyramids.Black, ColourConf: 0.65,
			read: letterRead{letter: "A", conf: 0.65, second: 0.01, faces: 2, agree: 1, model: true}}, false},
		{"faces' model: no face reads it on its own", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.6, second: 0.1, faces: 2, model: true}}, false},
		{"faces' model: small margin", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.6, second: 0.2, faces: 2, agree: 2, model: true}}, false},
		{"faces' model: a face reads another letter", Square{Colour: pyramids.Red, ColourConf: 0.9,
			read: letterRead{letter: "A", conf: 0.9, second: 0.05, faces: 3, agree: 2, differ: 1, model: true}}, false},
		{"faces' model: colour mixed", Square{Colour: pyramids.Red, ColourConf: 0.55,
			read: letterRead{letter: "A", conf: 0.9, second: 0.05, faces: 3, agree: 3, model: true}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sureSquare(tc.sq); got != tc.want {
				t.Errorf("sure %v, want %v", got, tc.want)
			}
		})
	}
}
