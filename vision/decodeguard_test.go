package vision

import (
	"errors"
	"testing"

	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/internal/imagesize/imagesizetest"
)

// TestDecodeForTurnsRefusesBombs: a camera frame (a dir: camera reads any
// file) whose header claims more pixels than a camera makes is refused
// before the decoder makes room for them.
func TestDecodeForTurnsRefusesBombs(t *testing.T) {
	tests := []struct {
		name string
		data []byte
	}{
		{"jpeg 30000x30000", imagesizetest.JPEG(30000, 30000)},
		{"png 30000x30000", imagesizetest.PNG(30000, 30000)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := DecodeForTurns(tc.data); !errors.Is(err, imagesize.ErrTooLarge) {
				t.Fatalf("DecodeForTurns: %v, want ErrTooLarge", err)
			}
		})
	}
}
