package tesseract

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"
	"unicode"

	"github.com/otiai10/gosseract/v2"

	"github.com/tilescope/tilescope/ocr"
)

// ErrClosed is returned by Read after Close.
var ErrClosed = errors.New("tesseract: reader closed")

// Reader reads tiles with Tesseract. Safe for concurrent use (calls are
// serialised). Close it when done.
type Reader struct {
	// Turns makes Read try all four quarter turns.
	Turns bool

	mu       sync.Mutex
	client   *gosseract.Client
	alphabet string
}

const (
	latin    = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	cyrillic = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
)

// New starts a Tesseract client for an alphabet: "en" (language eng),
// "ru" (rus) or "all" (eng+rus).
func New(alphabet string) (*Reader, error) {
	var langs []string
	var white string
	switch alphabet {
	case ocr.English:
		langs, white = []string{"eng"}, latin+"u"
	case ocr.Russian:
		langs, white = []string{"rus"}, cyrillic
	case ocr.All:
		langs, white = []string{"eng", "rus"}, latin+"u"+cyrillic
	default:
		return nil, fmt.Errorf("%w %q (want en, ru or all)", ocr.ErrAlphabet, alphabet)
	}
	c := gosseract.NewClient()
	if err := c.SetLanguage(langs...); err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: %w", err)
	}
	// SetPageSegMode before the first recognition is lost in gosseract
	// v2.4.1: set the variable instead (10 = a single character).
	if err := c.SetVariable("tessedit_pageseg_mode", "10"); err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: %w", err)
	}
	if err := c.SetWhitelist(white); err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: %w", err)
	}
	c.SetVariable("debug_file", "/dev/null")
	return &Reader{client: c, alphabet: alphabet}, nil
}

// Close releases the Tesseract client.
func (r *Reader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.client == nil {
		return nil
	}
	err := r.client.Close()
	r.client = nil
	return err
}

// Read implements ocr.Reader.
func (r *Reader) Read(tile image.Image) (ocr.Reading, error) {
	if tile == nil || tile.Bounds().Empty() {
		return ocr.Reading{}, ocr.ErrEmptyImage
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.client == nil {
		return ocr.Reading{}, ErrClosed
	}
	g := prepare(tile)
	turns := 1
	if r.Turns {
		turns = 4
	}
	var best ocr.Reading
	for k := 0; k < turns; k++ {
		if k > 0 {
			g = rotate90(g)
		}
		got, err := r.recognise(g)
		if err != nil {
			return ocr.Reading{}, err
		}
		if got.Letter != "" && got.Conf > best.Conf {
			// g was turned k quarter turns clockwise to read upright, so
			// the tile is turned k quarter turns counter-clockwise.
			got.Angle = float64(90 * k)
			best = got
		}
	}
	return best, nil
}

func (r *Reader) recognise(g *image.Gray) (ocr.Reading, error) {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "P5\n%d %d\n255\n", g.Rect.Dx(), g.Rect.Dy())
	for y := 0; y < g.Rect.Dy(); y++ {
		buf.Write(g.Pix[y*g.Stride : y*g.Stride+g.Rect.Dx()])
	}
	if err := r.client.SetImageFromBytes(buf.Bytes()); err != nil {
		return ocr.Reading{}, fmt.Errorf("tesseract: %w", err)
	}
	boxes, err := r.client.GetBoundingBoxes(gosseract.RIL_SYMBOL)
	if err != nil {
		return ocr.Reading{}, fmt.Errorf("tesseract: %w", err)
	}
	var best ocr.Reading
	for _, b := range boxes {
		l := r.letter(b.Word)
		if l == "" {
			continue
		}
		if c := b.Confidence / 100; c > best.Conf {
			best = ocr.Reading{Letter: l, Conf: min(c, 1)}
		}
	}
	return best, nil
}

// letter maps Tesseract's symbol to one of our letters, or "".
func (r *Reader) letter(s string) string {
	s = strings.TrimSpace(s)
	rs := []rune(s)
	if len(rs) == 0 {
		return ""
	}
	up := string(unicode.ToUpper(rs[0]))
	switch {
	case r.alphabet != ocr.Russian && strings.Contains(latin, up):
		if up == "Q" {
			return "Qu"
		}
		return up
	case r.alphabet != ocr.English && strings.Contains(cyrillic, up):
		return up
	}
	return ""
}

// prepare turns the crop grey and scales it so its shorter side is about
// 96 pixels, inside a white border.
func prepare(img image.Image) *image.Gray {
	b := img.Bounds()
	side := min(b.Dx(), b.Dy())
	scale := 96 / float64(side)
	w := max(1, int(float64(b.Dx())*scale+0.5))
	h := max(1, int(float64(b.Dy())*scale+0.5))
	const border = 16
	out := image.NewGray(image.Rect(0, 0, w+2*border, h+2*border))
	for i := range out.Pix {
		out.Pix[i] = 255
	}
	for y := 0; y < h; y++ {
		sy := b.Min.Y + min(int(float64(y)/scale), b.Dy()-1)
		for x := 0; x < w; x++ {
			sx := b.Min.X + min(int(float64(x)/scale), b.Dx()-1)
			rr, gg, bb, _ := img.At(sx, sy).RGBA()
			out.Pix[(y+border)*out.Stride+x+border] = uint8((19595*rr + 38470*gg + 7471*bb + 1<<15) >> 24)
		}
	}
	clearBorder(out, border)
	return out
}

// clearBorder whitens the dark regions connected to the crop's edge (the
// table around a tile), which Tesseract would otherwise read as ink.
func clearBorder(g *image.Gray, border int) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var hist [256]int
	n := 0
	for y := border; y < h-border; y++ {
		for x := border; x < w-border; x++ {
			hist[g.Pix[y*g.Stride+x]]++
			n++
		}
	}
	// Otsu's threshold.
	var sum, sumB float64
	for i, c := range hist {
		sum += float64(i * c)
	}
	var wB int
	best, thr := -1.0, 128
	for t := 0; t < 256; t++ {
		wB += hist[t]
		if wB == 0 || wB == n {
			continue
		}
		sumB += float64(t * hist[t])
		mB := sumB / float64(wB)
		mF := (sum - sumB) / float64(n-wB)
		v := float64(wB) * float64(n-wB) * (mB - mF) * (mB - mF)
		if v > best {
			best, thr = v, t
		}
	}
	dark := func(i int) bool { return int(g.Pix[i]) <= thr }
	var stack []int
	for y := border; y < h-border; y++ {
		for _, x := range []int{border, w - border - 1} {
			if i := y*g.Stride + x; dark(i) {
				stack = append(stack, i)
			}
		}
	}
	for x := border; x < w-border; x++ {
		for _, y := range []int{border, h - border - 1} {
			if i := y*g.Stride + x; dark(i) {
				stack = append(stack, i)
			}
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !dark(i) {
			continue
		}
		g.Pix[i] = 255
		x, y := i%g.Stride, i/g.Stride
		if x > border {
			stack = append(stack, i-1)
		}
		if x < w-border-1 {
			stack = append(stack, i+1)
		}
		if y > border {
			stack = append(stack, i-g.Stride)
		}
		if y < h-border-1 {
			stack = append(stack, i+g.Stride)
		}
	}
}

// rotate90 turns g a quarter turn clockwise.
func rotate90(g *image.Gray) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, h, w))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			out.Pix[x*out.Stride+(h-1-y)] = g.Pix[y*g.Stride+x]
		}
	}
	return out
}
