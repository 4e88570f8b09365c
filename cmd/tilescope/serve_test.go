//go:build !lean

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	neturl "net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/emulation"
	"github.com/tilescope/tilescope/internal/game"
)

// The serve tests run the real command in a child process (this test
// binary, re-run with TILESCOPE_SERVE_ARGS set), so that it can be killed
// with SIGKILL like a pulled plug.

const childArgsEnv = "TILESCOPE_SERVE_ARGS"

func TestServeChild(t *testing.T) {
	args := os.Getenv(childArgsEnv)
	if args == "" {
		t.Skip("only run as the child of a serve test")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	err := run(ctx, strings.Split(args, "\x1f"), os.Stdout, os.Stderr)
	os.Exit(exitCode(err, os.Stderr))
}

type child struct {
	cmd    *exec.Cmd
	url    string
	stderr *lockedWriter
	done   chan struct{} // closed when the process has exited
	err    error         // its exit error, once done
}

// startServe starts `tilescope serve args...` in a child process and waits
// until it listens.
func startServe(t *testing.T, args ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeChild$", "-test.v=false")
	cmd.Env = append(os.Environ(), childArgsEnv+"="+strings.Join(append([]string{"serve"}, args...), "\x1f"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &lockedWriter{}
	cmd.Stderr = stderr
	// A grandchild that inherited stderr must not keep Wait (and so the
	// test's cleanup) from returning once the child is killed.
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stderr: stderr, done: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				addr <- a
			}
		}
	}()
	go func() { c.err = cmd.Wait(); close(c.done) }()
	t.Cleanup(func() { cmd.Process.Kill(); <-c.done })
	listen, stop := emulation.Context(context.Background(), t, 60*time.Second)
	defer stop()
	start := time.Now()
	select {
	case a := <-addr:
		c.url = "http://" + a
	case <-c.done:
		t.Fatalf("serve exited before listening: %v\n%s", c.err, stderr.String())
	case <-listen.Done():
		t.Fatalf("serve did not listen within %v\n%s", time.Since(start).Round(time.Second), stderr.String())
	}
	return c
}

// lockedWriter is the child's stderr, read by the test while the child
// writes it.
type lockedWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (c *child) game(t *testing.T) game.State {
	t.Helper()
	resp, err := http.Get(c.url + "/api/game")
	if err != nil {
		t.Fatalf("GET /api/game: %v", err)
	}
	defer resp.Body.Close()
	var st game.State
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatalf("GET /api/game: %v", err)
	}
	return st
}

