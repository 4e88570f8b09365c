package ocr

import (
	"errors"
	"fmt"
	"image"
)

// Reading is what a Reader saw on one tile crop.
type Reading struct {
	// Letter is "A".."Z", "Qu", an upper-case Cyrillic letter, or an
	// action name ("skip", "reverse", "give2", "give3"); "" when the crop
	// holds no tile (an empty board square, a printed premium label,
	// table texture).
	Letter string
	// Conf is the reader's confidence in Letter, 0..1.
	Conf float64
	// Angle is the tile's rotation in degrees, counter-clockwise positive,
	// in [0,360); 0 when the letter stands upright.
	Angle float64
}

// NoTile reports whether the reading says the crop holds no tile.
func (r Reading) NoTile() bool { return r.Letter == "" }

// Reader reads one tile crop: roughly centred on one tile or one board
// square, any size.
type Reader interface {
	Read(tile image.Image) (Reading, error)
}

// LetterReader is a Reader that can also be told that a crop holds a
// tile: ReadLetter answers the most probable letter, never "no tile",
// with Conf the reader's probability of it. A board reader that sees a stack where
// the letter is too faint for Read asks it.
type LetterReader interface {
	Reader
	ReadLetter(tile image.Image) (Reading, error)
}

// Known is what a caller knows of a crop before reading it.
type Known struct {
	// Tile: the crop holds a tile, so the answer is never "no tile".
	Tile bool
	// HasAngle: the letter stands at about Angle degrees (counter-
	// clockwise, as Reading.Angle) in the crop, as on a board whose reading
	// direction is known. Only readings at that angle count, so a W is not
	// taken for an M upside down; a letter that looks the same turned half
	// way round (H I N O S X Z) or a quarter (O X) counts at those angles
	// too.
	HasAngle bool
	Angle    float64
}

// KnownReader is a Reader that can be told what is known of a crop.
type KnownReader interface {
	Reader
	ReadKnown(tile image.Image, k Known) (Reading, error)
}

// sameTurned reports whether a glyph looks the same turned by deg
// degrees (a multiple of 90) in the tiles' sans-serif letters. Only the
// Latin letters are listed.
func sameTurned(glyph string, deg int) bool {
	switch glyph {
	case "O", "X":
		return true
	case "H", "I", "N", "S", "Z":
		return deg%360 == 180
	}
	return false
}

// Action tile names (Scrabble Twists & Turns).
const (
	Skip    = "skip"
	Reverse = "reverse"
	Give2   = "give2"
	Give3   = "give3"
)

// Alphabets Default accepts.
const (
	English = "en"  // A..Z, Qu, no tile
	Russian = "ru"  // 33 Cyrillic letters, the four action icons, no tile
	All     = "all" // every class the model knows
)

// Sentinel errors.
var (
	// ErrNoModel: the model for the alphabet is missing or unreadable.
	ErrNoModel = errors.New("ocr: no usable model")
	// ErrBadModel: the model file is corrupt (bad header, size, checksum).
	ErrBadModel = errors.New("ocr: corrupt model")
	// ErrEmptyImage: the crop is nil or has no pixels.
	ErrEmptyImage = errors.New("ocr: empty image")
	// ErrAlphabet: an alphabet Default does not know.
	ErrAlphabet = errors.New("ocr: unknown alphabet")
)

// Default returns our own trained classifier for the alphabet: "en", "ru"
// or "all". The model is embedded in the binary and loaded once.
func Default(alphabet string) (Reader, error) {
	switch alphabet {
	case English, Russian, All:
	default:
		return nil, fmt.Errorf("%w %q (want en, ru or all)", ErrAlphabet, alphabet)
	}
	if alphabet == All {
		en, err := classifierFor(English)
		if err != nil {
			return nil, err
		}
		ru, err := classifierFor(Russian)
		if err != nil {
			return nil, err
		}
		return either{en, ru}, nil
	}
	return classifierFor(alphabet)
}

// either reads with several readers and keeps the most confident
// reading (a letter, or no tile).
type either []Reader

func (e either) Read(tile image.Image) (Reading, error) {
	var best Reading
	for i, r := range e {
		got, err := r.Read(tile)
		if err != nil {
			return Reading{}, err
		}
		if i == 0 || got.Conf > best.Conf {
			best = got
		}
	}
	return best, nil
}

// ReadLetter reads with every reader that can be told the crop holds a
// tile and keeps the most confident letter.
func (e either) ReadLetter(tile image.Image) (Reading, error) {
	var best Reading
	for _, r := range e {
		lr, ok := r.(LetterReader)
		if !ok {
			continue
		}
		got, err := lr.ReadLetter(tile)
		if err != nil {
			return Reading{}, err
		}
		if best.Letter == "" || (got.Letter != "" && got.Conf > best.Conf) {
			best = got
		}
	}
	return best, nil
}

// ReadKnown reads with every reader that can be told what is known of the
// crop and keeps the most confident reading.
func (e either) ReadKnown(tile image.Image, k Known) (Reading, error) {
	var best Reading
	n := 0
	for _, r := range e {
		kr, ok := r.(KnownReader)
		if !ok {
			continue
		}
		got, err := kr.ReadKnown(tile, k)
		if err != nil {
			return Reading{}, err
		}
		if n == 0 || got.Conf > best.Conf {
			best = got
		}
		n++
	}
	return best, nil
}

// checkImage returns ErrEmptyImage for a nil or empty crop.
func checkImage(img image.Image) error {
	if img == nil || img.Bounds().Empty() {
		return ErrEmptyImage
	}
	return nil
}
