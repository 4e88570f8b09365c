package scrabble

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tilescope/tilescope/vision"
)

// ErrLabel: a hand label of a photo is not a 15x15 grid text.
var ErrLabel = errors.New("scrabble: bad label")

// Label is a photo's hand label: the board as it stands (the grid text
// format: "." empty, a letter, a blank tile in lower case, "*" a blank
// whose letter the photo cannot tell, "?" a tile the labeller could not
// read) and, when
// given, the playing grid's outer corners in the photo's pixels as the
// board is read.
type Label struct {
	Cells      [Size][Size]string // "" empty; "A".."Z"; lower case a blank
	Corners    vision.Quad
	HasCorners bool
}

// ParseLabel reads a label: 15 lines of 15 cells separated by spaces,
// "#" comments, blank lines ignored, and a comment line "# corners:"
// with four corners written x,y (the top-left, top-right, bottom-right
// and bottom-left corners, in the photo's pixels). name is used in errors.
func ParseLabel(r io.Reader, name string) (*Label, error) {
	l := &Label{}
	sc := bufio.NewScanner(r)
	row, line := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(text, "#") {
			body := strings.TrimSpace(strings.TrimPrefix(text, "#"))
			if strings.HasPrefix(strings.ToLower(body), "corners:") {
				fs := strings.Fields(body[len("corners:"):])
				if len(fs) != 4 {
					return nil, fmt.Errorf("%w: %s:%d: corners: want four corners x,y, got %d", ErrLabel, name, line, len(fs))
				}
				for i, f := range fs {
					xs, ys, ok := strings.Cut(f, ",")
					x, e1 := strconv.ParseFloat(xs, 64)
					y, e2 := strconv.ParseFloat(ys, 64)
					if !ok || e1 != nil || e2 != nil || math.IsNaN(x+y) || math.IsInf(x+y, 0) {
						return nil, fmt.Errorf("%w: %s:%d: corner %d %q is not x,y", ErrLabel, name, line, i+1, f)
					}
					l.Corners[i] = vision.Point{X: x, Y: y}
				}
				l.HasCorners = true
			}
			continue
		}
		if i := strings.Index(text, "#"); i >= 0 {
			text = strings.TrimSpace(text[:i])
		}
		if text == "" {
			continue
		}
		cells := strings.Fields(text)
		if row >= Size {
			return nil, fmt.Errorf("%w: %s:%d: more than %d rows", ErrLabel, name, line, Size)
		}
		if len(cells) != Size {
			return nil, fmt.Errorf("%w: %s:%d: %d cells, want %d", ErrLabel, name, line, len(cells), Size)
		}
		for col, c := range cells {
			switch {
			case c == ".":
			case len(c) == 1 && c[0] >= 'A' && c[0] <= 'Z', len(c) == 1 && c[0] >= 'a' && c[0] <= 'z':
				l.Cells[row][col] = c
			case c == "*", c == "?":
				// "*" a blank tile whose named letter the photo cannot
				// tell; "?" a tile the labeller could not read
				l.Cells[row][col] = c
			default:
				return nil, fmt.Errorf("%w: %s:%d: column %d: %q is not a square (want ., A-Z, a-z, * or ?)", ErrLabel, name, line, col+1, c)
			}
		}
		row++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrLabel, name, err)
	}
	if row != Size {
		return nil, fmt.Errorf("%w: %s: %d rows, want %d", ErrLabel, name, row, Size)
	}
	return l, nil
}

// LoadLabel reads a label file.
func LoadLabel(path string) (*Label, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseLabel(f, path)
}

func isBlank(s string) bool { return s == "*" || (len(s) == 1 && s[0] >= 'a' && s[0] <= 'z') }

// PhotoResult is one labelled photo read and compared with its label.
type PhotoResult struct {
	Name  string
	Found bool   // a board was found where the label says (corners within half a square), or anywhere when the label has no corners
	Err   string // why no reading (no board found, ...)
	// CornerErr is the largest distance from a found corner to the
	// label's, in squares (NaN without label corners).
	CornerErr float64
	// Squares: of 225, those read right (empty, or the tile with its
	// letter; a blank as a blank).
	SquaresRight int
	Tiles        int // tiles on the board (label)
	TilesFound   int // of them, seen as tiles
	TilesRead    int // of them, seen with the right letter (a blank as a blank)
	Empty        int // empty squares (label)
	FalseTiles   int // empty squares seen as tiles
	Unsure       int // tiles read with conf under 0.9
	UnsureWrong  int // of the tiles read wrong, those read with conf under 0.9
	// Unseen: squares the reading says are out of view (not read: not
	// right, and a tile there is not found, never a false tile);
	// UnseenTiles: of them, those the label has a tile on.
	Unseen, UnseenTiles int
	// Covered: squares the reading says something over the board hides
	// (Reading.Covered: a hand), counted as Unseen squares are;
	// CoveredTiles: of them, those the label has a tile on.
	Covered, CoveredTiles int
	// Sure: the squares read as a tile with conf 0.9 or more (right or
	// not): on a board placed off (a reading, not Found) each is a tile
	// shown as certain where the board is not.
	Sure     int
	Mistakes []string
	Time     time.Duration
}

