package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/emulation"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
)

// rowScorer is a small stand-in for a scoring engine: every new tile counts,
// the word is the placed letters in reading order, 2 points a tile; a
// removed tile is refused.
type rowScorer struct{}

func (rowScorer) Judge(before, after *grid.Board) (game.Move, error) {
	var mv game.Move
	var word strings.Builder
	var bad error
	after.Each(func(p grid.Pos, s grid.Stack) {
		b := before.At(p)
		switch {
		case s == b:
		case s.Height < b.Height:
			bad = &game.Rejection{Code: "removed_tile", Msg: p.String() + ": a tile was removed"}
		default:
			mv.Placed = append(mv.Placed, game.Placement{Row: p.Row, Col: p.Col, Letter: s.Letter, Height: s.Height})
			word.WriteString(s.Spelling())
		}
	})
	if bad != nil {
		return game.Move{}, bad
	}
	mv.Score = 2 * len(mv.Placed)
	mv.Words = []game.Word{{Word: word.String(), Score: mv.Score}}
	return mv, nil
}

type wordSet map[string]bool

func (w wordSet) Contains(s string) bool { return w[strings.ToUpper(s)] }

type definer map[string]string

func (d definer) Define(w string) (string, bool) { s, ok := d[w]; return s, ok }

// fakeUploader reads every photo as the same board, recorded with the photo.
type fakeUploader struct {
	s     *game.Session
	board string
}

func (u *fakeUploader) Upload(ctx context.Context, photo []byte) (game.Turn, error) {
	return u.s.Play(ctx, game.Frame{ID: "upload", JPEG: photo}, game.Reading{Board: grid.MustParse(u.board)})
}

const testPIN = "4821"

const (
	boardCat = `
. . . .
. C A T
. . . .
. . . .`
	boardCats = `
. . . .
. C A T
. . . S
. . . .`
)

type fixture struct {
	sess *game.Session
	srv  *Server
	up   *fakeUploader
}

// pagedGame is a registered game with its own page module (and no camera):
// /games/pagedtest.js serves it.
type pagedGame struct{}

func (pagedGame) Info() game.Info {
	return game.Info{Kind: "pagedtest", Title: "Paged", MinPlayers: 1, MaxPlayers: 4}
}
func (pagedGame) New(game.Options, game.Env) (game.Rules, error) {
	return game.UpwordsGridRules(4, 4, rowScorer{}), nil
}
func (pagedGame) Page() []byte { return []byte(`registerGame("pagedtest", {});`) }

var registerPaged = sync.OnceFunc(func() { game.Register(pagedGame{}) })