// waitFor polls the game until ok says yes.
func (c *child) waitFor(t *testing.T, what string, limit time.Duration, ok func(game.State) bool) game.State {
	t.Helper()
	wait := emulation.NewWait(t, limit)
	for {
		st := c.game(t)
		if ok(st) {
			return st
		}
		if wait.Over() {
			t.Fatalf("no %s within %v; the game: %d turns, %d records\n%s", what, wait, len(st.Turns), len(st.History), c.stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// settled returns the game once its turns, their records and the board
// have stopped changing for a few frames' time (longer on a loaded
// machine), starting from st. A demo stays on its last photo, but under
// load that photo's reading can land after the first state that shows
// the demo's last turn: a test that takes its expectations from st
// alone then waits for a page that has moved on.
func (c *child) settled(t *testing.T, st game.State) game.State {
	t.Helper()
	quiet := time.Duration(float64(emulation.Patient(2*time.Second)) * max(1, emulation.LoadFactor()))
	wait := emulation.NewWait(t, 60*time.Second)
	key := func(s game.State) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%d %s", len(s.Turns), s.BoardText)
		for _, h := range s.History {
			fmt.Fprintf(&b, "|%d %s %s %v", h.N, h.Status, h.Frame, h.Words)
		}
		return b.String()
	}
	last, since := key(st), time.Now()
	for time.Since(since) < quiet {
		if wait.Over() {
			t.Fatalf("the game did not settle within %v: %d turns, %d records", wait, len(st.Turns), len(st.History))
		}
		time.Sleep(200 * time.Millisecond)
		st = c.game(t)
		if k := key(st); k != last {
			last, since = k, time.Now()
		}
	}
	return st
}

func maxDemoTurn(st game.State) int {
	var frames []string
	for _, h := range st.History {
		frames = append(frames, h.Frame)
	}
	return lastDemoTurn(frames)
}

// TestServeSurvivesKill9 plays the demo, kills the service with SIGKILL
// mid-game, starts it again on the same data directory, and checks that
// every turn it had told the phones about is still there, unchanged, and
// that the demo carries on after the last recorded turn instead of
// starting over.
func TestServeSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the service for tens of seconds")
	}
	data := t.TempDir()
	args := []string{"--addr", "127.0.0.1:0", "--data", data, "--camera", "demo", "--frame-period", "150ms", "--pin", "2468", "--demo-restart", "0"}
	first := startServe(t, args...)
	before := first.waitFor(t, "third demo turn", 120*time.Second, func(st game.State) bool { return maxDemoTurn(st) >= 3 })
	if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-first.done
	// Whatever the phones last saw is the least the log must hold: the
	// service may have committed a turn after our last look, never fewer.
	second := startServe(t, args...)
	after := second.game(t)
	if after.ID != before.ID {
		t.Fatalf("restarted into game %d, want the same game %d", after.ID, before.ID)
	}
	if len(after.History) < len(before.History) {
		t.Fatalf("after kill -9: %d turn records, had %d", len(after.History), len(before.History))
	}
	for i, b := range before.History {
		a := after.History[i]
		if a.N != b.N || a.Status != b.Status || a.Score != b.Score || a.Frame != b.Frame || a.Board != b.Board {
			t.Errorf("turn %d changed across the crash:\nbefore %+v\nafter  %+v", b.N, b, a)
		}
	}
	for i, p := range before.Players {
		if after.Players[i].Score != p.Score && len(after.Turns) == len(before.Turns) {
			t.Errorf("%s scored %d before the crash and %d after", p.Name, p.Score, after.Players[i].Score)
		}
	}
	if _, err := os.Stat(filepath.Join(data, "photos", fmt.Sprint(before.ID), fmt.Sprintf("%d.jpg", before.History[0].N))); err != nil {
		t.Errorf("the first turn's photo is not beside the database: %v", err)
	}
	// The demo resumes: a later demo turn arrives, and no demo turn already
	// recorded is played again.
	resumedFrom := maxDemoTurn(after)
	carried := second.waitFor(t, "a demo turn after the restart", 120*time.Second, func(st game.State) bool { return maxDemoTurn(st) > resumedFrom })
	seen := map[string]int{}
	for _, h := range carried.History {
		if strings.HasPrefix(h.Frame, "demo turn") {
			seen[h.Frame]++
		}
	}
	for f, n := range seen {
		if n > 1 {
			t.Errorf("%s was recorded %d times: the demo started over", f, n)
		}
	}
	if t.Failed() {
		for _, h := range carried.History {
			t.Logf("turn %d %s %s %s %s", h.N, h.Frame, h.Status, h.Code, h.Error)
		}
		t.Logf("the service's log:\n%s", second.stderr.String())
	}
	t.Logf("before the kill: %d records up to demo turn %d; after the restart: resumed from %d, reached %d",
		len(before.History), maxDemoTurn(before), resumedFrom, maxDemoTurn(carried))
}

// TestServeStopsOnSIGTERM runs the service with phones as the only camera:
// the challenge route with the real dictionary and WordNet, uploads through
// the real vision and rules, and a clean stop on SIGTERM that ends the
// event streams and exits 0.
func TestServeStopsOnSIGTERM(t *testing.T) {
	data := t.TempDir()
	c := startServe(t, "--addr", "127.0.0.1:0", "--data", data, "--camera", "upload", "--pin", "1357")

	// The dictionary and WordNet behind the challenge route.
	var v struct {
		Word       string
		Valid      bool
		Definition string
	}
	get(t, c.url+"/api/challenge?word=heart&lang=en", &v)
	if !v.Valid || v.Word != "HEART" {
		t.Errorf("challenge HEART: %+v", v)
	}
	if _, err := os.Stat("/usr/share/wordnet/index.noun"); err == nil && v.Definition == "" {
		t.Errorf("WordNet is installed, yet HEART has no definition")
	}
	get(t, c.url+"/api/challenge?word=hearq&lang=en", &v)
	if v.Valid {
		t.Errorf("HEARQ is a word?")
	}
	// A Cyrillic word without lang is Russian, every form, with its lemma.
	v = struct {
		Word       string
		Valid      bool
		Definition string
	}{}
	get(t, c.url+"/api/challenge?word="+neturl.QueryEscape("коты"), &v)
	if !v.Valid || v.Word != "КОТЫ" || v.Definition != "кот (noun)" {
		t.Errorf("challenge КОТЫ: %+v", v)
	}

	// A phone's photo goes through the vision and the rules: the demo's
	// first turn, HEART for 10.
	photo, err := os.ReadFile("../../hw/camera/demodata/frames/turn-01.jpg")
	if err != nil {
		t.Fatal(err)
	}
	uploads := []struct {
		name   string
		pin    string
		ctype  string
		body   []byte
		status int
	}{
		{"no PIN", "", "image/jpeg", photo, 401},
		{"not an image", "1357", "image/jpeg", []byte("GIF89a not a jpeg"), 415},
		{"the first turn", "1357", "image/jpeg", photo, 200},
		{"the same board again", "1357", "image/jpeg", photo, 409},
	}
	for _, u := range uploads {
		req, _ := http.NewRequest("POST", c.url+"/api/upload", bytes.NewReader(u.body))
		req.Header.Set("Content-Type", u.ctype)
		if u.pin != "" {
			req.Header.Set("X-Tilescope-PIN", u.pin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var turn game.Turn
		json.NewDecoder(resp.Body).Decode(&turn)
		resp.Body.Close()
		if resp.StatusCode != u.status {
			t.Errorf("upload, %s: %s, want %d", u.name, resp.Status, u.status)
		}
		if u.status == 200 && (turn.Status != game.StatusAccepted || turn.Score != 10 || len(turn.Words) != 1 || turn.Words[0].Word != "HEART") {
			t.Errorf("upload of the demo's first turn: %+v, want HEART for 10", turn)
		}
	}
	if _, err := os.Stat(filepath.Join(data, "photos", "1", "1.jpg")); err != nil {
		t.Errorf("the uploaded photo is not kept: %v", err)
	}

	resp, err := http.Get(c.url + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	if _, err := br.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	c.cmd.Process.Signal(syscall.SIGTERM)
	stopping, stop := emulation.Context(context.Background(), t, 15*time.Second)
	defer stop()
	select {
	case <-c.done:
		if c.err != nil {
			t.Fatalf("serve after SIGTERM: %v\n%s", c.err, c.stderr.String())
		}
	case <-stopping.Done():
		t.Fatal("serve did not stop within 15s of SIGTERM (longer on a loaded machine)")
	}
	if pin, _ := os.ReadFile(filepath.Join(data, "pin")); len(pin) != 0 {
		t.Errorf("--pin given, yet a PIN file was written: %q", pin)
	}
}

// TestServeDemoLoops: after the recorded game's last turn the demo ends
// the game (the tally shows) and starts a new one from the first turn.
func TestServeDemoLoops(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the whole demo game")
	}
	c := startServe(t, "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--camera", "demo",
		"--frame-period", "20ms", "--demo-restart", "1s", "--pin", "1234")
	over := c.waitFor(t, "the end of the demo game", 120*time.Second, func(st game.State) bool { return st.Over })
	if len(over.Tally) != 2 || over.ID != 1 || maxDemoTurn(over) != 11 {
		t.Fatalf("the demo's end: game %d, tally %+v, last demo turn %d", over.ID, over.Tally, maxDemoTurn(over))
	}
	again := c.waitFor(t, "a new demo game with a turn", 60*time.Second, func(st game.State) bool { return st.ID == 2 && len(st.Turns) > 0 })
	if again.Over || again.Turns[0].Frame != "demo turn 1" {
		t.Fatalf("the new game: over %v, first turn %+v", again.Over, again.Turns[0])
	}
	t.Logf("demo game 1 ended %d-%d after %d turns; game 2 started", over.Players[0].Score, over.Players[1].Score, len(over.Turns))
}

func get(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

func TestServeBadFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad camera", []string{"--camera", "webcam9"}, "--camera"},
		{"bad size", []string{"--size", "9"}, "--size"},
		{"bad pin", []string{"--pin", "12ab"}, "--pin"},
		{"no players", []string{"--players", " , "}, "--players"},
		{"data is a file", []string{"--data", file}, "--data"},
		{"stray argument", []string{"now"}, "unexpected argument"},
		{"bad lang", []string{"--lang", "fr"}, "--lang"},
		{"no hold", []string{"--hold", "0s"}, "--hold"},
		{"no still", []string{"--still", "0s"}, "--still"},
		{"no write timeout", []string{"--write-timeout", "0s"}, "--write-timeout"},
		{"negative write timeout", []string{"--write-timeout", "-5s"}, "--write-timeout"},
		{"no pin file", []string{"--pin-file", filepath.Join(file, "nope")}, "--pin-file"},
		{"bad pin file", []string{"--pin-file", file}, "--pin-file"},
		{"pin and pin file", []string{"--pin", "1234", "--pin-file", file}, "give one"},
		{"bad trusted proxy", []string{"--trusted-proxy", "proxy.lan"}, "--trusted-proxy"},
		{"bad trusted network", []string{"--trusted-proxy", "10.0.0.1,10.0.0.0/33"}, "--trusted-proxy"},
		{"unknown game", []string{"--game", "chess"}, "--game"},
		{"unknown setting", []string{"--set", "colour=red"}, "colour"},
		{"bad setting", []string{"--set", "refuse=maybe"}, "refuse"},
		{"setting without a value", []string{"--set", "refuse"}, "NAME=VALUE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, tc.args...)
			var out, errb strings.Builder
			err := run(context.Background(), args, &out, &errb)
			if code := exitCode(err, &errb); code != 2 || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("serve %v: exit %d, %q; want 2 naming %s", tc.args, code, errb.String(), tc.want)
			}
		})
	}
}

