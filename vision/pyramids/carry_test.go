package pyramids

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

// readingOf is what a camera would read from a board: the top pyramid of
// every square (letters as given; "?" written as a lower-case letter's
// place is not needed here).
func readingOf(b *pyramids.Board) *Reading {
	r := &Reading{Board: pyramids.NewBoard(), Squares: make([]Square, pyramids.Size*pyramids.Size)}
	for row := 0; row < pyramids.Size; row++ {
		for col := 0; col < pyramids.Size; col++ {
			p := pyramids.Pos{Row: row, Col: col}
			sq := Square{Pos: p}
			if top, ok := b.At(p).Top(); ok {
				sq.Colour, sq.Letter, sq.Height, sq.Conf = top.Colour, top.Letter, 1, 0.9
			}
			r.Squares[row*pyramids.Size+col] = sq
		}
	}
	return r
}

// board10 pads the given rows (top-left corner of the board) with empty
// squares to the full 10x10.
func board10(rows ...string) *pyramids.Board {
	var b strings.Builder
	for i := 0; i < pyramids.Size; i++ {
		cells := []string{}
		if i < len(rows) {
			cells = strings.Fields(rows[i])
		}
		for len(cells) < pyramids.Size {
			cells = append(cells, ".")
		}
		b.WriteString(strings.Join(cells, " ") + "\n")
	}
	return pyramids.MustParse(b.String())
}