func newFixture(t testing.TB) *fixture {
	registerPaged()
	t.Helper()
	sess, err := game.Open(context.Background(), game.NewMemStore(), game.Config{
		Players: []string{"Ann", "Ben"}, Rows: 4, Cols: 4, Scorer: rowScorer{},
		Dict: wordSet{"CAT": true},
	})
	if err != nil {
		t.Fatal(err)
	}
	up := &fakeUploader{s: sess, board: boardCats}
	srv, err := New(Config{
		Session: sess, PIN: testPIN, URL: "http://192.0.2.1:8080/",
		Dicts: func(lang string) (Dictionary, error) {
			switch lang {
			case "en":
				return wordSet{"CAT": true, "QI": true}, nil
			case "ru":
				return wordSet{"КОТ": true}, nil
			}
			return nil, fmt.Errorf("unknown language %q", lang)
		},
		Definer:   definer{"cat": "a small domesticated feline"},
		Forms:     definer{"кот": "кот (noun)"},
		Uploader:  up,
		MaxUpload: 1 << 10,
		Heartbeat: 50 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{sess: sess, srv: srv, up: up}
}

func (f *fixture) play(t testing.TB, board string) game.Turn {
	t.Helper()
	turn, err := f.sess.Play(context.Background(), game.Frame{ID: "test", JPEG: []byte("\xff\xd8\xffphoto")}, game.Reading{Board: grid.MustParse(board)})
	if err != nil {
		t.Fatal(err)
	}
	return turn
}

func (f *fixture) do(method, path, pin, ctype string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.Host = "192.0.2.1:8080" // the table's URL
	if pin != "" {
		req.Header.Set(PINHeader, pin)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	w := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(w, req)
	return w
}

const jsonType = "application/json"

func TestRoutes(t *testing.T) {
	jpeg := []byte("\xff\xd8\xff\xe0 a photo")
	tests := []struct {
		name       string
		method     string
		path       string
		pin        string
		ctype      string
		body       string
		wantStatus int
		want       string // a substring of the body
	}{
		{"health", "GET", "/healthz", "", "", "", 200, "ok"},
		{"page", "GET", "/", "", "", "", 200, "<title>Tilescope</title>"},
		{"script", "GET", "/static/app.js", "", "", "", 200, "EventSource"},
		{"game", "GET", "/api/game", "", "", "", 200, `"game":"upwords","id":1`},
		{"game has players and turns", "GET", "/api/game", "", "", "", 200, `"players":[{"name":"Ann","score":6},{"name":"Ben","score":0}]`},
		{"qr code", "GET", "/qr.png", "", "", "", 200, "PNG"},
		{"info", "GET", "/api/info", "", "", "", 200, `"url":"http://192.0.2.1:8080/"`},
		{"info says the table's language", "GET", "/api/info", "", "", "", 200, `"lang":"en"`},
		{"photo", "GET", "/api/photos/1", "", "", "", 200, "photo"},
		{"photo of no turn", "GET", "/api/photos/9", "", "", "", 404, "error"},
		{"photo, bad number", "GET", "/api/photos/x", "", "", "", 400, "turn"},
		{"lookup a word", "GET", "/api/challenge?word=cat&lang=en", "", "", "", 200, `{"word":"CAT","valid":true,"definition":"a small domesticated feline","lang":"en"}`},
		{"lookup default lang", "GET", "/api/challenge?word=QI", "", "", "", 200, `"valid":true`},
		{"lookup cyrillic without lang", "GET", "/api/challenge?word=%D0%BA%D0%BE%D1%82", "", "", "", 200, `{"word":"КОТ","valid":true,"definition":"кот (noun)","lang":"ru"}`},
		{"lookup latin look-alike", "GET", "/api/challenge?word=KOT", "", "", "", 200, `{"word":"KOT","valid":false,"lang":"en"}`},
		{"lookup cyrillic in english", "GET", "/api/challenge?word=%D0%BA%D0%BE%D1%82&lang=en", "", "", "", 200, `{"word":"КОТ","valid":false,"lang":"en"}`},
		{"lookup not a word", "GET", "/api/challenge?word=catz&lang=en", "", "", "", 200, `{"word":"CATZ","valid":false,"lang":"en"}`},
		{"lookup russian", "GET", "/api/challenge?word=%D0%BA%D0%BE%D1%82&lang=ru", "", "", "", 200, `"valid":true`},
		{"lookup no word", "GET", "/api/challenge", "", "", "", 400, "missing"},
		{"lookup not letters", "GET", "/api/challenge?word=c4t", "", "", "", 400, "not a letter"},
		{"lookup bad lang", "GET", "/api/challenge?word=cat&lang=xx", "", "", "", 400, "lang"},
		{"no route", "GET", "/nope", "", "", "", 404, "no such page"},
		{"wrong method", "DELETE", "/api/game", "", "", "", 405, "not allowed"},
		{"undo needs the PIN", "POST", "/api/undo", "", "", "", 401, PINHeader},
		{"undo with a wrong PIN", "POST", "/api/undo", "0000", "", "", 403, "wrong PIN"},
		{"pin check", "POST", "/api/pin", testPIN, "", "", 200, "ok"},
		{"pin as form field", "POST", "/api/pin", "", "application/x-www-form-urlencoded", "pin=" + testPIN, 200, "ok"},
		{"undo", "POST", "/api/undo", testPIN, "", "", 200, `"turns":[]`},
		{"pass", "POST", "/api/pass", testPIN, "", "", 200, `"kind":"pass"`},
		{"exchange", "POST", "/api/exchange", testPIN, "", "", 200, `"kind":"exchange"`},
		{"confirm", "POST", "/api/turns/1/confirm", testPIN, "", "", 200, `"confirmed":true`},
		{"confirm no such turn", "POST", "/api/turns/7/confirm", testPIN, "", "", 404, "no such turn"},
		{"correct", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":1,"col":1,"letter":"B","height":1}`, 200, `"words":[{"word":"BAT"`},
		{"correct to empty", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":1,"col":1,"letter":""}`, 200, `"word":"AT"`},
		{"correct off the board", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":9,"col":1,"letter":"B"}`, 400, "off the"},
		{"correct bad letter", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":1,"col":1,"letter":"7"}`, 400, "want A-Z"},
		{"correct bad height", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":1,"col":1,"letter":"B","height":12}`, 400, "height"},
		{"correct no row", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"col":1,"letter":"B"}`, 400, "row and col"},
		{"correct not JSON", "POST", "/api/turns/1/correct", testPIN, jsonType, `row=1`, 400, "want JSON"},
		{"correct unknown field", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":1,"col":1,"colour":"red"}`, 400, "unknown field"},
		{"correct no such turn", "POST", "/api/turns/5/correct", testPIN, jsonType, `{"row":1,"col":1,"letter":"B"}`, 404, "not a play"},
		{"correct turn zero", "POST", "/api/turns/0/correct", testPIN, jsonType, `{"row":1,"col":1,"letter":"B"}`, 400, "turn"},
		{"challenge stands", "POST", "/api/challenge", testPIN, jsonType, `{"turn":1,"word":"CAT"}`, 200, `"valid":true`},
		{"challenge latest by default", "POST", "/api/challenge", testPIN, jsonType, `{"word":"cat"}`, 200, `"turn":1`},
		{"challenge a word not played", "POST", "/api/challenge", testPIN, jsonType, `{"turn":1,"word":"DOG"}`, 400, "did not form"},
		{"challenge by a seat", "POST", "/api/challenge", testPIN, jsonType, `{"turn":1,"word":"CAT","by":1}`, 200, `"valid":true`},
		{"challenge one's own word", "POST", "/api/challenge", testPIN, jsonType, `{"turn":1,"word":"CAT","by":0}`, 400, "own word"},
		{"challenge by no seat", "POST", "/api/challenge", testPIN, jsonType, `{"turn":1,"word":"CAT","by":7}`, 400, "seat 7"},
		{"challenge no word", "POST", "/api/challenge", testPIN, jsonType, `{"turn":1}`, 400, "word"},
		{"end", "POST", "/api/end", testPIN, jsonType, `{"racks":[0,2]}`, 200, `"tally":[{"name":"Ann","score":6,"tiles":0,"penalty":0,"final":6,"winner":true}`},
		{"end wrong racks", "POST", "/api/end", testPIN, jsonType, `{"racks":[0]}`, 400, "2 players"},
		{"new game", "POST", "/api/new", testPIN, jsonType, `{"players":["Cy","Di","Ed"]}`, 200, `"id":2`},
		{"new game no players", "POST", "/api/new", testPIN, jsonType, `{"players":[]}`, 400, "1 to 4 players"},
		{"new game of the same kind", "POST", "/api/new", testPIN, jsonType, `{"game":"upwords","players":["Cy","Di"]}`, 200, `"game":"upwords"`},
		{"new game of a game not played here", "POST", "/api/new", testPIN, jsonType, `{"game":"nosuchgame","players":["Cy","Di"]}`, 400, "nosuchgame"},
		{"games", "GET", "/api/games", "", "", "", 200, `"current":"upwords"`},
		{"games with a page module", "GET", "/api/games", "", "", "", 200, `{"game":"pagedtest","title":"Paged","min_players":1,"max_players":4,"page":true}`},
		{"a game's page module", "GET", "/games/pagedtest.js", "", "", "", 200, `registerGame("pagedtest"`},
		{"no such game's module", "GET", "/games/nosuch.js", "", "", "", 404, "no such game"},
		{"a module not .js", "GET", "/games/pagedtest.css", "", "", "", 404, "no such game"},
		{"name the word", "POST", "/api/turns/1/word", testPIN, jsonType, `{"word":"cat"}`, 200, `"words":[{"word":"CAT"`},
		{"name the word of no play", "POST", "/api/turns/4/word", testPIN, jsonType, `{"word":"cat"}`, 404, "not a play"},
		{"name no word", "POST", "/api/turns/1/word", testPIN, jsonType, `{}`, 400, "want word"},
		{"name two words", "POST", "/api/turns/1/word", testPIN, jsonType, `{"word":"a cat"}`, 400, "one word"},
		{"correct by the cell's text", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":1,"col":1,"cell":"B"}`, 200, `"words":[{"word":"BAT"`},
		{"correct by the cell's text to empty", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":1,"col":1,"cell":""}`, 200, `"word":"AT"`},
		{"correct by a cell the game cannot hold", "POST", "/api/turns/1/correct", testPIN, jsonType, `{"row":1,"col":1,"cell":"B0"}`, 400, "height"},
		{"upload a JPEG", "POST", "/api/upload", testPIN, "image/jpeg", string(jpeg), 200, `"status":"accepted"`},
		{"upload a multipart form", "POST", "/api/upload", testPIN, "multipart", string(jpeg), 200, `"status":"accepted"`},
		{"upload not an image", "POST", "/api/upload", testPIN, "image/jpeg", "GIF89a....", 415, "not a JPEG"},
		{"upload wrong type", "POST", "/api/upload", testPIN, "text/plain", string(jpeg), 415, "content type"},
		{"upload too large", "POST", "/api/upload", testPIN, "image/jpeg", string(jpeg) + strings.Repeat("x", 2<<10), 413, "limit"},
		{"upload form too large", "POST", "/api/upload", testPIN, "multipart", string(jpeg) + strings.Repeat("x", 8<<10), 413, "limit"},
		{"upload needs the PIN", "POST", "/api/upload", "", "image/jpeg", string(jpeg), 401, "PIN"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.play(t, boardCat)
			body, ctype := []byte(tc.body), tc.ctype
			if ctype == "multipart" {
				body, ctype = multipartPhoto(t, []byte(tc.body))
			}
			w := f.do(tc.method, tc.path, tc.pin, ctype, body)
			if w.Code != tc.wantStatus || !strings.Contains(w.Body.String(), tc.want) {
				t.Fatalf("%s %s: %d %s\nwant %d and %q", tc.method, tc.path, w.Code, w.Body.String(), tc.wantStatus, tc.want)
			}
			if w.Code >= 400 {
				var e struct{ Error string }
				if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
					t.Errorf("an error must be JSON with a message: %s", w.Body.String())
				}
			}
		})
	}
}

func multipartPhoto(t *testing.T, photo []byte) ([]byte, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, err := mw.CreateFormFile("photo", "board.jpg")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(photo)
	mw.Close()
	return b.Bytes(), mw.FormDataContentType()
}

func TestChallengeWithdrawsAPlay(t *testing.T) {
	f := newFixture(t)
	f.play(t, boardCat)
	f.play(t, boardCats) // Ben adds "S": the word is "S", not in the dictionary
	w := f.do("POST", "/api/challenge", testPIN, jsonType, []byte(`{"turn":2,"word":"S"}`))
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"withdrawn":true`) {
		t.Fatalf("challenge: %d %s", w.Code, w.Body.String())
	}
	st := f.sess.State()
	if st.ToPlay != 1 || st.Players[1].Score != 0 || len(st.Turns) != 1 {
		t.Errorf("after a failed word: to_play %d, Ben %d, %d turns; want Ben to play again with 0", st.ToPlay, st.Players[1].Score, len(st.Turns))
	}
}

func TestGameETag(t *testing.T) {
	f := newFixture(t)
	w := f.do("GET", "/api/game", "", "", nil)
	etag := w.Header().Get("ETag")
	req := httptest.NewRequest("GET", "http://localhost/api/game", nil)
	req.Header.Set("If-None-Match", etag)
	w2 := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(w2, req)
	if w2.Code != http.StatusNotModified {
		t.Errorf("same version: %d, want 304", w2.Code)
	}
	f.play(t, boardCat)
	w3 := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(w3, req)
	if w3.Code != 200 {
		t.Errorf("a new version: %d, want 200", w3.Code)
	}
}

func TestWrongPINsAreLimited(t *testing.T) {
	f := newFixture(t)
	now := time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
	f.srv.limiter.now = func() time.Time { return now }
	for i := range tableTries {
		if w := f.do("POST", "/api/pass", fmt.Sprintf("%04d", i), "", nil); w.Code != 403 && w.Code != 429 {
			t.Fatalf("wrong PIN %d: %d", i, w.Code)
		}
		now = now.Add(window / 2) // past this client's growing delays
	}
	now = now.Add(-window / 2)
	if w := f.do("POST", "/api/pass", testPIN, "", nil); w.Code != 429 || w.Header().Get("Retry-After") == "" {
		t.Fatalf("after %d wrong PINs even the right one: %d, want 429 with Retry-After", tableTries, w.Code)
	}
	now = now.Add(maxDelay + time.Second)
	if w := f.do("POST", "/api/pass", testPIN, "", nil); w.Code != 200 {
		t.Fatalf("later: %d, want 200", w.Code)
	}
}

// sseClient reads server-sent events from a real server.
type sseClient struct {
	resp *http.Response
	r    *bufio.Reader
}

type sseEvent struct {
	id, event string
	data      string
}

func openEvents(t *testing.T, url, lastID string) *sseClient {
	t.Helper()
	req, _ := http.NewRequest("GET", url+"/api/events", nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("content type %q", ct)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return &sseClient{resp: resp, r: bufio.NewReader(resp.Body)}
}

// next returns the next event (skipping comments and retry lines).
func (c *sseClient) next() (sseEvent, error) {
	var ev sseEvent
	for {
		line, err := c.r.ReadString('\n')
		if err != nil {
			return ev, err
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "":
			if ev.event != "" {
				return ev, nil
			}
		case strings.HasPrefix(line, "id: "):
			ev.id = line[4:]
		case strings.HasPrefix(line, "event: "):
			ev.event = line[7:]
		case strings.HasPrefix(line, "data: "):
			ev.data += line[6:]
		}
	}
}

// patient is closed once a wait for what takes d on an idle machine is
// over (emulation.Context: longer on a loaded one).
func patient(t *testing.T, d time.Duration) <-chan struct{} {
	ctx, cancel := emulation.Context(context.Background(), t, d)
	t.Cleanup(cancel)
	return ctx.Done()
}

func (c *sseClient) nextState(t *testing.T) game.State {
	t.Helper()
	type res struct {
		ev  sseEvent
		err error
	}
	ch := make(chan res, 1)
	go func() { ev, err := c.next(); ch <- res{ev, err} }()
	select {
	case r := <-ch:
		if r.err != nil {
			t.Fatalf("event stream: %v", r.err)
		}
		var st game.State
		if err := json.Unmarshal([]byte(r.ev.data), &st); err != nil {
			t.Fatalf("event data: %v: %q", err, r.ev.data)
		}
		if r.ev.id != fmt.Sprint(st.Version) || r.ev.event != "game" {
			t.Fatalf("event id %q name %q for version %d", r.ev.id, r.ev.event, st.Version)
		}
		return st
	case <-patient(t, 5*time.Second):
		t.Fatal("no event within 5s (longer on a loaded machine)")
	}
	return game.State{}
}

func TestEventStream(t *testing.T) {
	f := newFixture(t)
	ts := httptest.NewServer(f.srv.Handler())
	defer ts.Close()
	defer f.srv.Close() // ends the streams, so that ts.Close does not wait for them

	c := openEvents(t, ts.URL, "")
	first := c.nextState(t)
	if len(first.Turns) != 0 {
		t.Fatalf("first event: %d turns, want 0", len(first.Turns))
	}
	f.play(t, boardCat)
	f.do("POST", "/api/pass", testPIN, "", nil)
	s1 := c.nextState(t)
	s2 := c.nextState(t)
	if len(s1.Turns) != 1 || len(s2.Turns) != 2 || s2.Turns[1].Kind != "pass" || s1.Version >= s2.Version {
		t.Fatalf("one event per change: got %d then %d turns (versions %d, %d)", len(s1.Turns), len(s2.Turns), s1.Version, s2.Version)
	}

	// A phone that reconnects is sent what it missed, in order.
	f.do("POST", "/api/undo", testPIN, "", nil)
	again := openEvents(t, ts.URL, fmt.Sprint(s1.Version))
	r2, r3 := again.nextState(t), again.nextState(t)
	if r2.Version != s2.Version || len(r3.Turns) != 1 {
		t.Fatalf("after reconnect: versions %d, %d; want %d and the undo", r2.Version, r3.Version, s2.Version)
	}

	// A phone that remembers a version from another table gets this one.
	other := openEvents(t, ts.URL, "999999")
	if st := other.nextState(t); st.Version != r3.Version {
		t.Fatalf("a version from elsewhere: got %d, want the current %d", st.Version, r3.Version)
	}
}

func TestShutdownEndsStreams(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	ln, err := listenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- f.srv.Serve(ctx, ln) }()
	c := openEvents(t, "http://"+ln.Addr().String(), "")
	c.nextState(t)
	cancel()
	read := make(chan error, 1)
	go func() {
		for {
			if _, err := c.next(); err != nil {
				read <- err
				return
			}
		}
	}()
	select {
	case err := <-read:
		if !errors.Is(err, io.EOF) && !strings.Contains(err.Error(), "closed") {
			t.Logf("stream ended with %v", err)
		}
	case <-patient(t, 5*time.Second):
		t.Fatal("the event stream stayed open after shutdown")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-patient(t, 6*time.Second):
		t.Fatal("Serve did not return after shutdown")
	}
}

func listenLoopback() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }

func TestPINFile(t *testing.T) {
	dir := t.TempDir()
	pin, err := LoadOrCreatePIN(dir)
	if err != nil || CheckPIN(pin) != nil || len(pin) != 6 {
		t.Fatalf("new PIN %q, %v", pin, err)
	}
	again, err := LoadOrCreatePIN(dir)
	if err != nil || again != pin {
		t.Fatalf("the PIN changed on reload: %q then %q (%v)", pin, again, err)
	}
	if st, _ := os.Stat(filepath.Join(dir, PINFile)); st.Mode().Perm() != 0o600 {
		t.Errorf("PIN file mode %v, want 0600", st.Mode().Perm())
	}
	tests := []struct{ name, text string }{{"letters", "12ab"}, {"too short", "123"}, {"too long", "1234567"}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := t.TempDir()
			os.WriteFile(filepath.Join(d, PINFile), []byte(tc.text), 0o600)
			if _, err := LoadOrCreatePIN(d); err == nil || !strings.Contains(err.Error(), PINFile) {
				t.Errorf("PIN file %q: %v, want an error naming the file", tc.text, err)
			}
		})
	}
}

func TestNewRefusesAShortPIN(t *testing.T) {
	sess, _ := game.Open(context.Background(), game.NewMemStore(), game.Config{Scorer: rowScorer{}})
	if _, err := New(Config{Session: sess, PIN: "12"}); err == nil {
		t.Fatal("a 2-digit PIN was accepted")
	}
}

func FuzzCorrectBody(f *testing.F) {
	f.Add(`{"row":1,"col":1,"letter":"B","height":1}`)
	f.Add(`{"row":-1,"col":99,"letter":"Qu","height":0}`)
	f.Add(`{"row":1,"col":1,"letter":"\u0000"}`)
	fx := newFixture(f)
	fx.play(f, boardCat)
	f.Fuzz(func(t *testing.T, body string) {
		w := fx.do("POST", "/api/turns/1/correct", testPIN, jsonType, []byte(body))
		if w.Code >= 500 {
			t.Fatalf("body %q: %d %s", body, w.Code, w.Body.String())
		}
	})
}
