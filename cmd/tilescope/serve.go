//go:build !lean

package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image/jpeg"
	_ "image/png" // uploads
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/skip2/go-qrcode"

	"github.com/tilescope/tilescope/dict/wordnet"
	"github.com/tilescope/tilescope/hw/camera"
	"github.com/tilescope/tilescope/hw/gpio"
	"github.com/tilescope/tilescope/internal/game"
	upwordsgame "github.com/tilescope/tilescope/internal/games/upwords"
	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/internal/sqlite"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/web"
)

func init() {
	register(command{name: "serve", summary: "the table service: camera -> vision -> scoring -> every phone (make run)", run: runServe, scansPhotos: true})
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", ":8080", "listen on `HOST:PORT` (:0 picks a free port)")
	data := fs.String("data", defaultDataDir(), "data `DIR`: the game log (tilescope.db), the turns' photos and the PIN")
	kind := fs.String("game", "upwords", "the game of a new table: "+strings.Join(game.Kinds(), ", ")+" (the page's \"new game\" can choose another)")
	opts := game.Options{}
	fs.Func("set", "a setting of the game, `NAME=VALUE` (repeatable; docs/games.md; e.g. refuse=true)", func(v string) error {
		name, value, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return fmt.Errorf("%q: want NAME=VALUE", v)
		}
		opts[strings.TrimSpace(name)] = strings.TrimSpace(value)
		return nil
	})
	hf := addHardwareFlags(fs, "demo")
	df := addDictFlags(fs, "en")
	players := fs.String("players", "Ann,Ben", "players of a new game, in seat order, comma-separated (1 to 4); with --camera demo, a demo recorded for other seats (pyramids, twists: three) seats its own unless this is given")
	pinFlag := fs.String("pin", "", "the table's PIN (4-6 digits); discouraged: anyone on the machine sees it in ps (use --pin-file or $"+pinEnv+"); default: the one kept in DIR/pin, made at random on first start")
	pinFile := fs.String("pin-file", "", "read the table's PIN (4-6 digits) from `FILE`")
	var proxies stringList
	fs.Var(&proxies, "trusted-proxy", "`ADDR` or network (CIDR) of a reverse proxy whose X-Forwarded-For names the client (repeat or separate with commas); default none: forwarding headers are ignored")
	publicURL := fs.String("url", "", "the address phones open, for the QR code (default: http://THIS-MACHINE'S-LAN-ADDRESS:PORT/)")
	size := fs.Int("size", 10, "Upwords board: 10 (current) or 8 (classic)")
	autoCheck := fs.Bool("auto-check", false, "the referee refuses non-words at once: every word is checked against the dictionary as it is played (default: a word stands unless challenged, as at a real table; the same as --set refuse=true)")
	wnDir := fs.String("wordnet", "", "WordNet database `DIR` for definitions in challenges (default $WNSEARCHDIR or "+wordnet.DefaultDir+"); none: no definitions")
	demoRestart := fs.Duration("demo-restart", time.Minute, "with --camera demo: this long after the recorded game's last turn, end the game (the tally), and as long again later start it over; 0 stays on the last turn")
	period := fs.Duration("frame-period", time.Second, "time between demo frames (a demo turn is 5 frames) and between photos of a dir: camera")
	hold := fs.Duration("hold", 10*time.Second, "with a camera watched for turns (no --button): how long something may lie still on the board's edge (a pencil, a cup) before it is taken as part of the table and turns are read again; a hand or an arm reaching into the grid is waited for three times as long")
	writeTimeout := fs.Duration("write-timeout", web.DefaultLimits.WriteTimeout, "how long an answer may take to be written, reading an uploaded photo included; a slow machine reading big photos may need longer (an event stream's every write has as long)")
	still := fs.Duration("still", vision.DefaultStillFor, "with a live camera watched for turns (no --button): how long the board and the table around it must be still (and 3 frames) before the photo is read as the turn; shorter brings the turn to the phones sooner, with more risk of reading a board a hand is about to touch again")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope serve [--addr HOST:PORT] [--game G] [--camera SPEC] [--data DIR] [options]")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErrorf("serve: %v", err)
	}
	if fs.NArg() > 0 {
		return usageErrorf("serve: unexpected argument %q", fs.Arg(0))
	}
	if *size != 10 && *size != 8 {
		return usageErrorf("serve: --size %d: want 10 or 8", *size)
	}
	if *period <= 0 {
		return usageErrorf("serve: --frame-period %v: want a positive duration", *period)
	}
	if *hold <= 0 {
		return usageErrorf("serve: --hold %v: want a positive duration", *hold)
	}
	if *still <= 0 {
		return usageErrorf("serve: --still %v: want a positive duration", *still)
	}
	if *writeTimeout <= 0 {
		return usageErrorf("serve: --write-timeout %v: want a positive duration", *writeTimeout)
	}
	names := splitPlayers(*players)
	if len(names) < 1 || len(names) > 4 {
		return usageErrorf("serve: --players %q: want 1 to 4 names separated by commas", *players)
	}
	pin, err := tablePIN(*pinFlag, *pinFile)
	if err != nil {
		return err
	}
	if *data == "" {
		return usageErrorf("serve: --data: no data directory (and $HOME is not set)")
	}
	if err := web.CheckProxies(proxies); err != nil {
		return usageErrorf("serve: --trusted-proxy: %v", err)
	}
	words, err := df.open()
	if err != nil {
		return err
	}
	logf := func(format string, a ...any) {
		fmt.Fprintf(stderr, "%s %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, a...))
	}

	// Storage and the game.
	store, err := sqlite.Open(ctx, *data)
	if err != nil {
		return asBadInput(fmt.Errorf("serve: --data %s: %w", *data, err))
	}
	defer store.Close()
	if pin == "" {
		if pin, err = web.LoadOrCreatePIN(*data); err != nil {
			return asBadInput(fmt.Errorf("serve: %w", err))
		}
	}
	g, err := game.Lookup(*kind)
	if err != nil {
		return usageErrorf("serve: --game: %v", err)
	}
	if *kind == upwordsgame.Kind {
		opts[upwordsgame.OptSize] = strconv.Itoa(*size)
	}
	if *autoCheck {
		opts[game.OptRefuse] = "true"
	}
	var demoTurns []camera.DemoTurn
	var demoLoad func() ([]camera.DemoTurn, error)
	var sess *game.Session   // set before the demo's photos are drawn
	demoWords := &wordList{} // the word announced with each demo photo
	if dm, ok := g.(game.Demoer); ok && strings.TrimSpace(hf.camera) == "demo" {
		// The game's own recorded game, with its settings unless given:
		// its photos are drawn in the background (or read from the
		// data directory's cache) when the game says its settings
		// without them, at once otherwise.
		var d *game.Demo
		if dr, ok := dm.(game.DemoRecorder); ok {
			rec, err := dr.DemoRecord()
			if err != nil {
				return fmt.Errorf("serve: the %s demo: %w", *kind, err)
			}
			d = &game.Demo{Options: rec.Options, Players: rec.Players}
			demoLoad = func() ([]camera.DemoTurn, error) {
				return loadDemo(ctx, *kind, dm, rec, *data, sess, demoWords, logf)
			}
		} else if d, err = dm.Demo(); err != nil {
			return fmt.Errorf("serve: the %s demo: %w", *kind, err)
		}
		for k, v := range d.Options {
			if given, set := opts[k]; set && given != v {
				// The demo's photos are of a table set up its way: read
				// with another setting (an English reader on Russian
				// tiles) they would be nonsense.
				return usageErrorf("serve: --set %s=%s: the %s demo is a game with %s=%s (drop --set %s or use another --camera)", k, given, *kind, k, v, k)
			}
			opts[k] = v
		}
		demoTurns = demoFrames(d, demoWords)
		names = demoSeats(fs, names, d.Players, *kind, logf)
	}
	if err := game.CheckSeats(*kind, len(names)); err != nil {
		return usageErrorf("serve: --players %q: %s", strings.Join(names, ","), strings.TrimPrefix(err.Error(), game.ErrBadInput.Error()+": "))
	}
	env := game.Env{Dict: words, Lang: tableLang(fs, df), DataDir: *data, Logf: logf, Camera: true}
	rules, err := g.New(opts, env)
	if err != nil {
		return usageErrorf("serve: --game %s: %v", *kind, err)
	}
	if c, ok := rules.(io.Closer); ok {
		defer c.Close()
	}
	sess, err = game.Open(ctx, store, game.Config{
		Kind: *kind, Players: names, Rules: rules, Options: opts, Dict: words,
		NewRules: game.RulesFrom(env),
	})
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}

	// The pipeline: camera -> vision (the game's reader) -> session.
	led, err := hf.openLED()
	if err != nil {
		return err
	}
	defer func() { led.Set(gpio.Off); led.Close() }()
	led.Set(gpio.Idle)
	pipe := &game.Pipeline{Session: sess, Logf: logf, OnTurn: func(t game.Turn) {
		if w := demoWord(demoWords.get(), t); w != "" {
			// The demo's players announce their word: the table names it.
			if _, err := sess.NameWord(ctx, t.N, w); err != nil {
				logf("demo: naming %s: %v", w, err)
			} else {
				logf("demo: the word announced is %s", w)
			}
		}
		if t.Status == game.StatusAccepted {
			led.Set(gpio.Accepted)
		} else {
			led.Set(gpio.Error)
		}
	}}
	src, err := camera.Open(hf.camera, camera.Options{Logf: logf, FramePeriod: *period, Demo: demoTurns, DemoLoad: demoLoad})
	if err != nil {
		return asBadInput(fmt.Errorf("serve: --camera: %w", err))
	}
	defer src.Close()
	if sk, ok := src.(camera.Seeker); ok {
		// A recorded game carries on from the turn the log ends at.
		if turn := lastDemoTurn(sess.Frames()); turn > 0 {
			if err := sk.Seek(turn); err != nil {
				logf("demo: cannot resume at turn %d: %v; starting over", turn, err)
			} else {
				logf("demo: resuming after turn %d", turn)
			}
		}
	}
	btn, err := hf.openButton()
	if err != nil {
		return err
	}
	defer btn.Close()

	// The web side.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return asBadInput(fmt.Errorf("serve: --addr %s: %w", *addr, err))
	}
	url := *publicURL
	if url == "" {
		url = lanURL(ln.Addr())
	}
	srv, err := web.New(web.Config{
		Session: sess, PIN: pin, URL: url, Logf: logf, TrustedProxies: proxies, Hosts: ownNames(),
		Dicts: func(lang string) (web.Dictionary, error) {
			l, err := dictLang(lang)
			if err != nil {
				return nil, err
			}
			if l == df.lang || (df.lang == "" && l == "en") {
				return words, nil
			}
			return openDict(l, "")
		},
		Definer:  definer(*wnDir, logf),
		Forms:    russianFormsDefiner{},
		Lang:     df.lang,
		Uploader: &uploader{pipe: pipe},
		Limits:   web.Limits{WriteTimeout: *writeTimeout},
	})
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	announce(stdout, sess, ln.Addr(), url, pin, hf.camera, *data)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	if !isUpload(src) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The turn detector watches the board of the game being
			// played (its Locate, game.Watcher), made again when a new
			// game of another kind starts; a game without one has every
			// frame read (an unchanged table is no turn).
			rows, _ := sess.Rules().Empty().Size()
			watch := newTurnWatcher(turnOptions(src, rows, *period, *hold, *still), sess, logf)
			watch.pace = framePace(src, *period)
			watch.follow(sess.Rules)
			watch.resume(ctx, sess)
			frames := turnSource(ctx, hf, src, btn, watch)
			if err := pipe.Run(ctx, frames); err != nil {
				logf("camera: %v", err)
			}
		}()
	}
	if demo, ok := src.(*camera.Demo); ok && *demoRestart > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			loopDemo(ctx, sess, demo, *demoRestart, logf)
		}()
	}
	err = srv.Serve(ctx, ln)
	cancel()
	src.Close()
	wg.Wait()
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	logf("stopped; the game is in %s", filepath.Join(*data, sqlite.FileName))
	return nil
}

