package photo

import (
	"errors"
	"fmt"
	"image"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/vision"
)

func TestUnreadableCodes(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"no board", fmt.Errorf("%w: no 10x10 grid in the picture", vision.ErrNoBoard), "no_board"},
		{"out of view", &vision.OutOfViewError{Sides: []string{"left"}}, "out_of_view"},
		{"too dark", fmt.Errorf("%w: add light", vision.ErrTooDark), "too_dark"},
		{"too blurred", fmt.Errorf("%w: hold still", vision.ErrTooBlurred), "too_blurred"},
		{"a broken file", errors.New("the photo does not decode: unexpected EOF"), "unreadable"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Unreadable{Err: tc.err}).Code(); got != tc.want {
				t.Errorf("code %q, want %q", got, tc.want)
			}
		})
	}
}

// TestImage: a frame's own picture is used as it is; a JPEG that does not
// decode is Unreadable, the user's trouble, with the code "unreadable".
func TestImage(t *testing.T) {
	pic := image.NewGray(image.Rect(0, 0, 4, 4))
	if img, err := Image(game.Frame{Image: pic}); err != nil || img != image.Image(pic) {
		t.Errorf("a frame with a picture: %v, %v", img, err)
	}
	for _, tc := range []struct {
		name string
		jpeg []byte
	}{
		{"no bytes", nil},
		{"not a photo", []byte("hello")},
		{"a cut JPEG", []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Image(game.Frame{JPEG: tc.jpeg})
			var u Unreadable
			if !errors.As(err, &u) || !u.UserError() || u.Code() != "unreadable" {
				t.Errorf("err = %v, want Unreadable with code unreadable", err)
			}
		})
	}
}

// TestTool: the tool is made once, on first use; a failure is kept and
// told every time, naming the tile reader.
func TestTool(t *testing.T) {
	tests := []struct {
		name    string
		fail    bool
		wantErr string
	}{
		{"made once", false, ""},
		{"a failure is kept", true, "the tile reader: no model"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tool Tool[int]
			makes := 0
			mk := func() (int, error) {
				makes++
				if tc.fail {
					return 0, errors.New("no model")
				}
				return 42, nil
			}
			for range 3 {
				got := 0
				err := tool.Use(mk, func(v int) error { got = v; return nil })
				if tc.wantErr != "" {
					if err == nil || err.Error() != tc.wantErr {
						t.Fatalf("Use: %v, want %q", err, tc.wantErr)
					}
					continue
				}
				if err != nil || got != 42 {
					t.Fatalf("Use: %d, %v", got, err)
				}
			}
			if err := tool.Make(mk); (err != nil) != tc.fail || makes != 1 {
				t.Errorf("Make: %v; made %d times, want once", err, makes)
			}
		})
	}
}
