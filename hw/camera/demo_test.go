package camera

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/upwords"
)

// TestDemoGameIsLegal judges every turn of the built-in game with the real
// Upwords engine and the ENABLE dictionary, and checks the score written
// in the game file.
func TestDemoGameIsLegal(t *testing.T) {
	turns, err := DemoGame()
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) < 11 {
		t.Fatalf("the demo game has %d turns, want 10 or more", len(turns)-1)
	}
	rules := upwords.Rules{Dictionary: dict.English()}
	lastNumber := regexp.MustCompile(`(\d+)\s*$`)
	for i := 1; i < len(turns); i++ {
		mv, err := rules.Judge(turns[i-1].Board, turns[i].Board)
		if err != nil {
			t.Errorf("turn %d is not legal: %v", i, err)
			continue
		}
		m := lastNumber.FindStringSubmatch(turns[i].Note)
		if m == nil {
			t.Errorf("turn %d: note %q gives no score", i, turns[i].Note)
			continue
		}
		if want, _ := strconv.Atoi(m[1]); mv.Score != want {
			t.Errorf("turn %d (%s) scores %d", i, turns[i].Note, mv.Score)
		}
	}
}

// TestDemoFrames checks the embedded photos: one still per turn and one
// placing photo per played turn, all camera-sized JPEGs.
func TestDemoFrames(t *testing.T) {
	turns, err := DemoGame()
	if err != nil {
		t.Fatal(err)
	}
	for i, tr := range turns {
		photos := map[string][]byte{"still": tr.Still}
		if i > 0 && len(tr.Placing) != 2 {
			t.Errorf("turn %d has %d placing photos, want 2", i, len(tr.Placing))
		}
		for k, p := range tr.Placing {
			photos[fmt.Sprintf("placing %d", k+1)] = p
		}
		for kind, data := range photos {
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
			if err != nil || !IsJPEG(data) {
				t.Errorf("turn %d %s photo: %v", i, kind, err)
				continue
			}
			if cfg.Width != 1640 || cfg.Height != 1232 {
				t.Errorf("turn %d %s photo is %dx%d, want 1640x1232", i, kind, cfg.Width, cfg.Height)
			}
		}
		if i > 0 && bytes.Equal(tr.Still, turns[i-1].Still) {
			t.Errorf("turn %d's photo is the same as turn %d's", i, i-1)
		}
	}
}

// replay is a small game with stand-in photos: the JPEG of "turn 2
// placing" is a real JPEG whose seed encodes the turn and kind.
func replay(t *testing.T, n int) []DemoTurn {
	t.Helper()
	turns := make([]DemoTurn, n+1)
	for i := range turns {
		turns[i] = DemoTurn{Board: grid.New(10, 10), Still: testJPEG(t, 16, 16, 2*i)}
		if i > 0 {
			turns[i].Placing = [][]byte{testJPEG(t, 16, 16, 100+2*i), testJPEG(t, 16, 16, 101+2*i)}
		}
	}
	return turns
}

// whichPhoto names a stand-in photo: "2" (turn 2 still) or "2p".
func whichPhoto(turns []DemoTurn, f Frame) string {
	for i, tr := range turns {
		if bytes.Equal(f.JPEG, tr.Still) {
			return strconv.Itoa(i)
		}
		for k, p := range tr.Placing {
			if bytes.Equal(f.JPEG, p) {
				return strconv.Itoa(i) + "abc"[k:k+1]
			}
		}
	}
	return "?"
}

