package render

import (
	"fmt"
	"image"
	"math"
	"strings"
)

// CropOptions asks for one tile crop (see TileCrop).
type CropOptions struct {
	Game       string // "upwords" (default), "lexicon" or "twists"
	Letter     string // the tile: "A".."Z", "Qu" (Upwords), Cyrillic, an action name (twists); "" an empty square
	Height     int    // Upwords stack height, default 1
	Size       int    // crop side in pixels, default 64
	Fill       float64
	Seed       int64
	Difficulty string // conditions as RandomOptions draws them; default "normal"
}

// TileCrop renders one tile as the camera would see it, cut square around
// it: a real scene (board or table, neighbouring tiles, light, shadows,
// tilt, rotation, blur, noise, JPEG-free) seen through a narrow field of
// view aimed at the tile, so that the tile's top face fills about Fill
// (default 0.6) of the crop. It returns the crop and the tile's truth in
// crop pixels (its corners and Angle, the letter's rotation in the crop).
// It is fast (a few milliseconds), for training the tile reader.
func TileCrop(o CropOptions) (*image.RGBA, Tile, error) {
	if o.Game == "" {
		o.Game = "upwords"
	}
	if o.Size == 0 {
		o.Size = 64
	}
	if o.Height == 0 {
		o.Height = 1
	}
	if o.Fill == 0 {
		o.Fill = 0.6
	}
	if o.Difficulty == "" {
		o.Difficulty = "normal"
	}
	if n := len([]rune(o.Letter)); n > 1 && o.Letter != "Qu" {
		if _, action := actionIcons[o.Letter]; !action || o.Game != "twists" {
			return nil, Tile{}, fmt.Errorf("%w: tile %q: want one letter (or Qu, or a Twists action name)", ErrBadOptions, o.Letter)
		}
	}
	if o.Size < 8 || o.Size > 1024 {
		return nil, Tile{}, fmt.Errorf("%w: crop size %d (want 8..1024)", ErrBadOptions, o.Size)
	}
	opt, err := RandomOptions(o.Seed, o.Difficulty)
	if err != nil {
		return nil, Tile{}, err
	}
	rng := newRand(o.Seed, 11)
	opt.Width, opt.Height = o.Size, o.Size
	opt.Hand, opt.Clutter = false, 0
	opt.Quality = 95
	opt.Glare = 0
	// Surroundings: other tiles on some neighbouring squares.
	letters := []string{"E", "A", "R", "S", "T", "O", "N", "L", "I", "D"}
	if o.Game == "twists" {
		letters = []string{"О", "Е", "А", "И", "Н", "Т", "С", "Р"}
	}
	pick := func() string { return letters[rng.IntN(len(letters))] }
	var state string
	var side float64
	var tr, tc int // the tile's square (Upwords)
	const n = 5    // a 5x5 patch, the tile in the middle
	var b strings.Builder
	switch o.Game {
	case "upwords":
		side = upwordsDefault.tile
		tr, tc = 1+rng.IntN(8), 1+rng.IntN(8)
		for r := 0; r < 10; r++ {
			for c := 0; c < 10; c++ {
				cell := "."
				switch {
				case r == tr && c == tc:
					if o.Letter != "" {
						cell = o.Letter + fmt.Sprint(o.Height)
					}
				case r >= tr-2 && r <= tr+2 && c >= tc-2 && c <= tc+2 && rng.IntN(3) == 0:
					cell = pick() + fmt.Sprint(1+rng.IntN(3))
				}
				b.WriteString(cell + " ")
			}
			b.WriteString("\n")
		}
		state = b.String()
		g := upwordsDefault
		opt.AimZ = g.slab + float64(float64(o.Height)*g.level)
		opt.ShiftX = float64((float64(tc)-5+0.5)*g.pitch) + float64((float64(float64(rng.Float64())*2)-1)*1.5)
		opt.ShiftY = float64(-(float64(tr)-5+0.5)*g.pitch) + float64((float64(float64(rng.Float64())*2)-1)*1.5)
	case "lexicon", "twists":
		side = 19
		if o.Game == "twists" {
			side = 22
		}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				ch := "."
				if r == n/2 && c == n/2 {
					ch = twistsChar(o.Letter)
				} else if (r == n/2 || c == n/2) && rng.IntN(2) == 0 {
					ch = pick()
				}
				b.WriteString(ch)
			}
			b.WriteString("\n")
		}
		state = b.String()
		opt.AimZ = 4
		opt.ShiftX = float64((float64(float64(rng.Float64())*2) - 1) * 1.5)
		opt.ShiftY = float64((float64(float64(rng.Float64())*2) - 1) * 1.5)
	default:
		return nil, Tile{}, fmt.Errorf("%w %q for a tile crop (want upwords, lexicon or twists)", ErrUnknownGame, o.Game)
	}
	// A narrow view from the scene's distance: the crop of a far camera.
	dist := opt.HeightMM / math.Cos(opt.TiltDeg*math.Pi/180)
	view := side / o.Fill
	// Blur is in pixels: scale it from the scene's tile size to the crop's.
	sceneFx := float64(1640) / 2 / math.Tan(62.2*math.Pi/360)
	k := o.Fill * float64(o.Size) / (side * sceneFx / dist)
	opt.Blur *= k
	opt.MotionPx *= k
	opt.HFOVDeg = 2 * math.Atan(view/2/dist) * 180 / math.Pi
	opt.Name = "crop"
	sc, err := Render(o.Game, []byte(state), opt)
	if err != nil {
		return nil, Tile{}, err
	}
	img := sc.Image.(*image.RGBA)
	var t Tile
	switch o.Game {
	case "upwords":
		for _, c := range sc.Truth.Cells {
			if c.Row == tr && c.Col == tc {
				t = Tile{Letter: c.Letter, Row: tr, Col: tc, Corners: c.Corners, Center: c.Center}
				dx, dy := c.Corners[1][0]-c.Corners[0][0], c.Corners[1][1]-c.Corners[0][1]
				t.Angle = round3(math.Atan2(-dy, dx) * 180 / math.Pi)
			}
		}
	default:
		for _, tl := range sc.Truth.Tiles {
			if tl.Row == n/2 && tl.Col == n/2 {
				t = tl
			}
		}
	}
	return img, t, nil
}

// twistsChar is the state character of a tile: action names become their
// characters.
func twistsChar(letter string) string {
	switch letter {
	case "skip":
		return "!"
	case "reverse":
		return "@"
	case "give2":
		return "2"
	case "give3":
		return "3"
	case "":
		return "."
	}
	return letter
}
