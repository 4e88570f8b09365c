package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/skip2/go-qrcode"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/scoring/grid"
)

//go:embed static
var staticFS embed.FS

// Dictionary is what a challenge looks a word up in.
type Dictionary interface {
	Contains(word string) bool
}

// Definer gives a short definition of a word ("" and false when it has
// none), e.g. from WordNet.
type Definer interface {
	Define(word string) (string, bool)
}

// Uploader reads a photo a phone sent and records it as a turn.
type Uploader interface {
	Upload(ctx context.Context, photo []byte) (game.Turn, error)
}

// Config is what the server needs.
type Config struct {
	Session *game.Session
	// PIN gates every change; it must not be empty.
	PIN string
	// URL is the address phones open (shown as the QR code).
	URL string
	// Dicts returns the dictionary for a challenge's lang ("en", "ru"); an
	// error for an unknown language.
	Dicts func(lang string) (Dictionary, error)
	// Definer gives definitions of English words; nil means none.
	Definer Definer
	// Forms tells what a valid Russian word is a form of (its lemma and
	// part of speech: there is no free Russian definitions source); nil
	// means nothing.
	Forms Definer
	// Lang is the language of the table's dictionary ("en" when empty):
	// the page's challenge box starts on it (GET /api/info), and a
	// challenge of a play is explained in it.
	Lang string
	// Uploader takes photos from the page; nil disables /api/upload (503).
	Uploader Uploader
	// MaxUpload bounds an uploaded photo (default 10 MB).
	MaxUpload int64
	// Heartbeat is the interval of keep-alive comments on event streams
	// (default 15s), so proxies and phones keep the stream open.
	Heartbeat time.Duration
	// Logf logs requests that failed; nil discards.
	Logf func(format string, a ...any)
	// Now is the clock of the PIN rate limit (time.Now when nil).
	Now func() time.Time
	// TrustedProxies are the addresses or networks (CIDR) of reverse
	// proxies whose X-Forwarded-For / X-Real-IP headers name the client.
	// None by default: a client address is its connection's, and the
	// headers are ignored (anyone can write them).
	TrustedProxies []string
	// Hosts are the names the service answers to besides the host of URL,
	// localhost and IP addresses: a request for any other Host is refused
	// (a web page elsewhere cannot reach the table through DNS rebinding).
	Hosts []string
	// Limits of the HTTP server (Serve); zero means the default.
	Limits Limits
}

// Limits bound what a client can hold of the server. Event streams are not
// cut by WriteTimeout or ReadTimeout: each write on a stream extends its
// own deadline.
type Limits struct {
	ReadHeaderTimeout time.Duration // a request's header (default 10s)
	ReadTimeout       time.Duration // a whole request, body included (default 30s)
	WriteTimeout      time.Duration // writing a response; on a stream, each write (default 30s)
	IdleTimeout       time.Duration // a keep-alive connection between requests (default 30s)
	MaxConns          int           // open connections; more are closed at once (default 512)
}

// DefaultLimits are the limits when none are set.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      30 * time.Second,
	IdleTimeout:       30 * time.Second,
	MaxConns:          512,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.ReadHeaderTimeout > 0 {
		d.ReadHeaderTimeout = l.ReadHeaderTimeout
	}
	if l.ReadTimeout > 0 {
		d.ReadTimeout = l.ReadTimeout
	}
	if l.WriteTimeout > 0 {
		d.WriteTimeout = l.WriteTimeout
	}
	if l.IdleTimeout > 0 {
		d.IdleTimeout = l.IdleTimeout
	}
	if l.MaxConns > 0 {
		d.MaxConns = l.MaxConns
	}
	return d
}

// maxBody bounds every request body but an upload's, before it is read.
const maxBody = 64 << 10

// maxFormBody bounds a form that carries the PIN as a field.
const maxFormBody = 4 << 10

// DefaultMaxUpload bounds an uploaded photo: a phone's full-size JPEG.
const DefaultMaxUpload = 10 << 20