func TestLastDemoTurn(t *testing.T) {
	tests := []struct {
		frames []string
		want   int
	}{
		{nil, 0},
		{[]string{"upload 12:00:00"}, 0},
		{[]string{"demo turn 1", "demo turn 3", "demo turn 2 (placing)"}, 3},
		{[]string{"demo turn 12"}, 12},
	}
	for _, tc := range tests {
		if got := lastDemoTurn(tc.frames); got != tc.want {
			t.Errorf("lastDemoTurn(%q) = %d, want %d", tc.frames, got, tc.want)
		}
	}
}

// TestTablePIN: the PIN comes from --pin-file, $TILESCOPE_PIN or --pin (which
// shows in ps: kept for compatibility), in that order; none means the data
// directory's.
func TestTablePIN(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "pin")
	os.WriteFile(good, []byte("  482913\n"), 0o600)
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte("48 29 13\n"), 0o600)
	tests := []struct {
		name          string
		flag, file    string
		env           string // "-" unset
		want, wantErr string
	}{
		{"nothing", "", "", "-", "", ""},
		{"flag", "1234", "", "-", "1234", ""},
		{"file", "", good, "-", "482913", ""},
		{"environment", "", "", " 5678 ", "5678", ""},
		{"file before environment", "", good, "5678", "482913", ""},
		{"flag before environment", "1234", "", "5678", "1234", ""},
		{"bad file", "", bad, "-", "", "--pin-file"},
		{"bad environment", "", "", "12", "", "TILESCOPE_PIN"},
		{"both flags", "1234", good, "-", "", "give one"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.env == "-" {
				t.Setenv(pinEnv, "")
				os.Unsetenv(pinEnv)
			} else {
				t.Setenv(pinEnv, tc.env)
			}
			got, err := tablePIN(tc.flag, tc.file)
			if tc.wantErr != "" {
				var bi badInput
				if !errors.As(err, &bi) || !strings.Contains(err.Error(), tc.wantErr) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("tablePIN: %q, %v; want bad input naming %s", got, err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("tablePIN: %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestServeScrabbleOnePlayer: Scrabble is for 2 to 4 players; serve with
// one refuses it in one line (exit 2) naming --players.
func TestServeScrabbleOnePlayer(t *testing.T) {
	args := []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--game", "scrabble", "--players", "Ann"}
	var out, errb strings.Builder
	err := run(context.Background(), args, &out, &errb)
	code := exitCode(err, &errb)
	msg := strings.TrimSpace(errb.String())
	if code != 2 || !strings.Contains(msg, `--players "Ann": Scrabble is for 2 to 4 players, not 1`) || strings.Contains(msg, "\n") {
		t.Errorf("serve --game scrabble --players Ann: exit %d, %q", code, msg)
	}
}
