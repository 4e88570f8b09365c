package cvthreads

import "testing"

func TestSetGet(t *testing.T) {
	def := Get()
	t.Logf("default: %d threads", def)
	defer Set(def)
	for _, tc := range []struct {
		name string
		set  int
		want int
	}{
		{"one thread", 1, 1},
		{"two threads", 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			Set(tc.set)
			if got := Get(); got != tc.want {
				t.Errorf("Set(%d): Get() = %d, want %d", tc.set, got, tc.want)
			}
		})
	}
	Set(-1)
	if got := Get(); got != def {
		t.Errorf("Set(-1): Get() = %d, want the default %d", got, def)
	}
}