// PINHeader is the request header that carries the table's PIN. A form
// field "pin" works too (for plain HTML forms).
const PINHeader = "X-Tilescope-PIN"

// Server is the table service's HTTP side.
type Server struct {
	cfg     Config
	engine  *gin.Engine
	limiter *limiter
	hosts   map[string]bool
	// known is the value of the cookie given to a phone that sent the
	// right PIN: it may still try its PIN while strangers' wrong PINs
	// have closed the table's window.
	known string

	mu       sync.Mutex
	shutdown chan struct{} // closed when the server shuts down: streams end
	closed   bool
}

// New builds the server and its routes.
func New(cfg Config) (*Server, error) {
	if cfg.Session == nil {
		return nil, errors.New("web: no session")
	}
	if len(cfg.PIN) < 4 {
		return nil, errors.New("web: the PIN must have at least 4 digits")
	}
	if cfg.MaxUpload <= 0 {
		cfg.MaxUpload = DefaultMaxUpload
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 15 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Dicts == nil {
		cfg.Dicts = func(lang string) (Dictionary, error) { return nil, fmt.Errorf("no dictionary for %q", lang) }
	}
	gin.SetMode(gin.ReleaseMode)
	cfg.Limits = cfg.Limits.withDefaults()
	known, err := NewPIN(32)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, limiter: newLimiter(cfg.Now), shutdown: make(chan struct{}), known: known,
		hosts: map[string]bool{"localhost": true}}
	if u, err := url.Parse(cfg.URL); err == nil && u.Hostname() != "" {
		s.hosts[strings.ToLower(u.Hostname())] = true
	}
	for _, h := range cfg.Hosts {
		s.hosts[strings.ToLower(h)] = true
	}
	s.engine = s.routes()
	if err := s.engine.SetTrustedProxies(cfg.TrustedProxies); err != nil {
		return nil, fmt.Errorf("web: trusted proxies: %w", err)
	}
	return s, nil
}

// Handler is the server's http.Handler.
func (s *Server) Handler() http.Handler { return s.engine }

func (s *Server) routes() *gin.Engine {
	r := gin.New()
	r.Use(gin.CustomRecovery(func(c *gin.Context, err any) {
		s.logf("web: panic in %s %s: %v", c.Request.Method, c.Request.URL.Path, err)
		c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
	}))
	r.HandleMethodNotAllowed = true
	r.MaxMultipartMemory = s.cfg.MaxUpload + 4096 // an upload's body is capped below that: never on disk
	r.Use(s.guard)
	r.NoRoute(func(c *gin.Context) { jsonError(c, http.StatusNotFound, "no such page: %s", c.Request.URL.Path) })
	r.NoMethod(func(c *gin.Context) {
		jsonError(c, http.StatusMethodNotAllowed, "%s is not allowed on %s", c.Request.Method, c.Request.URL.Path)
	})

	static, _ := fs.Sub(staticFS, "static")
	r.GET("/", func(c *gin.Context) {
		page, _ := fs.ReadFile(static, "index.html")
		c.Header("Cache-Control", "no-cache")
		c.Data(http.StatusOK, "text/html; charset=utf-8", page)
	})
	r.StaticFS("/static", http.FS(static))
	r.GET("/healthz", s.healthz)
	r.GET("/games/:file", s.gamePage)
	r.GET("/qr.png", s.qr)

	api := r.Group("/api")
	api.GET("/game", s.getGame)
	api.GET("/events", s.events)
	api.GET("/challenge", s.lookup)
	api.GET("/photos/:n", s.photo)
	api.GET("/info", s.info)
	api.GET("/games", s.games)

	w := api.Group("", s.requirePIN)
	w.POST("/pin", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) })
	w.POST("/challenge", s.challenge)
	w.POST("/turns/:n/correct", s.correct)
	w.POST("/turns/:n/confirm", s.confirm)
	w.POST("/turns/:n/word", s.nameWord)
	w.POST("/undo", s.action(func(ctx context.Context) (*game.State, error) { return s.cfg.Session.Undo(ctx) }))
	w.POST("/pass", s.action(func(ctx context.Context) (*game.State, error) { return s.cfg.Session.Pass(ctx) }))
	w.POST("/exchange", s.action(func(ctx context.Context) (*game.State, error) { return s.cfg.Session.Exchange(ctx) }))
	w.POST("/end", s.end)
	w.POST("/new", s.newGame)
	w.POST("/upload", s.upload)
	return r
}

