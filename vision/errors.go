package vision

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors a player can act on. Scan functions wrap them with the
// detail (which rows are out of view, how dark); callers match with
// errors.Is and add the image's name.
var (
	// ErrNoBoard: nothing in the picture looks like the board's grid.
	ErrNoBoard = errors.New("vision: no board found")
	// ErrOutOfView: the board is partly outside the picture.
	ErrOutOfView = errors.New("vision: board partly out of view")
	// ErrTooDark: the picture is too dark to read.
	ErrTooDark = errors.New("vision: too dark")
	// ErrTooBlurred: the picture is too blurred to read.
	ErrTooBlurred = errors.New("vision: too blurred")
	// ErrNoReader: a scan needs a tile reader to name the letters.
	ErrNoReader = errors.New("vision: no tile reader")
)

// OutOfViewError says which side of the picture cuts the board and which
// rows or columns are (at least partly) missing. It matches ErrOutOfView.
type OutOfViewError struct {
	Sides []string // picture sides: "left", "top", "right", "bottom"
	Rows  []int    // board rows not fully in view
	Cols  []int    // board columns not fully in view
	// Grid, when not nil, is the whole n x n grid as the part in view
	// fixes it, its squares out of the picture included (extrapolated
	// from the lines the picture shows): for a reader that reads the
	// squares in view and says the others were not seen. The columns
	// and rows cut off it places are a guess where the picture cuts the
	// board on two opposite sides.
	Grid *Grid
}

func (e *OutOfViewError) Error() string {
	var parts []string
	if len(e.Rows) > 0 {
		parts = append(parts, "rows "+span(e.Rows))
	}
	if len(e.Cols) > 0 {
		parts = append(parts, "columns "+span(e.Cols))
	}
	what := strings.Join(parts, " and ")
	if what == "" {
		what = "some squares"
	}
	return fmt.Sprintf("%v: %s cut off at the %s edge of the picture; move the camera or the board so all of it shows",
		ErrOutOfView, what, strings.Join(e.Sides, " and "))
}

func (e *OutOfViewError) Unwrap() error { return ErrOutOfView }

// span writes a sorted list of indices as "0-2" or "7" or "0, 3".
func span(v []int) string {
	if len(v) == 0 {
		return ""
	}
	contiguous := true
	for i := 1; i < len(v); i++ {
		if v[i] != v[i-1]+1 {
			contiguous = false
		}
	}
	if contiguous {
		if len(v) == 1 {
			return fmt.Sprint(v[0])
		}
		return fmt.Sprintf("%d-%d", v[0], v[len(v)-1])
	}
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// WeakGridError is ErrNoBoard (the same words) where the search's best
// grid, refined on the picture, had lines too faint to be taken alone
// (evidence from minPinnedContrast up to minGridContrast: tiles over most
// of a crowded board's lines; where no stage saw a grid at all, the grid
// inside the board's rim, in the searches that rescore). Grid is that
// grid, for a reader with evidence of its own to judge it by (Scrabble's
// premium layout); a caller that has none treats the error as
// ErrNoBoard.
type WeakGridError struct {
	Grid Grid
}

func (e *WeakGridError) Error() string {
	return fmt.Sprintf("%v: no %dx%d grid in the picture", ErrNoBoard, e.Grid.N, e.Grid.N)
}

// Unwrap makes the error match ErrNoBoard.
func (e *WeakGridError) Unwrap() error { return ErrNoBoard }

// NoGridError is ErrNoBoard where no stage of the search found an N x N
// grid. LongLines, from FindGridLines, counts the picture's long straight
// segments (a fifth of its longer side or more): a caller with a slower
// search to fall back on may look again where many show (a board tilted
// so far that its lines converge past the lines' stages; 0 from the
// other searches).
type NoGridError struct {
	N         int
	LongLines int
}

func (e *NoGridError) Error() string {
	return fmt.Sprintf("%v: no %dx%d grid in the picture", ErrNoBoard, e.N, e.N)
}

// Unwrap makes the error match ErrNoBoard.
func (e *NoGridError) Unwrap() error { return ErrNoBoard }