func TestDemoSequence(t *testing.T) {
	tests := []struct {
		name   string
		seek   int // -1: none
		frames int
		want   string
	}{
		{"from the start", -1, 17, "0 0 0 1a 1b 1 1 1 2a 2b 2 2 2 3a 3b 3 3"},
		{"holds the last board", -1, 22, "0 0 0 1a 1b 1 1 1 2a 2b 2 2 2 3a 3b 3 3 3 3 3 3 3"},
		{"resume after turn 2", 2, 6, "2 2 2 3a 3b 3"},
		{"resume at the start", 0, 4, "0 0 0 1a"},
		{"resume after the last turn", 3, 4, "3 3 3 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			clk := clockwork.NewFakeClock()
			turns := replay(t, 3)
			d, err := NewReplay(turns, Options{Clock: clk, FramePeriod: 2 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if tc.seek >= 0 {
				if err := d.Seek(tc.seek); err != nil {
					t.Fatal(err)
				}
			}
			var got []string
			start := clk.Now()
			for i := 0; i < tc.frames; i++ {
				type result struct {
					f   Frame
					err error
				}
				ch := make(chan result, 1)
				go func() { f, err := d.Next(ctx); ch <- result{f, err} }()
				if i > 0 {
					// Every frame after the first waits for its time.
					if err := clk.BlockUntilContext(ctx, 1); err != nil {
						t.Fatal(err)
					}
					select {
					case r := <-ch:
						t.Fatalf("frame %d came before its time: %s", i, r.f.Name)
					case <-time.After(5 * time.Millisecond):
					}
					clk.Advance(2 * time.Second)
				}
				r := <-ch
				if r.err != nil {
					t.Fatal(r.err)
				}
				if want := start.Add(time.Duration(i) * 2 * time.Second); !r.f.At.Equal(want) {
					t.Errorf("frame %d at %v, want %v", i, r.f.At.Sub(start), want.Sub(start))
				}
				got = append(got, whichPhoto(turns, r.f))
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("frames\n got %s\nwant %s", s, tc.want)
			}
		})
	}
}

func TestDemoSeekErrorsAndClose(t *testing.T) {
	d, err := NewReplay(replay(t, 3), Options{Clock: clockwork.NewFakeClock()})
	if err != nil {
		t.Fatal(err)
	}
	for _, turn := range []int{-1, 4} {
		if err := d.Seek(turn); err == nil || !strings.Contains(err.Error(), "turns 0 to 3") {
			t.Errorf("Seek(%d) = %v", turn, err)
		}
	}
	ctx := context.Background()
	if _, err := d.Next(ctx); err != nil {
		t.Fatal(err)
	}
	// The next frame is 1 s away on a clock that never moves: Close must
	// end the wait.
	errc := make(chan error, 1)
	go func() { _, err := d.Next(ctx); errc <- err }()
	time.Sleep(5 * time.Millisecond)
	d.Close()
	select {
	case err := <-errc:
		if !errors.Is(err, ErrClosed) {
			t.Errorf("Next after Close = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end a waiting Next")
	}
}

func TestDemoOpen(t *testing.T) {
	src, err := Open("demo", Options{Clock: clockwork.NewFakeClock()})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	d := src.(*Demo)
	if d.Turns() != 11 {
		t.Errorf("demo has %d turns", d.Turns())
	}
	if err := d.Seek(5); err != nil {
		t.Fatal(err)
	}
	f, err := src.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "demo turn 5" || d.Turn() != 5 {
		t.Errorf("after Seek(5): %q, Turn %d", f.Name, d.Turn())
	}
	if _, ok := src.(Seeker); !ok {
		t.Error("the demo is not a Seeker")
	}
}

func TestParseGame(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    int // boards, turn 0 included
		wantErr string
	}{
		{"two turns", "# header\n---\n# turn 1\n. A\n. B\n---\n# turn 2\nC A\n. B\n", 3, ""},
		{"bad cell names the line", "# header\n---\n. A\n. B\n---\n. A\n. 7\n", 0, "game.txt:7"},
		{"sizes differ", ". A\n---\n. A .\n", 0, "game.txt:3: board is 1x3"},
		{"no boards", "# nothing\n", 0, "no boards"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			boards, notes, err := ParseGame([]byte(tc.text), "game.txt")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(boards) != tc.want || len(notes) != tc.want {
				t.Fatalf("%d boards, want %d", len(boards), tc.want)
			}
			if boards[0].String() != grid.New(boards[1].Rows, boards[1].Cols).String() {
				t.Error("turn 0 is not the empty board")
			}
			if notes[1] != "turn 1" {
				t.Errorf("note %q", notes[1])
			}
		})
	}
}

func ExampleOpen() {
	src, err := Open("demo", Options{FramePeriod: time.Millisecond})
	if err != nil {
		panic(err)
	}
	defer src.Close()
	for i := 0; i < 4; i++ {
		f, err := src.Next(context.Background())
		if err != nil {
			panic(err)
		}
		fmt.Println(f.Name)
	}
	// Output:
	// demo turn 0
	// demo turn 0
	// demo turn 0
	// demo turn 1 (placing)
}

// BenchmarkOpenDemo is the demo camera's start-up: parsing the embedded
// game and finding its photos (the claim that embedding makes start-up
// instant).
func BenchmarkOpenDemo(b *testing.B) {
	for b.Loop() {
		d, err := NewDemo(Options{})
		if err != nil {
			b.Fatal(err)
		}
		d.Close()
	}
}