func (s *Server) logf(format string, a ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, a...)
	}
}

func jsonError(c *gin.Context, status int, format string, a ...any) {
	c.AbortWithStatusJSON(status, gin.H{"error": fmt.Sprintf(format, a...)})
}

// gameError answers a session error with the status it deserves.
func (s *Server) gameError(c *gin.Context, err error) {
	switch {
	case errors.Is(err, game.ErrBadInput), errors.Is(err, grid.ErrSyntax):
		jsonError(c, http.StatusBadRequest, "%v", err)
	case errors.Is(err, game.ErrStorage):
		// What the table can act on, without the store's file names.
		s.logf("web: %s %s: %v", c.Request.Method, c.Request.URL.Path, err)
		jsonError(c, http.StatusServiceUnavailable, "%s", game.StorageMessage(err))
	case errors.Is(err, game.ErrNoTurn):
		jsonError(c, http.StatusNotFound, "%v", err)
	case errors.Is(err, fs.ErrNotExist):
		jsonError(c, http.StatusNotFound, "not found")
	case errors.Is(err, game.ErrConflict), errors.Is(err, game.ErrNoChange):
		jsonError(c, http.StatusConflict, "%v", err)
	case errors.Is(err, context.Canceled):
		jsonError(c, http.StatusServiceUnavailable, "cancelled")
	default:
		s.logf("web: %s %s: %v", c.Request.Method, c.Request.URL.Path, err)
		jsonError(c, http.StatusInternalServerError, "internal error: the service's log says more")
	}
}

// guard comes before every route: the Host must be the table's (DNS
// rebinding), no page may frame ours, and the body is capped before
// anything reads it.
func (s *Server) guard(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	if !s.hostAllowed(c.Request.Host) {
		jsonError(c, http.StatusMisdirectedRequest, "this table answers to %s, not to the host %q", s.cfg.URL, c.Request.Host)
		return
	}
	limit := int64(maxBody)
	if c.Request.URL.Path == "/api/upload" {
		limit = s.cfg.MaxUpload + 4096
	}
	if c.Request.ContentLength > limit {
		c.Header("Connection", "close")
		jsonError(c, http.StatusRequestEntityTooLarge, "body: %d bytes, over the limit of %d bytes", c.Request.ContentLength, limit)
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit)
	c.Next()
}

// hostAllowed: the host of the table's URL, localhost, an IP address, or
// one of Config.Hosts.
func (s *Server) hostAllowed(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil {
		return true
	}
	return s.hosts[host] || strings.HasSuffix(host, ".localhost")
}

// healthz: 200 "ok", or 503 with the reason the game cannot be saved.
func (s *Server) healthz(c *gin.Context) {
	if err := s.cfg.Session.StorageTrouble(); err != nil {
		c.String(http.StatusServiceUnavailable, "storage: %s", game.StorageMessage(err))
		return
	}
	c.String(http.StatusOK, "ok")
}