// ownNames are this machine's own names (raspberrypi, raspberrypi.local):
// the service answers to them as well as to its --url's host.
func ownNames() []string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return nil
	}
	return []string{h, h + ".local"}
}

// pinEnv is the environment variable that may hold the table's PIN.
const pinEnv = "TILESCOPE_PIN"

// tablePIN is the PIN given by --pin-file, $TILESCOPE_PIN or --pin (at most
// one of the flags), checked; "" when none is given (the data directory's
// is used).
func tablePIN(flagPIN, file string) (string, error) {
	switch {
	case flagPIN != "" && file != "":
		return "", usageErrorf("serve: --pin and --pin-file: give one")
	case file != "":
		pin, err := web.ReadPINFile(file)
		if err != nil {
			return "", usageErrorf("serve: --pin-file: %v", err)
		}
		return pin, nil
	case flagPIN != "":
		if err := web.CheckPIN(flagPIN); err != nil {
			return "", usageErrorf("serve: --pin: %v", err)
		}
		return flagPIN, nil
	}
	if pin, ok := os.LookupEnv(pinEnv); ok {
		pin = strings.TrimSpace(pin)
		if err := web.CheckPIN(pin); err != nil {
			return "", usageErrorf("serve: $%s: %v", pinEnv, err)
		}
		return pin, nil
	}
	return "", nil
}