func TestCarryHeights(t *testing.T) {
	for _, tc := range []struct {
		name         string
		before, seen *pyramids.Board
		want         *pyramids.Board
		unreadAt     []pyramids.Pos // letters the camera could not read
		lowConf      []pyramids.Pos // letters read with little confidence
		taking       []pyramids.Pos // the squares of a word waiting to be taken (CarryTaking)
	}{
		{"unchanged", board10(". . rA5", ". . kT"), board10(". . rA", ". . kT"), board10(". . rA5", ". . kT"), nil, nil, nil},
		{"top taken, second known", board10(". . rA/rE/rT"), board10(". . rE"), board10(". . rE/rT"), nil, nil, nil},
		{"top taken from a player space, second unknown", board10("", ". . rA5"), board10("", ". . rE"), board10("", ". . rE4"), nil, nil, nil},
		{"put on an empty square", board10("", "", ". . ."), board10("", "", ". . gO"), board10("", "", ". . gO"), nil, nil, nil},
		{"put on a house pyramid", board10("", "", ". . kD"), board10("", "", ". . gO"), board10("", "", ". . gO/kD"), nil, nil, nil},
		{"put on a stack, second unknown, not the square's colour", board10("", ". . rA5"), board10("", ". . gO"), board10("", ". . gO/rA6"), nil, nil, nil},
		{"same colour, another letter, doubtful: a misread", board10("", ". . rA/rE5"), board10("", ". . rO"), board10("", ". . rA/rE5"), nil, []pyramids.Pos{{Row: 1, Col: 2}}, nil},
		{"doubtful, but its top was put elsewhere: moved", board10("", ". . gA/gE/gT", ". . kD"), board10("", ". . gE", ". . gA"), board10("", ". . gE/gT", ". . gA/kD"), nil, []pyramids.Pos{{Row: 1, Col: 2}}, nil},
		{"a black letter misread", board10("", "", ". . kD"), board10("", "", ". . kO"), board10("", "", ". . kD"), nil, nil, nil},
		{"house pyramid taken", board10("", "", ". . kD"), board10(), board10(), nil, nil, nil},
		{"letter unread, same colour on top", board10("", ". . rA5"), board10("", ". . rZ"), board10("", ". . rA5"), []pyramids.Pos{{Row: 1, Col: 2}}, nil, nil},
		{"letter unread, another colour on top", board10("", ". . rA5"), board10("", ". . gZ"), board10(), []pyramids.Pos{{Row: 1, Col: 2}}, nil, nil},
		{"moved off a stack whose next layer looks the same", board10(". . .", ". . rA5"), board10(". rA .", ". . rA"), board10(". rA .", ". . rA4"), nil, nil, nil},
		{"looks the same on two stacks: not guessed", board10(". . .", ". . rA5 rA5"), board10(". rA .", ". . rA rA"), board10(". rA .", ". . rA5 rA5"), nil, nil, nil},
		{"own colour put on its own space, the source one lower", board10("", ". . rA5 rE5"), board10("", ". . rE rN"), board10("", ". . rE/rA6 rN4"), nil, nil, nil},
		{"own colour showing, the old top put elsewhere: one lower", board10(". . .", ". . rA5"), board10(". rA .", ". . rE"), board10(". rA .", ". . rE4"), nil, nil, nil},
		{"taking: the top goes, the next known layer misread", board10("", "", ". . rB/kE"), board10("", "", ". . kO"), board10("", "", ". . kE"), nil, []pyramids.Pos{{Row: 2, Col: 2}}, []pyramids.Pos{{Row: 2, Col: 2}}},
		{"taking: the top goes, the next layer unknown", board10("", ". . rA5"), board10("", ". . rE"), board10("", ". . rE4"), nil, []pyramids.Pos{{Row: 1, Col: 2}}, []pyramids.Pos{{Row: 1, Col: 2}}},
		{"taking: the top still there", board10("", ". . rA5"), board10("", ". . rA"), board10("", ". . rA5"), nil, nil, []pyramids.Pos{{Row: 1, Col: 2}}},
		{"taking: a one-high stack goes", board10("", "", ". . kD"), board10(), board10(), nil, nil, []pyramids.Pos{{Row: 2, Col: 2}}},
		{"not taking: the misread next layer is a misread", board10("", ". . rA5"), board10("", ". . rE"), board10("", ". . rA5"), nil, []pyramids.Pos{{Row: 1, Col: 2}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := readingOf(tc.seen)
			for _, p := range tc.unreadAt {
				r.Squares[p.Row*pyramids.Size+p.Col].Letter = "?"
			}
			for _, p := range tc.lowConf {
				r.Squares[p.Row*pyramids.Size+p.Col].Conf = 0.2
			}
			got, unread, _ := CarryTaking(tc.before, r, [4]pyramids.Colour{}, tc.taking)
			if !got.Equal(tc.want) {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if len(unread) != len(tc.unreadAt) {
				t.Errorf("unread %v, want %v", unread, tc.unreadAt)
			}
		})
	}
}

// TestCarryTakingWhole: a take is all or nothing, so when most of the
// word's squares show their tops gone, every top of the word went: a
// square that still seems to hold its top (a shadow read as a black
// pyramid, a leaning stack's colour) or that reads nothing where the
// layer under is known to stand is read as the layer under, and is
// doubtful. When as many or more show their tops still there, the word
// is not taken yet.
func TestCarryTakingWhole(t *testing.T) {
	row := []pyramids.Pos{{Row: 7, Col: 4}, {Row: 7, Col: 5}, {Row: 7, Col: 6}}
	for _, tc := range []struct {
		name         string
		before, seen *pyramids.Board
		want         *pyramids.Board
		doubtful     []pyramids.Pos
	}{
		{name: "one of three still read: taken",
			before: board10("", "", "", "", "", "", "", ". . . . kB kE gS"), seen: board10("", "", "", "", "", "", "", ". . . . . kE ."),
			want: board10(), doubtful: []pyramids.Pos{row[1]}},
		{name: "the house pyramid under read as nothing: taken",
			before: board10("", "", "", "", "", "", "", ". . . . kB rS/kS gS"), seen: board10(),
			want: board10("", "", "", "", "", "", "", ". . . . . kS ."), doubtful: []pyramids.Pos{row[1]}},
		{name: "the layer under misread: taken",
			before: board10("", "", "", "", "", "", "", ". . . . kB rS/kS gS"), seen: board10("", "", "", "", "", "", "", ". . . . . kO ."),
			want: board10("", "", "", "", "", "", "", ". . . . . kS ."), doubtful: []pyramids.Pos{row[1]}},
		{name: "the top still read, the layer under unknown: taken, the next layer alike",
			before: board10("", "", "", "", "", "", "", ". . . . kB yE5 gS"), seen: board10("", "", "", "", "", "", "", ". . . . . yE ."),
			want: board10("", "", "", "", "", "", "", ". . . . . yE4 ."), doubtful: []pyramids.Pos{row[1]}},
		{name: "the layer under unknown, read: taken",
			before: board10("", "", "", "", "", "", "", ". . . . kB yE5 gS"), seen: board10("", "", "", "", "", "", "", ". . . . . yT ."),
			want: board10("", "", "", "", "", "", "", ". . . . . yT4 .")},
		{name: "two of three still there: not taken",
			before: board10("", "", "", "", "", "", "", ". . . . kB kE gS"), seen: board10("", "", "", "", "", "", "", ". . . . kB kE ."),
			want: board10("", "", "", "", "", "", "", ". . . . kB kE .")},
		{name: "all still there",
			before: board10("", "", "", "", "", "", "", ". . . . kB kE gS"), seen: board10("", "", "", "", "", "", "", ". . . . kB kE gS"),
			want: board10("", "", "", "", "", "", "", ". . . . kB kE gS")},
		{name: "all gone",
			before: board10("", "", "", "", "", "", "", ". . . . kB rS/kS gS"), seen: board10("", "", "", "", "", "", "", ". . . . . kS ."),
			want: board10("", "", "", "", "", "", "", ". . . . . kS .")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _, doubtful := CarryTaking(tc.before, readingOf(tc.seen), [4]pyramids.Colour{}, row)
			if !got.Equal(tc.want) {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if !slices.Equal(doubtful, tc.doubtful) {
				t.Errorf("doubtful %v, want %v", doubtful, tc.doubtful)
			}
		})
	}
}

// words is a small in-memory dictionary.
type words map[string]bool

func (w words) Contains(s string) bool { return w[strings.ToUpper(s)] }

// TestScanChainsIntoJudge renders a board before and after a turn (green
// moves its E onto row 6 beside a black H to spell HE), reads both photos,
// completes the heights from the board before, and has the referee judge
// the turn.
func TestScanChainsIntoJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	state, err := os.ReadFile(filepath.Join("testdata", "scenes", "normal.txt"))
	if err != nil {
		t.Fatal(err)
	}
	before, err := pyramids.Parse(bytes.NewReader(state), "normal.txt")
	if err != nil {
		t.Fatal(err)
	}
	after := before.Clone()
	from, to := pyramids.Pos{Row: 8, Col: 7}, pyramids.Pos{Row: 6, Col: 5}
	e, _ := after.At(from).Top()
	after.Set(from, after.At(from).Under())
	after.Set(to, after.At(to).Put(e))
	opt, err := render.RandomOptions(21, "easy")
	if err != nil {
		t.Fatal(err)
	}
	opt.Width, opt.Height, opt.Clutter = 1280, 960, 0
	rd := reader(t)
	read := func(b *pyramids.Board) *Reading {
		sc, err := render.Render("pyramids", []byte(b.String()), opt)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Scan(sc.Image, Options{Reader: rd})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	seen := read(after)
	announced, unread, doubtful := CarryHeights(before, seen, [4]pyramids.Colour{})
	t.Logf("letters taken for misreads at %v", doubtful)
	if len(unread) > 0 {
		t.Fatalf("letters not read at %v", unread)
	}
	for _, p := range []pyramids.Pos{from, to} {
		if !announced.At(p).SameTop(after.At(p)) {
			t.Errorf("%v: read %v, was %v", p, announced.At(p), after.At(p))
		}
	}
	setup := pyramids.DefaultSetup()
	mv, err := pyramids.Judge(&setup, pyramids.Turn{Player: pyramids.Green, Word: "HE", Before: before, Announced: announced}, words{"HE": true})
	if err != nil {
		t.Fatalf("judge: %v\nannounced:\n%s", err, announced)
	}
	if want := setup.HouseSet.Value("H") + setup.PlayerSet.Value("E"); mv.Score != want {
		t.Errorf("score %d, want %d", mv.Score, want)
	}
}

// Letters sums the faces' probabilities by their weights, and its
// likeliest letter is the one the scan reads.
func TestSquareLetters(t *testing.T) {
	sq := Square{Letter: "N", read: letterRead{letter: "N",
		faceP: [4]map[string]float64{{"N": 0.9, "M": 0.1}, {"M": 0.6, "N": 0.4}, nil, {"N": 1}},
		faceW: [4]float64{1, 0.5, 0, 0.5}}}
	got := sq.Letters()
	want := map[string]float64{"N": (0.9 + 0.2 + 0.5) / 2, "M": (0.1 + 0.3) / 2}
	for l, v := range want {
		if d := got[l] - v; d > 1e-9 || d < -1e-9 {
			t.Errorf("Letters()[%s] = %v, want %v", l, got[l], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("Letters() = %v, want %v", got, want)
	}
	if (Square{}).Letters() != nil {
		t.Errorf("no face read: want nil")
	}
}

// TestCarryAlikeDoubtful: a stack taken as one lower only because a
// pyramid like its top appeared elsewhere, while its photo shows the same
// top as before (two like pyramids in it, or the pyramid elsewhere a
// misread), is an inference the photo cannot check: doubtful. A stack
// whose photo shows its next layer is not.
func TestCarryAlikeDoubtful(t *testing.T) {
	at := pyramids.Pos{Row: 1, Col: 2}
	for _, tc := range []struct {
		name         string
		before, seen *pyramids.Board
		want         *pyramids.Board
		doubtful     bool
	}{
		{"the same top shows: one lower by inference", board10(". . .", ". . rA5"), board10(". rA .", ". . rA"), board10(". rA .", ". . rA4"), true},
		{"the next layer shows: one lower as seen", board10(". . .", ". . rA5"), board10(". rA .", ". . rE"), board10(". rA .", ". . rE4"), false},
		{"nothing moved", board10(". . .", ". . rA5"), board10(". . .", ". . rA"), board10(". . .", ". . rA5"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _, doubtful := CarryHeights(tc.before, readingOf(tc.seen), [4]pyramids.Colour{})
			if !got.Equal(tc.want) {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if slices.Contains(doubtful, at) != tc.doubtful {
				t.Errorf("doubtful %v, want %v at %v", doubtful, tc.doubtful, at)
			}
		})
	}
}

// TestCarryHousePyramidsNeverMove: a black pyramid is never put on a
// square: house pyramids never move and no black pyramid lies on another
// colour. Before, a black P read on a shaded empty square was a new stack
// (game 112252: the house's P read gone elsewhere, the two paired as the
// P moved), a house pyramid read gone elsewhere turned a stack of the
// square's own colour taken one lower into one higher, its top that
// house pyramid, and a black pyramid read over a coloured top was put on
// it.
func TestCarryHousePyramidsNeverMove(t *testing.T) {
	at := func(r, c int) pyramids.Pos { return pyramids.Pos{Row: r, Col: c} }
	for _, tc := range []struct {
		name         string
		before, seen *pyramids.Board
		sure         []pyramids.Pos // read surely
		lowConf      []pyramids.Pos // read with little confidence
		want         *pyramids.Board
		doubtful     []pyramids.Pos
	}{
		{
			name:     "a shaded empty square read black P, the house's P read gone",
			before:   board10("", "", ". . .", ". . . kP"),
			seen:     board10("", "", ". . kP", ". . . ."),
			want:     board10(),
			doubtful: []pyramids.Pos{at(2, 2)},
		},
		{
			name:   "an empty square read black P surely: the reading stands",
			before: board10("", "", ". . .", ". . . kP"),
			seen:   board10("", "", ". . kP", ". . . kP"),
			sure:   []pyramids.Pos{at(2, 2)},
			want:   board10("", "", ". . kP", ". . . kP"),
		},
		{
			name:     "a coloured top gone off a house square, the house's P read gone elsewhere: not put on",
			before:   board10("", "", ". . rE2", ". . . kP"),
			seen:     board10("", "", ". . kP", ". . . ."),
			want:     board10("", "", ". . kP"),
			doubtful: nil,
		},
		{
			name:     "black read over a coloured top whose house pyramid is known otherwise: a misread",
			before:   board10("", "", ". . rE/rA/kD"),
			seen:     board10("", "", ". . kP"),
			want:     board10("", "", ". . rE/rA/kD"),
			doubtful: []pyramids.Pos{at(2, 2)},
		},
		{
			name:     "the known house pyramid under read with little confidence: the top went",
			before:   board10("", "", ". . rE/kD"),
			seen:     board10("", "", ". . kD"),
			lowConf:  []pyramids.Pos{at(2, 2)},
			want:     board10("", "", ". . kD"),
			doubtful: []pyramids.Pos{at(2, 2)},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := readingOf(tc.seen)
			for _, p := range tc.sure {
				r.Squares[p.Row*pyramids.Size+p.Col].Sure = true
			}
			for _, p := range tc.lowConf {
				r.Squares[p.Row*pyramids.Size+p.Col].Conf = 0.3
			}
			got, _, doubtful := CarryHeights(tc.before, r, [4]pyramids.Colour{})
			if !got.Equal(tc.want) {
				t.Errorf("carried\n%s\nwant\n%s", got, tc.want)
			}
			for _, p := range tc.doubtful {
				if !slices.Contains(doubtful, p) {
					t.Errorf("%v not doubtful (doubtful: %v)", p, doubtful)
				}
			}
		})
	}
}