func (s *Server) getGame(c *gin.Context) {
	snap := s.cfg.Session.Snapshot()
	etag := `"` + strconv.FormatInt(snap.Version, 10) + `"`
	c.Header("Cache-Control", "no-cache")
	c.Header("ETag", etag)
	if c.GetHeader("If-None-Match") == etag {
		c.Status(http.StatusNotModified)
		return
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", snap.JSON)
}

func (s *Server) info(c *gin.Context) {
	lang := s.cfg.Lang
	if lang == "" {
		lang = "en"
	}
	c.JSON(http.StatusOK, gin.H{"url": s.cfg.URL, "upload": s.cfg.Uploader != nil, "max_upload": s.cfg.MaxUpload, "lang": lang})
}

// games: GET /api/games -> the games the table can start, with their
// settings, and the one being played: {"games":[{"game":"upwords",...}],
// "current":"upwords"}.
func (s *Server) games(c *gin.Context) {
	list := game.Games()
	if list == nil {
		list = []game.Info{}
	}
	c.JSON(http.StatusOK, gin.H{"games": list, "current": s.cfg.Session.Setup().Kind})
}

// gamePage: GET /games/KIND.js -> the game's own module for the page
// (game.Pager), 404 for a game without one.
func (s *Server) gamePage(c *gin.Context) {
	kind, ok := strings.CutSuffix(c.Param("file"), ".js")
	g, err := game.Lookup(kind)
	if !ok || err != nil {
		jsonError(c, http.StatusNotFound, "no such game: %s", c.Param("file"))
		return
	}
	p, ok := g.(game.Pager)
	if !ok {
		jsonError(c, http.StatusNotFound, "%s has no page module: the page draws it as a grid", kind)
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "text/javascript; charset=utf-8", p.Page())
}

func (s *Server) qr(c *gin.Context) {
	if s.cfg.URL == "" {
		jsonError(c, http.StatusNotFound, "the service does not know its address")
		return
	}
	png, err := qrcode.Encode(s.cfg.URL, qrcode.Medium, 320)
	if err != nil {
		s.gameError(c, err)
		return
	}
	c.Header("Cache-Control", "max-age=3600")
	c.Data(http.StatusOK, "image/png", png)
}

// events streams the game: one server-sent event ("game", id = version,
// data = the game's JSON) per change, oldest first. A client that
// reconnects with Last-Event-ID gets the versions it missed.
func (s *Server) events(c *gin.Context) {
	var last int64 = -1
	if id := c.GetHeader("Last-Event-ID"); id != "" {
		if v, err := strconv.ParseInt(id, 10, 64); err == nil {
			last = v
		}
	}
	c.Header("Content-Type", "text/event-stream")
	c.Header("Cache-Control", "no-cache")
	c.Header("Connection", "keep-alive")
	c.Header("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	// A stream outlives the server's read and write timeouts: it reads
	// nothing, and each write gets its own deadline (a phone that stops
	// reading is dropped after WriteTimeout).
	rc := http.NewResponseController(c.Writer)
	rc.SetReadDeadline(time.Time{})
	extend := func() { rc.SetWriteDeadline(time.Now().Add(s.cfg.Limits.WriteTimeout)) }
	extend()
	ctx := c.Request.Context()
	heartbeat := time.NewTicker(s.cfg.Heartbeat)
	defer heartbeat.Stop()
	s.mu.Lock()
	shutdown := s.shutdown
	s.mu.Unlock()

	sess := s.cfg.Session
	first := true
	var sent *game.Snapshot // the latest snapshot written
	c.Stream(func(w io.Writer) bool {
		extend()
		var pending []*game.Snapshot
		cur := sess.Snapshot()
		switch {
		case cur.Version == last && cur != sent && (!first || cur.State.Storage != nil):
			// The same version published again with a notice (a storage
			// failure, or its end).
			pending = []*game.Snapshot{cur}
		case first && (last < 0 || last > cur.Version):
			// A new phone, or one that remembers a version this table never
			// reached (another table, a reset data directory): the game as
			// it stands.
			pending, last = []*game.Snapshot{cur}, -1
			fmt.Fprintf(w, "retry: 2000\n\n")
		case cur.Version > last:
			pending = sess.Since(last)
			if len(pending) == 0 || pending[len(pending)-1].Version < cur.Version {
				pending = append(pending, cur)
			}
		}
		if first && len(pending) == 0 {
			sent = cur // the phone has it already
		}
		first = false
		if len(pending) > 0 {
			for _, snap := range pending {
				if snap.Version < last || snap.Version == last && snap == sent {
					continue
				}
				writeEvent(w, snap)
				last, sent = snap.Version, snap
			}
			return true
		}
		select {
		case <-cur.Next():
			return true
		case <-heartbeat.C:
			io.WriteString(w, ": keep-alive\n\n")
			return true
		case <-ctx.Done():
			return false
		case <-shutdown:
			return false
		}
	})
}

func writeEvent(w io.Writer, snap *game.Snapshot) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "id: %d\nevent: game\ndata: ", snap.Version)
	b.Write(snap.JSON) // one line: encoding/json escapes newlines
	b.WriteString("\n\n")
	w.Write(b.Bytes())
}