// stringList is a flag that may be repeated, each value also split at
// commas.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }

func (l *stringList) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

func defaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "tilescope")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "tilescope")
	}
	return ""
}

func splitPlayers(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var demoFrame = regexp.MustCompile(`^demo turn (\d+)`)

// demoWord is the word the demo's player announced with the photo of turn
// t, when the referee took another or could not choose ("" when none or the
// same).
func demoWord(words []string, t game.Turn) string {
	m := demoFrame.FindStringSubmatch(t.Frame)
	if m == nil || (t.Status != game.StatusAccepted && t.Code != "ambiguous") {
		return ""
	}
	n, _ := strconv.Atoi(m[1])
	if n >= len(words) || words[n] == "" {
		return ""
	}
	for _, w := range t.Words {
		if strings.EqualFold(w.Word, words[n]) {
			return ""
		}
	}
	return words[n]
}

// lastDemoTurn is the latest demo turn the log recorded a play of, 0 when
// none: the demo resumes there.
func lastDemoTurn(frames []string) int {
	last := 0
	for _, f := range frames {
		if m := demoFrame.FindStringSubmatch(f); m != nil {
			if n, _ := strconv.Atoi(m[1]); n > last {
				last = n
			}
		}
	}
	return last
}

// loopDemo keeps the demo going: once the log holds the recorded game's
// last turn and nothing has happened for wait, it ends the game (no tiles
// left on the racks) so the tally shows; wait later it starts a new game
// with the same players and puts the demo back to its first turn.
func loopDemo(ctx context.Context, sess *game.Session, demo *camera.Demo, wait time.Duration, logf func(string, ...any)) {
	select {
	case <-demo.Ready(): // the recorded game's photos are drawn
	case <-ctx.Done():
		return
	}
	if demo.Turns() < 1 {
		return // no game to replay (the camera said why)
	}
	tick := time.NewTicker(min(wait/4, time.Second))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		st := sess.State()
		if lastDemoTurn(sess.Frames()) < demo.Turns() || time.Since(st.Updated) < wait {
			continue
		}
		if !st.Over {
			if _, err := sess.End(ctx, make([]int, len(st.Players))); err != nil {
				logf("demo: ending the game: %v", err)
			} else {
				logf("demo: the recorded game is over; a new one starts in %v", wait)
			}
			continue
		}
		names := make([]string, len(st.Players))
		for i, p := range st.Players {
			names[i] = p.Name
		}
		if err := sess.NewGame(ctx, names); err != nil {
			logf("demo: new game: %v", err)
			continue
		}
		if err := demo.Seek(0); err != nil {
			logf("demo: %v", err)
		}
		logf("demo: game %d starts", sess.State().ID)
	}
}

