package main

import (
	"strings"
	"testing"
)

func TestMoveGrid(t *testing.T) {
	rows := strings.Repeat(". . . . . . . . . . . . . . .\n", 7) + ". . . . R I E A . . . . . . .\n" + strings.Repeat(". . . . . . . . . . . . . . .\n", 7)
	label := "# photo: P.jpg\n# corners: 10,20 90,20 90,50 10,50\n# a note\n" + rows
	for _, tc := range []struct {
		name    string
		text    string
		g       warp
		corners string // the corners line written, "" for an error
	}{
		{"a crop moves the corners by the window's corner", label, crop(5, 10, 90, 50), "# corners: 5.0,10.0 85.0,10.0 85.0,40.0 5.0,40.0"},
		{"a quarter turn takes the top-left corner to the bottom-left", label, quarterTurn(1, 100, 60), "# corners: 20.0,89.0 20.0,9.0 50.0,9.0 50.0,89.0"},
		{"twice the size doubles them (pixel centres kept)", label, resize(100, 60, 200, 120), "# corners: 20.5,40.5 180.5,40.5 180.5,100.5 20.5,100.5"},
		{"a label without corners is refused", "# photo: P.jpg\n" + rows, identity(100, 60), ""},
		{"three corners are refused", "# corners: 1,2 3,4 5,6\n" + rows, identity(100, 60), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := moveGrid(tc.text, tc.g, "P.txt")
			if tc.corners == "" {
				if err == nil {
					t.Fatalf("no error; want one")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Replace(tc.text, "# corners: 10,20 90,20 90,50 10,50", tc.corners, 1)
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}