// lookup answers GET /api/challenge?word=W&lang=en: the dictionary's
// verdict, with a definition when one is known. It changes nothing.
// Without lang the word's letters decide: Cyrillic is Russian, the rest
// English.
func (s *Server) lookup(c *gin.Context) {
	word := strings.TrimSpace(c.Query("word"))
	lang := c.Query("lang")
	if err := checkWord(word); err != nil {
		jsonError(c, http.StatusBadRequest, "word: %v", err)
		return
	}
	if lang == "" {
		lang = scriptLang(word)
	}
	d, err := s.cfg.Dicts(lang)
	if err != nil {
		jsonError(c, http.StatusBadRequest, "lang: %v", err)
		return
	}
	v := s.verdict(word, d.Contains(word), lang)
	v.Lang = lang
	c.JSON(http.StatusOK, v)
}

// scriptLang is the language a word's letters say: "ru" when it has a
// Cyrillic letter, else "en".
func scriptLang(word string) string {
	for _, r := range word {
		if r >= 0x400 && r <= 0x4FF {
			return "ru"
		}
	}
	return "en"
}

func checkWord(word string) error {
	switch {
	case word == "":
		return errors.New("missing: ask ?word=WORD")
	case !utf8.ValidString(word) || utf8.RuneCountInString(word) > 40:
		return errors.New("want a word of at most 40 letters")
	}
	for _, r := range word {
		if !isLetter(r) {
			return fmt.Errorf("%q is not a letter", r)
		}
	}
	return nil
}

func isLetter(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x400 && r <= 0x4FF
}

type verdict struct {
	Word       string `json:"word"`
	Valid      bool   `json:"valid"`
	Definition string `json:"definition,omitempty"`
	Lang       string `json:"lang,omitempty"` // the list asked (GET /api/challenge)
}

func (s *Server) verdict(word string, valid bool, lang string) verdict {
	v := verdict{Word: strings.ToUpper(word), Valid: valid}
	switch {
	case !valid:
	case lang == "ru":
		if s.cfg.Forms != nil {
			v.Definition, _ = s.cfg.Forms.Define(strings.ToLower(word))
		}
	case s.cfg.Definer != nil:
		v.Definition, _ = s.cfg.Definer.Define(strings.ToLower(word))
	}
	return v
}

// challenge: POST /api/challenge {"turn":N,"word":"W"} challenges a word of
// the latest play; when it is not a word the play is withdrawn.
func (s *Server) challenge(c *gin.Context) {
	var req struct {
		Turn int    `json:"turn"`
		Word string `json:"word"`
		By   *int   `json:"by"` // the challenger's seat, 0-based (optional)
	}
	if !bindJSON(c, &req) {
		return
	}
	by := -1
	if req.By != nil {
		by = *req.By
	}
	if err := checkWord(req.Word); err != nil {
		jsonError(c, http.StatusBadRequest, "word: %v", err)
		return
	}
	if req.Turn == 0 {
		req.Turn = s.cfg.Session.State().Last
	}
	valid, st, err := s.cfg.Session.ChallengeBy(c.Request.Context(), req.Turn, req.Word, by)
	if err != nil {
		s.gameError(c, err)
		return
	}
	v := s.verdict(req.Word, valid, s.cfg.Lang)
	c.JSON(http.StatusOK, gin.H{"word": v.Word, "valid": v.Valid, "definition": v.Definition, "turn": req.Turn, "withdrawn": !valid, "version": st.Version})
}