// EvalPhoto scans a photo and compares the reading with its label.
// Without the reading's letters oriented (no tile showed which side is
// up), the board is compared in the quarter turn whose corners lie
// nearest the label's.
func EvalPhoto(name string, img image.Image, l *Label, opt Options) PhotoResult {
	res := PhotoResult{Name: name, CornerErr: math.NaN()}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if l.Cells[r][c] != "" {
				res.Tiles++
			} else {
				res.Empty++
			}
		}
	}
	start := time.Now()
	rd, err := Scan(img, opt)
	res.Time = time.Since(start)
	if err != nil {
		res.Err = err.Error()
		return res
	}
	cells := rd.Cells
	unseen, covered := rd.Unseen, rd.Covered
	corners := rd.Corners
	if l.HasCorners {
		pitch := math.Sqrt(math.Abs(quadArea(l.Corners))) / Size
		bestTurn, bestErr := 0, math.Inf(1)
		for k := 0; k < 4; k++ {
			if rd.Oriented && k != 0 {
				break
			}
			var e float64
			for i := 0; i < 4; i++ {
				e = math.Max(e, dist(corners[(i+k)%4], l.Corners[i]))
			}
			if e < bestErr {
				bestTurn, bestErr = k, e
			}
		}
		res.CornerErr = bestErr / pitch
		res.Found = res.CornerErr <= 0.5
		cells = turnCells(cells, bestTurn)
		unseen = turnCells(unseen, bestTurn)
		covered = turnCells(covered, bestTurn)
	} else {
		res.Found = true
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			want, got := l.Cells[r][c], cells[r][c]
			seen := cellText(got)
			if unseen[r][c] {
				res.Unseen++
				if want != "" {
					res.UnseenTiles++
					res.Mistakes = append(res.Mistakes, fmt.Sprintf("row %d col %d: %s out of view", r, c, want))
				}
				continue
			}
			if covered[r][c] {
				res.Covered++
				if want != "" {
					res.CoveredTiles++
					res.Mistakes = append(res.Mistakes, fmt.Sprintf("row %d col %d: %s covered", r, c, want))
				}
				continue
			}
			switch {
			case want == "" && got == nil:
				res.SquaresRight++
				continue
			case want == "":
				res.FalseTiles++
			case got == nil:
			default:
				res.TilesFound++
				if sameTile(want, got) {
					res.TilesRead++
					res.SquaresRight++
					continue
				}
			}
			if want != "" && got != nil && got.Conf < unsureConf {
				res.UnsureWrong++
			}
			w := want
			if w == "" {
				w = "."
			}
			sure := ""
			if got != nil && got.Conf >= unsureConf {
				sure = " sure"
			}
			res.Mistakes = append(res.Mistakes, fmt.Sprintf("row %d col %d: %s read %s%s", r, c, w, seen, sure))
		}
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if got := cells[r][c]; got != nil && got.Conf < unsureConf {
				res.Unsure++
			} else if got != nil {
				res.Sure++
			}
		}
	}
	return res
}

func sameTile(want string, got *Cell) bool {
	if want == "?" {
		return true // the label does not know the letter either
	}
	if isBlank(want) {
		return got.Blank
	}
	return !got.Blank && got.Letter == want
}

// turnCells turns a reading's board so that its corner k comes first
// (k quarter turns of the corner order).
func turnCells[T any](in [Size][Size]T, k int) (out [Size][Size]T) {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			rr, cc := r, c
			for i := 0; i < k; i++ {
				// the old board's corner 1 (top-right) becomes the new
				// top-left: new (r, c) is old (c, n-r) per turn.
				rr, cc = cc, Size-1-rr
			}
			out[r][c] = in[rr][cc]
		}
	}
	return out
}

func dist(a, b vision.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

func quadArea(q vision.Quad) float64 {
	var s float64
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		s += q[i].X*q[j].Y - q[j].X*q[i].Y
	}
	return s / 2
}

// Summary adds up photo results.
type Summary struct {
	Photos, Found                   int
	Squares, SquaresRight           int
	Tiles, TilesFound, TilesRead    int
	Empty, FalseTiles               int
	Unsure, UnsureWrong, WrongTotal int
	Unseen, UnseenTiles             int
	Covered, CoveredTiles           int
	// Off counts the boards read but placed off (corners half a square
	// or more from the label's); OffSure those of them with a tile shown
	// sure, OffSureTiles those tiles.
	Off, OffSure, OffSureTiles int
	Times                      []time.Duration
}