// announce prints where the table is served, its QR code and its PIN.
func announce(w io.Writer, sess *game.Session, ln net.Addr, url, pin, cam, data string) {
	st := sess.State()
	fmt.Fprintf(w, "Tilescope: game %d (%s, %d turns so far) with camera %q, data in %s\n", st.ID, st.Game, len(st.Turns), cam, data)
	fmt.Fprintf(w, "listening on %s\n", ln.String())
	fmt.Fprintf(w, "open on a phone: %s\n", url)
	if qr, err := qrcode.New(url, qrcode.Low); err == nil {
		fmt.Fprint(w, qr.ToSmallString(false))
	}
	fmt.Fprintf(w, "PIN: %s   (needed to change the game; everyone else can watch)\n", pin)
}

// lanURL is the address phones on the same network open: the machine's
// first private IPv4 address when listening on all interfaces.
func lanURL(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String() + "/"
	}
	host := tcp.IP.String()
	if tcp.IP.IsUnspecified() {
		host = "localhost"
		if ip := lanIP(); ip != nil {
			host = ip.String()
		}
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(tcp.Port)) + "/"
}

func lanIP() net.IP {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var fallback net.IP
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.To4() == nil {
			continue
		}
		if n.IP.IsPrivate() {
			return n.IP
		}
		if fallback == nil {
			fallback = n.IP
		}
	}
	return fallback
}