func turnParam(c *gin.Context) (int, bool) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		jsonError(c, http.StatusBadRequest, "turn %q: want a turn number from 1", c.Param("n"))
		return 0, false
	}
	return n, true
}

// bindJSON reads a small JSON body strictly; it answers 400 itself.
func bindJSON(c *gin.Context, v any) bool {
	body := http.MaxBytesReader(c.Writer, c.Request.Body, 64<<10)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		jsonError(c, http.StatusBadRequest, "body: want JSON: %v", err)
		return false
	}
	return true
}

// correct: POST /api/turns/:n/correct {"row":R,"col":C,"letter":"A","height":2}
// fixes one square of what the camera read on turn n (height 0: empty);
// {"row":R,"col":C,"cell":"rA"} says the cell in the game's own text
// (docs/games.md; "" with "cell" present: empty).
func (s *Server) correct(c *gin.Context) {
	n, ok := turnParam(c)
	if !ok {
		return
	}
	var req struct {
		Row    *int    `json:"row"`
		Col    *int    `json:"col"`
		Letter string  `json:"letter"`
		Height *int    `json:"height"`
		Cell   *string `json:"cell"`
	}
	if !bindJSON(c, &req) {
		return
	}
	if req.Row == nil || req.Col == nil {
		jsonError(c, http.StatusBadRequest, "body: want row and col")
		return
	}
	if req.Cell != nil {
		st, err := s.cfg.Session.CorrectCell(c.Request.Context(), n, *req.Row, *req.Col, *req.Cell)
		if err != nil {
			s.gameError(c, err)
			return
		}
		s.state(c, st)
		return
	}
	h := 1
	if req.Height != nil {
		h = *req.Height
	}
	if req.Letter == "" {
		h = 0
	}
	st, err := s.cfg.Session.Correct(c.Request.Context(), n, grid.Pos{Row: *req.Row, Col: *req.Col}, grid.Stack{Letter: req.Letter, Height: h})
	if err != nil {
		s.gameError(c, err)
		return
	}
	s.state(c, st)
}

// nameWord: POST /api/turns/:n/word {"word":"EAT"} names the word turn n
// spelled (the camera does not hear it announced): the turn is judged again
// with it ("" takes the naming back).
func (s *Server) nameWord(c *gin.Context) {
	n, ok := turnParam(c)
	if !ok {
		return
	}
	var req struct {
		Word *string `json:"word"`
	}
	if !bindJSON(c, &req) {
		return
	}
	if req.Word == nil {
		jsonError(c, http.StatusBadRequest, "body: want word")
		return
	}
	st, err := s.cfg.Session.NameWord(c.Request.Context(), n, *req.Word)
	if err != nil {
		s.gameError(c, err)
		return
	}
	s.state(c, st)
}

func (s *Server) confirm(c *gin.Context) {
	n, ok := turnParam(c)
	if !ok {
		return
	}
	st, err := s.cfg.Session.Confirm(c.Request.Context(), n)
	if err != nil {
		s.gameError(c, err)
		return
	}
	s.state(c, st)
}

func (s *Server) action(f func(context.Context) (*game.State, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		st, err := f(c.Request.Context())
		if err != nil {
			s.gameError(c, err)
			return
		}
		s.state(c, st)
	}
}

// state answers with the game as it now stands.
func (s *Server) state(c *gin.Context, st *game.State) {
	snap := s.cfg.Session.Snapshot()
	if snap.State == st {
		c.Data(http.StatusOK, "application/json; charset=utf-8", snap.JSON)
		return
	}
	c.JSON(http.StatusOK, st)
}

