package render

import "testing"

func TestStateRows(t *testing.T) {
	ten, err := RandomUpwords(3, 10)
	if err != nil {
		t.Fatal(err)
	}
	eight, err := RandomUpwords(3, 8)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		state []byte
		want  int
	}{
		{"a 10x10 game", ten, 10},
		{"a classic 8x8 game", eight, 8},
		{"blank lines round the rows", []byte("\n. A\n  \nB .\n\n"), 2},
		{"no rows", []byte(" \n\t\n"), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := StateRows(tc.state); got != tc.want {
				t.Errorf("StateRows = %d, want %d", got, tc.want)
			}
		})
	}
}
