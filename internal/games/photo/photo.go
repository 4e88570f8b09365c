// Package photo is what every game's reader does with a camera frame
// before its own vision: the frame's picture (decoded from its JPEG when
// the camera gave no image, through vision.DecodePhoto and its header
// check), and Unreadable, the error of a photo the vision could not read,
// which names the trouble for the page.
package photo

import (
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/vision"
)

// Image is the frame's picture: f.Image, else f.JPEG decoded. A frame
// that does not decode is Unreadable.
func Image(f game.Frame) (image.Image, error) {
	if f.Image != nil {
		return f.Image, nil
	}
	img, err := vision.DecodePhoto(f.JPEG)
	if err != nil {
		return nil, Unreadable{fmt.Errorf("the photo does not decode: %w", err)}
	}
	return img, nil
}

// Unreadable is a photo the vision could not read: the user's problem
// (light, angle, hand over the board), not a bug.
type Unreadable struct{ Err error }

func (u Unreadable) Error() string   { return u.Err.Error() }
func (u Unreadable) Unwrap() error   { return u.Err }
func (u Unreadable) UserError() bool { return true }

// Code names the trouble for the page (game.CameraNotice).
func (u Unreadable) Code() string {
	var ov *vision.OutOfViewError
	switch {
	case errors.As(u.Err, &ov), errors.Is(u.Err, vision.ErrOutOfView):
		return "out_of_view"
	case errors.Is(u.Err, vision.ErrTooDark):
		return "too_dark"
	case errors.Is(u.Err, vision.ErrTooBlurred):
		return "too_blurred"
	case errors.Is(u.Err, vision.ErrNoBoard):
		return "no_board"
	}
	return "unreadable"
}
