package pyramids

import "testing"

// TestChosenByArea: a pyramid's letter is chosen by its faces' votes
// weighted by their area (chooseWeight); its confidence stays the cubed
// weights'. A side face that reads its letter clearly outvotes a face
// the camera sees better that reads another letter faintly; where the
// area's choice is not the cubed weights' likeliest, the reading is
// neither settled nor sure.
func TestChosenByArea(t *testing.T) {
	type face struct {
		w     float64 // faceWeights' weight (area share cubed)
		votes map[string]float64
	}
	for _, tc := range []struct {
		name  string
		faces []face
		want  string
	}{
		{"one face", []face{{1, map[string]float64{"E": 0.7, "F": 0.2}}}, "E"},
		{"the faces agree", []face{{1, map[string]float64{"R": 0.6}}, {0.3, map[string]float64{"R": 0.5, "B": 0.3}}}, "R"},
		{"a side face reads its letter clearly, the best face another faintly",
			[]face{{1, map[string]float64{"O": 0.45, "G": 0.1}}, {0.3, map[string]float64{"G": 0.85}}}, "G"},
		{"a face turned well away reads clearly, the best face clearly too",
			[]face{{1, map[string]float64{"E": 0.8, "C": 0.1}}, {0.07, map[string]float64{"C": 0.86}}}, "E"},
		{"two side faces against the best face",
			[]face{{1, map[string]float64{"A": 0.5, "R": 0.1}}, {0.2, map[string]float64{"R": 0.6}}, {0.2, map[string]float64{"R": 0.6}}}, "R"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			votes, choice := map[string]float64{}, map[string]float64{}
			sumW := 0.0
			for _, f := range tc.faces {
				sumW += f.w
				for l, v := range f.votes {
					votes[l] += f.w * v
					choice[l] += chooseWeight(f.w) * v
				}
			}
			best, weight, second := chosen(choice, votes)
			if best != tc.want {
				t.Fatalf("chosen %s, want %s", best, tc.want)
			}
			if weight != votes[best] {
				t.Errorf("weight %.3f, want the cubed weights' %.3f", weight, votes[best])
			}
			likeliest, _, _ := topTwo(votes)
			lr := letterRead{letter: best, conf: weight / sumW, second: second / sumW, faces: len(tc.faces), agree: len(tc.faces)}
			if best != likeliest && (settled(lr) || weight >= second) {
				t.Errorf("%s, not the cubed weights' likeliest (%s), is settled or outweighs it: %.3f against %.3f", best, likeliest, weight, second)
			}
		})
	}
}
