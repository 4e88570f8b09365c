package loose

import (
	"path/filepath"
	"reflect"
	"sync"
	"testing"
)

// TestFinalStage: the last stage runs its steps in the documented order
// (seamUnsure before the squares are put back on their letters, the
// faint seams' joins after: finalStage's comment gives the reasons),
// each step switched by a switch of its own.
func TestFinalStage(t *testing.T) {
	want := []string{"overDoubles", "seamUnsure", "glyphRecentre", "faintUnsure", "cutFaces"}
	var got []string
	var seen step
	for _, s := range finalStage {
		got = append(got, s.step.String())
		if s.step == 0 || s.step&(s.step-1) != 0 || seen&s.step != 0 {
			t.Errorf("%v: switch %b is not a step of its own", s.step, s.step)
		}
		seen |= s.step
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("steps %v, want %v", got, want)
	}
}

// TestStepsPassedIn: two scans of one photo, one with a step switched
// off, run at once, each read what it reads alone: a step's switch is
// the scan's own (Options.off), not the package's. The photo is a
// ban-seg valid one as augment's tilt 111102 drew it (testdata/tilted
// t4), where seamUnsure makes a square round a seam unsure, so the two
// readings differ (glyphRecentre off in both and the verifier
// verifierFab53, as TestSeamUnsurePhoto has them).
func TestStepsPassedIn(t *testing.T) {
	rd := realPhotoReader(t)
	img := decodePhotoFile(t, filepath.Join("testdata", "tilted", "images", "t4.jpg"))
	with := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true, off: stepGlyph, verifier: verifierFab53(t)}
	without := with
	without.off |= stepSeamUnsure
	opts := []Options{with, without}
	scan := func(o Options) *Reading {
		r, err := Scan(img, o)
		if err != nil {
			t.Error(err)
			return nil
		}
		r.Elapsed = 0
		return r
	}
	alone := []*Reading{scan(with), scan(without)}
	if alone[0] == nil || alone[1] == nil {
		t.FailNow()
	}
	if reflect.DeepEqual(alone[0], alone[1]) {
		t.Fatal("the same reading with seamUnsure and without it: the photo no longer shows the step")
	}
	at := make([]*Reading, len(opts))
	var wg sync.WaitGroup
	for i, o := range opts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			at[i] = scan(o)
		}()
	}
	wg.Wait()
	for i, name := range []string{"with seamUnsure", "without it"} {
		if !reflect.DeepEqual(at[i], alone[i]) {
			t.Errorf("%s: the scan run beside the other reads otherwise than alone", name)
		}
	}
}
