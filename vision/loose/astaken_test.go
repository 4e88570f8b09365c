package loose

import (
	"path/filepath"
	"testing"
)

// TestSureAsTaken: tilted photos of loose tiles whose straightened (or
// otherwise looked-at-again) reading names a letter sure that the photo
// as taken reads surely as another: such a tile is not shown sure. The
// photos are ban-seg valid ones as augment's tilt 111102 drew them
// (testdata/tilted: t2 an upside-down R read M, t3 an upside-down A read
// N, each sure, where the photo as taken reads R and A at 1.00). t3's L
// read Z sure in a quad half again as large as its neighbours' stays
// (the photo as taken reads Z too): at most one there. Weighed under
// the verifier the step was built under (verifierFab53: the one shipped
// now makes t3's A unsure itself).
func TestSureAsTaken(t *testing.T) {
	rd := realPhotoReader(t)
	names := augmentNames(t, filepath.Join("testdata", "bananagrams"))
	for _, tc := range []struct {
		name, photo    string
		wrongSureFirst int // sure and wrong without sureAsTaken, at least
		wrongSureMost  int // with it, at most
	}{
		{"74 tiles, 25 degrees: an upside-down R", "t2", 1, 0},
		{"21 tiles, 22 degrees: an upside-down A", "t3", 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s0, s := scoreWithoutUnder(t, rd, names, filepath.Join("testdata", "tilted"), tc.photo, stepAsTaken, 0, verifierFab53(t))
			if s0.WrongSure < tc.wrongSureFirst {
				t.Errorf("%d tiles read wrong and sure without sureAsTaken; want %d at least (the photo no longer shows the case)", s0.WrongSure, tc.wrongSureFirst)
			}
			if s.WrongSure > tc.wrongSureMost {
				t.Errorf("%d tiles read wrong and sure; want %d at most", s.WrongSure, tc.wrongSureMost)
			}
			if s.AZRight < s0.AZRight {
				t.Errorf("read right %d; %d without sureAsTaken", s.AZRight, s0.AZRight)
			}
			if s.Found != s0.Found || s.False != s0.False {
				t.Errorf("found %d, false %d; %d and %d without sureAsTaken (it only reads letters again)", s.Found, s.False, s0.Found, s0.False)
			}
		})
	}
}