// Add counts one photo.
func (s *Summary) Add(r PhotoResult) {
	s.Photos++
	s.Times = append(s.Times, r.Time)
	s.Tiles += r.Tiles
	s.Empty += r.Empty
	s.Squares += Size * Size
	if !r.Found {
		if r.Err == "" {
			s.Off++
			if r.Sure > 0 {
				s.OffSure++
				s.OffSureTiles += r.Sure
			}
		}
		return
	}
	s.Found++
	s.SquaresRight += r.SquaresRight
	s.TilesFound += r.TilesFound
	s.TilesRead += r.TilesRead
	s.FalseTiles += r.FalseTiles
	s.Unsure += r.Unsure
	s.UnsureWrong += r.UnsureWrong
	s.Unseen += r.Unseen
	s.UnseenTiles += r.UnseenTiles
	s.Covered += r.Covered
	s.CoveredTiles += r.CoveredTiles
	s.WrongTotal += r.Tiles - r.TilesRead
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f%% (%d/%d)", 100*float64(a)/float64(b), a, b)
}

// MedianTime is the median scan time.
func (s *Summary) MedianTime() time.Duration {
	if len(s.Times) == 0 {
		return 0
	}
	t := append([]time.Duration(nil), s.Times...)
	sort.Slice(t, func(i, j int) bool { return t[i] < t[j] })
	return t[len(t)/2]
}

// Write prints the totals. A board not found counts all its squares and
// tiles as wrong.
func (s *Summary) Write(w io.Writer, title string) {
	fmt.Fprintf(w, "%s: %d photos\n", title, s.Photos)
	fmt.Fprintf(w, "  board found     %s\n", pct(s.Found, s.Photos))
	fmt.Fprintf(w, "  squares right   %s\n", pct(s.SquaresRight, s.Squares))
	fmt.Fprintf(w, "  tiles found     %s\n", pct(s.TilesFound, s.Tiles))
	fmt.Fprintf(w, "  tiles read      %s\n", pct(s.TilesRead, s.Tiles))
	fmt.Fprintf(w, "  false tiles     %s of empty squares\n", pct(s.FalseTiles, s.Empty))
	fmt.Fprintf(w, "  unsure (conf<%.1f) %d tiles; of the tiles read wrong, %d flagged unsure\n", unsureConf, s.Unsure, s.UnsureWrong)
	if s.Unseen > 0 {
		fmt.Fprintf(w, "  out of view     %d squares said not seen, %d tiles on them (counted not found)\n", s.Unseen, s.UnseenTiles)
	}
	if s.Covered > 0 {
		fmt.Fprintf(w, "  covered         %d squares said hidden (a hand), %d tiles on them (counted not found)\n", s.Covered, s.CoveredTiles)
	}
	if s.Off > 0 {
		fmt.Fprintf(w, "  placed off      %d boards read with corners >= 0.5 square off (counted not found), %d of them with tiles shown sure (%d tiles)\n", s.Off, s.OffSure, s.OffSureTiles)
	}
	fmt.Fprintf(w, "  time            median %v\n", s.MedianTime().Round(time.Millisecond))
}

// WriteRow prints one photo's line.
func (r PhotoResult) WriteRow(w io.Writer) {
	if r.Err != "" {
		fmt.Fprintf(w, "%-28s no reading: %s (%v)\n", r.Name, r.Err, r.Time.Round(time.Millisecond))
		return
	}
	var out string
	if r.Unseen > 0 {
		out = fmt.Sprintf(" unseen %d (%d tiles)", r.Unseen, r.UnseenTiles)
	}
	if r.Covered > 0 {
		out += fmt.Sprintf(" covered %d (%d tiles)", r.Covered, r.CoveredTiles)
	}
	fmt.Fprintf(w, "%-28s found=%-5v corner=%.2fsq squares %3d/225 tiles %2d found %2d read %2d false %d unsure %d%s  %v\n",
		r.Name, r.Found, r.CornerErr, r.SquaresRight, r.Tiles, r.TilesFound, r.TilesRead, r.FalseTiles, r.Unsure, out, r.Time.Round(time.Millisecond))
}

// Session is the game session a photo belongs to: the date in a phone's
// file name (IMG_20141025_163920.jpg: "2014-10-25"), or "" when the name
// carries none. Photos of one session share the board, light and camera.
func Session(name string) string {
	m := sessionRE.FindStringSubmatch(filepath.Base(name))
	if m == nil {
		return ""
	}
	return m[1] + "-" + m[2] + "-" + m[3]
}

var sessionRE = regexp.MustCompile(`(20[0-9]{2})([01][0-9])([0-3][0-9])_`)