// end: POST /api/end {"racks":[0,3]} ends the game with the tiles left on
// each rack, in seat order.
func (s *Server) end(c *gin.Context) {
	var req struct {
		Racks []int `json:"racks"`
	}
	if !bindJSON(c, &req) {
		return
	}
	st, err := s.cfg.Session.End(c.Request.Context(), req.Racks)
	if err != nil {
		s.gameError(c, err)
		return
	}
	s.state(c, st)
}

// newGame: POST /api/new {"players":["Ann","Ben"]} starts a new game of
// the same kind; {"game":"pyramids","players":[...],"options":{...}} one
// of another (GET /api/games lists them with their settings).
func (s *Server) newGame(c *gin.Context) {
	var req game.NewGame
	if !bindJSON(c, &req) {
		return
	}
	if req.Kind == "" && req.Options == nil {
		// The same game as now, with its settings.
		setup := s.cfg.Session.Setup()
		req.Kind, req.Options = setup.Kind, setup.Options
	}
	if err := s.cfg.Session.Start(c.Request.Context(), req); err != nil {
		s.gameError(c, err)
		return
	}
	s.state(c, s.cfg.Session.State())
}

func (s *Server) photo(c *gin.Context) {
	n, ok := turnParam(c)
	if !ok {
		return
	}
	b, err := s.cfg.Session.Photo(c.Request.Context(), n)
	if err != nil {
		s.gameError(c, err)
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "image/jpeg", b)
}

// upload: POST /api/upload, a photo from the phone's camera: the body is
// the JPEG or PNG itself, or a multipart form with the file in "photo".
func (s *Server) upload(c *gin.Context) {
	if s.cfg.Uploader == nil {
		jsonError(c, http.StatusServiceUnavailable, "this table takes no uploads")
		return
	}
	limit := s.cfg.MaxUpload
	if c.Request.ContentLength > limit+4096 {
		jsonError(c, http.StatusRequestEntityTooLarge, "photo: %d bytes, over the limit of %d bytes", c.Request.ContentLength, limit)
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit+4096)
	var photo []byte
	var err error
	ct := c.ContentType()
	switch ct {
	case "multipart/form-data":
		fh, ferr := c.FormFile("photo")
		if ferr != nil {
			if isTooLarge(ferr) {
				jsonError(c, http.StatusRequestEntityTooLarge, "photo: over the limit of %d bytes", limit)
				return
			}
			jsonError(c, http.StatusBadRequest, "photo: want the file in the form field \"photo\": %v", ferr)
			return
		}
		if fh.Size > limit {
			jsonError(c, http.StatusRequestEntityTooLarge, "photo: %d bytes, over the limit of %d bytes", fh.Size, limit)
			return
		}
		f, ferr := fh.Open()
		if ferr != nil {
			s.gameError(c, ferr)
			return
		}
		photo, err = io.ReadAll(io.LimitReader(f, limit+1))
		f.Close()
	case "image/jpeg", "image/png":
		photo, err = io.ReadAll(io.LimitReader(c.Request.Body, limit+1))
	default:
		jsonError(c, http.StatusUnsupportedMediaType, "photo: content type %q: send image/jpeg, image/png or a multipart form", ct)
		return
	}
	if err != nil {
		if isTooLarge(err) {
			jsonError(c, http.StatusRequestEntityTooLarge, "photo: over the limit of %d bytes", limit)
			return
		}
		jsonError(c, http.StatusBadRequest, "photo: %v", err)
		return
	}
	if int64(len(photo)) > limit {
		jsonError(c, http.StatusRequestEntityTooLarge, "photo: over the limit of %d bytes", limit)
		return
	}
	if kind := sniffImage(photo); kind == "" {
		jsonError(c, http.StatusUnsupportedMediaType, "photo: not a JPEG or PNG image (the first bytes say so)")
		return
	}
	if _, _, err := imagesize.CheckBytes(photo); errors.Is(err, imagesize.ErrTooLarge) {
		jsonError(c, http.StatusUnprocessableEntity, "photo: %v", err)
		return
	}
	t, err := s.cfg.Uploader.Upload(c.Request.Context(), photo)
	if err != nil {
		if errors.Is(err, game.ErrNoChange) {
			jsonError(c, http.StatusConflict, "the photo shows the board as it already stands: no turn")
			return
		}
		var ue interface{ UserError() bool }
		if errors.As(err, &ue) && ue.UserError() {
			jsonError(c, http.StatusUnprocessableEntity, "photo: %v", err)
			return
		}
		s.gameError(c, err)
		return
	}
	c.JSON(http.StatusOK, t)
}

func isTooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// sniffImage names the image format from the magic bytes: "jpeg", "png" or
// "".
func sniffImage(b []byte) string {
	switch {
	case len(b) > 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return "jpeg"
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	}
	return ""
}

// knownCookie names the cookie a phone gets with the right PIN.
const knownCookie = "tilescope_known"

// requirePIN lets a request through only with the table's PIN, read from
// the header before any of the body (a small form with a "pin" field
// works too: its body is capped at 4 KB). Tries are limited per table and
// per client address (limiter), so the 4-6 digits cannot be searched; a
// phone that sent the right PIN before (its cookie) is not held back by
// strangers' wrong PINs.
func (s *Server) requirePIN(c *gin.Context) {
	pin := c.GetHeader(PINHeader)
	if pin == "" && c.ContentType() == "application/x-www-form-urlencoded" {
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxFormBody)
		pin = c.PostForm("pin")
	}
	if pin == "" {
		jsonError(c, http.StatusUnauthorized, "this changes the game: send the table's PIN in the %s header", PINHeader)
		return
	}
	ip := c.ClientIP()
	known := false
	if v, err := c.Cookie(knownCookie); err == nil && samePIN(v, s.known) {
		known = true
	}
	if !known {
		if ok, wait := s.limiter.try(ip); !ok {
			secs := int(wait/time.Second) + 1
			c.Header("Retry-After", strconv.Itoa(secs))
			jsonError(c, http.StatusTooManyRequests, "too many wrong PINs: try again in %d s", secs)
			return
		}
	}
	right := samePIN(pin, s.cfg.PIN)
	if !known || !right {
		s.limiter.done(ip, right)
	}
	if !right {
		jsonError(c, http.StatusForbidden, "wrong PIN")
		return
	}
	if !known {
		http.SetCookie(c.Writer, &http.Cookie{Name: knownCookie, Value: s.known, Path: "/",
			MaxAge: 30 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	c.Next()
}

// Serve answers on ln until ctx is done, then shuts down gracefully: event
// streams are ended, requests in flight get up to 5 seconds. Slow and idle
// clients are dropped (Config.Limits), and connections over MaxConns are
// closed as they come.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	l := s.cfg.Limits
	srv := &http.Server{Handler: s.engine, ReadHeaderTimeout: l.ReadHeaderTimeout, ReadTimeout: l.ReadTimeout,
		WriteTimeout: l.WriteTimeout, IdleTimeout: l.IdleTimeout, MaxHeaderBytes: 32 << 10,
		ErrorLog: log.New(io.Discard, "", 0)}
	srv.RegisterOnShutdown(s.Close)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(&capListener{Listener: ln, max: int64(l.MaxConns)}) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// capListener closes connections over max at once: a flood of
// connections cannot take every file descriptor, and the ones served are
// freed by the timeouts.
type capListener struct {
	net.Listener
	max  int64
	open atomic.Int64
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.open.Add(1) > l.max {
			l.open.Add(-1)
			c.Close()
			continue
		}
		return &countedConn{Conn: c, l: l}, nil
	}
}

type countedConn struct {
	net.Conn
	l    *capListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
}

// Close ends every event stream (the server calls it on shutdown).
func (s *Server) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed = true
		close(s.shutdown)
	}
}
