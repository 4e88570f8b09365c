package digits

import (
	"bytes"
	"errors"
	"testing"
)

// TestModelLoads: the committed model decodes, and writing it again
// gives the same bytes.
func TestModelLoads(t *testing.T) {
	n := Model()
	if n == nil {
		t.Fatal("model.bin does not load")
	}
	var b bytes.Buffer
	if err := n.Encode(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), modelBytes) {
		t.Error("the model encoded again differs from model.bin")
	}
}

// TestDecodeRefuses: bytes that are not a model are refused, naming why.
func TestDecodeRefuses(t *testing.T) {
	var good bytes.Buffer
	if err := NewNet(2).Encode(&good); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"another header", []byte("TSM1xxxxxxxx")},
		{"cut short", good.Bytes()[:good.Len()-3]},
		{"bytes left over", append(bytes.Clone(good.Bytes()), 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Decode(tc.data); !errors.Is(err, ErrModel) {
				t.Errorf("Decode: %v, want ErrModel", err)
			}
		})
	}
}

// TestFeatures: a mark is scaled to the patch keeping its shape, centred,
// and its aspect is the last input.
func TestFeatures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		w, h   int
		aspect float32
	}{
		{"a narrow 1", 2, 10, 0.2},
		{"a square mark", 8, 8, 1},
		{"a wide mark", 12, 6, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := Features(func(x, y int) float32 { return 1 }, tc.w, tc.h)
			if len(f) != Inputs {
				t.Fatalf("%d inputs, want %d", len(f), Inputs)
			}
			if f[PatchW*PatchH] != tc.aspect {
				t.Errorf("aspect %.2f, want %.2f", f[PatchW*PatchH], tc.aspect)
			}
			// the ink's centre at the patch's centre, none in its border
			var sx, sy, sum float32
			for y := 0; y < PatchH; y++ {
				for x := 0; x < PatchW; x++ {
					v := f[y*PatchW+x]
					if v > 1 {
						t.Fatalf("darkness %.2f over 1", v)
					}
					if (x == 0 || y == 0 || x == PatchW-1 || y == PatchH-1) && v > 1e-3 {
						t.Errorf("ink %.2f at the patch's border (%d,%d)", v, x, y)
					}
					sx, sy, sum = sx+v*float32(x), sy+v*float32(y), sum+v
				}
			}
			if cx, cy := sx/sum, sy/sum; cx < PatchW/2-1 || cx > PatchW/2 || cy < PatchH/2-1 || cy > PatchH/2 {
				t.Errorf("ink centred at %.2f,%.2f", cx, cy)
			}
		})
	}
}