// unreadable is a photo that does not decode: the user's problem.
type unreadable = upwordsgame.Unreadable

// cameraFrames adapts a camera.Source to the pipeline's FrameSource.
type cameraFrames struct{ src camera.Source }

func (c cameraFrames) Next(ctx context.Context) (game.Frame, error) {
	f, err := c.src.Next(ctx)
	if err != nil {
		return game.Frame{}, err
	}
	return game.Frame{ID: f.Name, JPEG: f.JPEG, At: f.At}, nil
}

// uploader takes a phone's photo through the pipeline.
type uploader struct{ pipe *game.Pipeline }

func (u *uploader) Upload(ctx context.Context, photo []byte) (game.Turn, error) {
	_, format, err := imagesize.CheckBytes(photo)
	if err != nil {
		return game.Turn{}, unreadable{Err: fmt.Errorf("the image: %w", err)}
	}
	img, err := decodePhotoBytes(photo)
	if err != nil {
		return game.Turn{}, unreadable{Err: fmt.Errorf("the image does not decode: %w", err)}
	}
	if format != "jpeg" {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
			return game.Turn{}, err
		}
		photo = b.Bytes()
	}
	return u.pipe.Submit(ctx, game.Frame{ID: "upload " + time.Now().UTC().Format("15:04:05"), JPEG: photo, Image: img})
}

// definer looks English words up in WordNet when it is installed; without
// it challenges have no definitions, and nothing else changes.
func definer(dir string, logf func(string, ...any)) web.Definer {
	if dir == "none" {
		return nil
	}
	wn, err := wordnet.Open(dir)
	if err != nil {
		logf("definitions: %v", err)
		return nil
	}
	return wordnet.Texts{WordNet: wn}
}

// demoSeats are the players of a new game on a demo recorded for a
// number of seats (recorded): its players when --players was not given
// (a Pyramids or Twists demo played by two seats would give its third
// player's turns to the first: a word refused for its colour), else the
// names given, with a word in the log when they are not as many.
func demoSeats(fs *flag.FlagSet, names, recorded []string, kind string, logf func(string, ...any)) []string {
	if len(recorded) == 0 {
		return names
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "players" })
	if !given {
		return recorded
	}
	if len(names) != len(recorded) {
		logf("demo: the %s demo was played by %d players (%s): with %d its turns go to other seats than recorded, and some may be refused", kind, len(recorded), strings.Join(recorded, ", "), len(names))
	}
	return names
}

// tableLang is the language of the table's word list: --lang's for a
// built-in list or when given; "" (not known) for a list of one's own
// (--dict) without --lang.
func tableLang(fs *flag.FlagSet, df *dictFlags) string {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "lang" })
	if df.path != "" && !given {
		return ""
	}
	l, _ := dictLang(df.lang)
	return l
}

// russianFormsDefiner gives the table service a Russian word's lemma and
// part of speech (web.Config.Forms).
type russianFormsDefiner struct{}

func (russianFormsDefiner) Define(word string) (string, bool) {
	s := russianForms(word)
	return s, s != ""
}
