package twists

import (
	"errors"
	"strings"
	"testing"
)

func TestAlign(t *testing.T) {
	tests := []struct {
		name, before, after string
		dr, dc              int
		want                string // before on after's lattice; "" when a tile falls off
	}{
		{"already aligned", "...\n.КОТ\n", "...\n.КОТ\nА...\n", 0, 0, "....\n.КОТ\n....\n"},
		{"after's lattice starts further up-left", "....\n..КОТ\n", "КОТ\nА..\n", -1, -2, "КОТ\n...\n"},
		{"after is shifted down and grows", "КОТ\n", "Ж...\n.КОТ\n", 1, 1, "....\n.КОТ\n"},
		{"a tile left the table", "Ж...\n.КОТ\n", "КОТ\nА..\n", -1, -1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			after := MustParse(tc.after, Russian)
			b, dr, dc, err := Align(MustParse(tc.before, Russian), after)
			if dr != tc.dr || dc != tc.dc {
				t.Errorf("offset (%d,%d), want (%d,%d)", dr, dc, tc.dr, tc.dc)
			}
			if tc.want == "" {
				var rej *Rejection
				if !errors.As(err, &rej) || rej.Code != CodeRemovedTile {
					t.Fatalf("got %v, want removed_tile", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("before on after's lattice:\n%s\nwant\n%s", b, tc.want)
			}
			if b.Rows != after.Rows || b.Cols != after.Cols {
				t.Fatalf("size %dx%d, want after's", b.Rows, b.Cols)
			}
		})
	}
}

func TestParseScan(t *testing.T) {
	js := `{"game":"twists","tiles":[{"letter":"К","conf":0.9,"row":5,"col":-1},{"letter":"о","row":5,"col":0},
		{"letter":"skip","row":6,"col":1},{"letter":"","row":9,"col":9}]}`
	b, err := ParseScan(strings.NewReader(js), "s.json", Russian)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "КО.\n..!\n" {
		t.Errorf("got\n%s", got)
	}
	bad := []struct{ name, js, want string }{
		{"latin letter", `{"tiles":[{"letter":"Q","row":0,"col":0}]}`, `s.json:1: scan JSON: tile 1: "Q" is not a letter`},
		{"two on a cell", `{"tiles":[{"letter":"А","row":0,"col":0},{"letter":"Б","row":0,"col":0}]}`, "s.json:1: scan JSON: tile 2: two tiles"},
		{"no tiles", `{"tiles":[]}`, "s.json:1: scan JSON: no tiles"},
		{"not JSON", `{"tiles":`, "s.json:1: scan JSON:"},
		{"huge", `{"tiles":[{"letter":"А","row":0,"col":0},{"letter":"Б","row":1000,"col":0}]}`, "s.json:1: scan JSON: the tiles span"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseScan(strings.NewReader(tc.js), "s.json", Russian)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want %s", err, tc.want)
			}
		})
	}
}
