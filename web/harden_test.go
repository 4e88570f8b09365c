package web

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/imagesize/imagesizetest"
)

// TestForgedAddressPINSearch: a PIN search that forges a new client address
// per try (X-Forwarded-For, X-Real-IP) gets no more than 10 tries a minute
// for the table, whether the headers are ignored (no proxy trusted, the
// default) or believed (behind a trusted proxy, where every try seems to
// come from another client). Issue 19: 43-47 thousand tries a second were
// accepted and a random 6-digit PIN fell in 17.5 s. Ten simulated minutes,
// one try every 100 ms, on a real server on loopback.
func TestForgedAddressPINSearch(t *testing.T) {
	for _, trusted := range [][]string{nil, {"127.0.0.1"}} {
		t.Run(fmt.Sprintf("trusted proxies %v", trusted), func(t *testing.T) {
			f := newFixture(t)
			srv, err := New(Config{Session: f.sess, PIN: "482913", URL: "http://192.0.2.1:8080/", TrustedProxies: trusted})
			if err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
			var mu sync.Mutex
			srv.limiter.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
			ts := httptest.NewServer(srv.Handler())
			defer ts.Close()
			checked := map[int]int{} // minute -> tries that got a verdict (403)
			for i := range 6000 {
				req, _ := http.NewRequest("POST", ts.URL+"/api/pin", nil)
				req.Header.Set(PINHeader, fmt.Sprintf("%06d", i))
				forged := fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255)
				req.Header.Set("X-Forwarded-For", forged)
				req.Header.Set("X-Real-IP", forged)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				switch resp.StatusCode {
				case 403:
					checked[i/600]++
				case 429:
				default:
					t.Fatalf("try %d: %d", i, resp.StatusCode)
				}
				mu.Lock()
				now = now.Add(100 * time.Millisecond)
				mu.Unlock()
			}
			total := 0
			for m, n := range checked {
				total += n
				if n > tableTries {
					t.Errorf("minute %d: %d tries checked, want at most %d", m, n, tableTries)
				}
			}
			t.Logf("%d of 6000 tries checked in 10 minutes", total)
			if trusted == nil && srv.limiter.size() > 1 {
				t.Errorf("the limiter remembers %d addresses: forged headers were believed", srv.limiter.size())
			}
		})
	}
}

// TestForgedAddressCannotLockAPhoneOut: wrong PINs "from" a phone's address
// (a forged header) do not count against the phone.
func TestForgedAddressCannotLockAPhoneOut(t *testing.T) {
	f := newFixture(t)
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	f.srv.limiter.now = func() time.Time { return now }
	phone := "198.51.100.7"
	for i := range 5 {
		req := httptest.NewRequest("POST", "http://localhost/api/pin", nil)
		req.RemoteAddr = "203.0.113.9:4000" // the attacker
		req.Header.Set("X-Forwarded-For", phone)
		req.Header.Set(PINHeader, fmt.Sprintf("%04d", i))
		f.srv.Handler().ServeHTTP(httptest.NewRecorder(), req)
	}
	req := httptest.NewRequest("POST", "http://localhost/api/pin", nil)
	req.RemoteAddr = phone + ":5000"
	req.Header.Set(PINHeader, testPIN)
	w := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(w, req)
	if w.Code != 200 {
		t.Fatalf("the phone's right PIN: %d %s", w.Code, w.Body)
	}
	req = httptest.NewRequest("POST", "http://localhost/api/pin", nil)
	req.RemoteAddr = "203.0.113.9:4000"
	req.Header.Set(PINHeader, testPIN)
	w = httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(w, req)
	if w.Code != 429 {
		t.Fatalf("the attacker's own address after 5 wrong PINs: %d, want 429", w.Code)
	}
}

// TestTrustedProxy: with a trusted proxy named, its X-Forwarded-For names
// the client; from anywhere else the header is ignored.
func TestTrustedProxy(t *testing.T) {
	tests := []struct {
		name    string
		trusted []string
		remote  string
		want    string // the address the limiter counts
	}{
		{"no proxy trusted", nil, "192.0.2.1:1234", "192.0.2.1"},
		{"the proxy", []string{"192.0.2.1"}, "192.0.2.1:1234", "10.9.8.7"},
		{"a proxy network", []string{"192.0.2.0/24"}, "192.0.2.1:1234", "10.9.8.7"},
		{"not the proxy", []string{"192.0.2.99"}, "192.0.2.1:1234", "192.0.2.1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			srv, err := New(Config{Session: f.sess, PIN: testPIN, URL: "http://192.0.2.1:8080/", TrustedProxies: tc.trusted})
			if err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest("POST", "http://localhost/api/pass", nil)
			req.RemoteAddr = tc.remote
			req.Header.Set("X-Forwarded-For", "10.9.8.7")
			req.Header.Set(PINHeader, "0000")
			srv.Handler().ServeHTTP(httptest.NewRecorder(), req)
			srv.limiter.mu.Lock()
			_, ok := srv.limiter.clients[tc.want]
			n := len(srv.limiter.clients)
			srv.limiter.mu.Unlock()
			if !ok || n != 1 {
				t.Errorf("the wrong PIN counted against %v, want only %s", srv.limiter.clients, tc.want)
			}
		})
	}
	if _, err := New(Config{Session: newFixture(t).sess, PIN: testPIN, TrustedProxies: []string{"not an address"}}); err == nil {
		t.Error("a bad --trusted-proxy was accepted")
	}
}

// TestGrowingDelays: a client's wrong PINs after the first two each double
// its wait, and the right PIN clears them.
func TestGrowingDelays(t *testing.T) {
	f := newFixture(t)
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	f.srv.limiter.now = func() time.Time { return now }
	try := func(pin string) (int, string) {
		w := f.do("POST", "/api/pin", pin, "", nil)
		return w.Code, w.Header().Get("Retry-After")
	}
	steps := []struct {
		name  string
		pin   string
		after time.Duration // the clock moves this much after the try
		want  int
	}{
		{"1st wrong", "0001", 0, 403},
		{"2nd wrong", "0002", 0, 403},
		{"3rd wrong", "0003", 0, 403},
		{"at once", "0004", time.Second, 429},
		{"a second later", "0005", time.Second, 403},
		{"one second is not enough now", "0006", time.Second, 429},
		{"two seconds are", "0007", 3999 * time.Millisecond, 403},
		{"four seconds next", "0008", time.Millisecond, 429},
		{"right PIN", testPIN, 0, 200},
		{"forgiven", "0009", 0, 403},
	}
	for _, st := range steps {
		code, retry := try(st.pin)
		if code != st.want {
			t.Fatalf("%s: %d, want %d", st.name, code, st.want)
		}
		if code == 429 && retry == "" {
			t.Errorf("%s: 429 without Retry-After", st.name)
		}
		now = now.Add(st.after)
		if st.name == "right PIN" {
			now = now.Add(window) // the table's window is not what this tests
		}
	}
}

// TestLimiterBounded: a million addresses cannot grow the limiter's table
// past its bound, and quiet addresses are swept. Issue 19: +237 MB, never
// freed.
func TestLimiterBounded(t *testing.T) {
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	l := newLimiter(func() time.Time { return now })
	for i := range 1_000_000 {
		ip := fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255)
		l.done(ip, false)
		if i%100_000 == 0 {
			now = now.Add(time.Second)
		}
	}
	if n := l.size(); n > maxClients {
		t.Fatalf("%d addresses remembered, want at most %d", n, maxClients)
	}
	now = now.Add(forgetAfter + maxDelay + window)
	l.try("192.0.2.1")
	if n := l.size(); n != 0 {
		t.Fatalf("%d addresses left after they went quiet, want 0", n)
	}
}

// TestKnownPhoneGetsInWhileTheTableIsLocked: strangers' wrong PINs close
// the table's window, but a phone that sent the right PIN before (its
// cookie) still gets in with it.
func TestKnownPhoneGetsInWhileTheTableIsLocked(t *testing.T) {
	f := newFixture(t)
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	f.srv.limiter.now = func() time.Time { return now }
	w := f.do("POST", "/api/pin", testPIN, "", nil)
	cookies := w.Result().Cookies()
	if w.Code != 200 || len(cookies) != 1 || !cookies[0].HttpOnly {
		t.Fatalf("right PIN: %d, cookies %v", w.Code, cookies)
	}
	for i := range tableTries {
		req := httptest.NewRequest("POST", "http://localhost/api/pin", nil)
		req.RemoteAddr = fmt.Sprintf("198.51.100.%d:1", i)
		req.Header.Set(PINHeader, "0000")
		f.srv.Handler().ServeHTTP(httptest.NewRecorder(), req)
	}
	tests := []struct {
		name   string
		cookie *http.Cookie
		want   int
	}{
		{"a stranger with the right PIN", nil, 429},
		{"a forged cookie", &http.Cookie{Name: knownCookie, Value: "12345"}, 429},
		{"the known phone", cookies[0], 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "http://localhost/api/pass", nil)
			req.Header.Set(PINHeader, testPIN)
			if tc.cookie != nil {
				req.AddCookie(tc.cookie)
			}
			w := httptest.NewRecorder()
			f.srv.Handler().ServeHTTP(w, req)
			if w.Code != tc.want {
				t.Fatalf("%d %s, want %d", w.Code, w.Body, tc.want)
			}
		})
	}
}

func TestSamePIN(t *testing.T) {
	tests := []struct {
		got, want string
		same      bool
	}{
		{"482913", "482913", true},
		{"48291", "482913", false},
		{"4829130", "482913", false},
		{"", "482913", false},
		{"482914", "482913", false},
	}
	for _, tc := range tests {
		if samePIN(tc.got, tc.want) != tc.same {
			t.Errorf("samePIN(%q, %q) = %v", tc.got, tc.want, !tc.same)
		}
	}
}

// zeros is an endless body.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestUploadsWithoutPINCostNothing: 8 uploads of 200 MB at once, without
// the PIN, as multipart forms: refused before any of the body is kept, in
// under 20 MB of memory and nothing on disk. Issue 19: 1 GB of memory and
// 1.3 GB in /tmp.
func TestUploadsWithoutPINCostNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where multipart forms spill
	f := newFixture(t)
	ts := httptest.NewServer(f.srv.Handler())
	defer ts.Close()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	const size = 200 << 20
	var wg sync.WaitGroup
	codes := make([]int, 8)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("POST", ts.URL+"/api/upload", io.LimitReader(zeros{}, size))
			req.ContentLength = -1 // chunked: no length to refuse it by
			req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				codes[i] = -1 // the server closed the connection mid-body: fine
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			codes[i] = resp.StatusCode
		}()
	}
	wg.Wait()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	for i, c := range codes {
		if c != 401 && c != -1 {
			t.Errorf("upload %d: %d, want 401", i, c)
		}
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 20<<20 {
		t.Errorf("8 refused uploads allocated %d MB, want under 20", grew>>20)
	} else {
		t.Logf("8 refused uploads of 200 MB allocated %.1f MB", float64(grew)/(1<<20))
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("%d files left on disk", len(ents))
	}
}

// TestUploadRefusesSizeBombs: a photo whose header claims more pixels than
// a camera makes is refused before it is decoded.
func TestUploadRefusesSizeBombs(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name string
		data []byte
	}{{"jpeg", imagesizetest.JPEG(30000, 30000)}, {"png", imagesizetest.PNG(30000, 30000)}} {
		t.Run(tc.name, func(t *testing.T) {
			ctype := "image/" + tc.name
			w := f.do("POST", "/api/upload", testPIN, ctype, tc.data)
			if w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "over the limit") {
				t.Fatalf("%d %s, want 422 over the limit", w.Code, w.Body)
			}
		})
	}
}

// TestHostAndFraming: only the table's own host names are answered (DNS
// rebinding), and no page may frame the table's.
func TestHostAndFraming(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		host string
		want int
	}{
		{"192.0.2.1:8080", 200}, // the URL's
		{"localhost:8080", 200},
		{"localhost", 200},
		{"127.0.0.1", 200},
		{"192.168.1.23:8080", 200},
		{"[::1]:8080", 200},
		{"evil.example", http.StatusMisdirectedRequest},
		{"evil.example:8080", http.StatusMisdirectedRequest},
		{"192.0.2.1.evil.example", http.StatusMisdirectedRequest},
		{"", http.StatusMisdirectedRequest},
	}
	for _, tc := range tests {
		t.Run(tc.host, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/", nil)
			req.Host = tc.host
			w := httptest.NewRecorder()
			f.srv.Handler().ServeHTTP(w, req)
			if w.Code != tc.want {
				t.Fatalf("Host %q: %d, want %d", tc.host, w.Code, tc.want)
			}
			if w.Header().Get("X-Frame-Options") != "DENY" || !strings.Contains(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Errorf("framing headers: %v", w.Header())
			}
		})
	}
	srv, _ := New(Config{Session: f.sess, PIN: testPIN, URL: "http://tilescope.local:8080/", Hosts: []string{"table.lan"}})
	for _, host := range []string{"tilescope.local:8080", "TABLE.LAN"} {
		req := httptest.NewRequest("GET", "/healthz", nil)
		req.Host = host
		w := httptest.NewRecorder()
		srv.Handler().ServeHTTP(w, req)
		if w.Code != 200 {
			t.Errorf("Host %q of the configuration: %d", host, w.Code)
		}
	}
}

// TestFullDisk: an action the store cannot keep (a full disk, with the
// database's path in the error) answers a clear 503 naming no file, every
// phone is told, and /healthz says it until the disk has room again.
// Issue 19: phones got nothing, /healthz said ok, PIN actions answered 500
// with internal paths.
func TestFullDisk(t *testing.T) {
	store := game.NewMemStore()
	sess, err := game.Open(context.Background(), store, game.Config{Players: []string{"Ann", "Ben"}, Rows: 4, Cols: 4, Scorer: rowScorer{}})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Session: sess, PIN: testPIN, URL: "http://192.0.2.1:8080/", Heartbeat: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	events := openEvents(t, ts.URL, "")
	defer events.resp.Body.Close()
	events.nextState(t)

	store.Fail = fmt.Errorf("sqlite: writing /srv/tilescope/tilescope.db: %w", syscall.ENOSPC)
	req, _ := http.NewRequest("POST", ts.URL+"/api/pass", nil)
	req.Header.Set(PINHeader, testPIN)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 503 || !strings.Contains(string(body), "disk is full") || strings.Contains(string(body), "/srv") {
		t.Errorf("a pass on a full disk: %d %s; want 503 saying the disk is full, naming no file", resp.StatusCode, body)
	}
	if st := events.nextState(t); st.Storage == nil || !strings.Contains(st.Storage.Error, "disk is full") {
		t.Errorf("the phones were not told: %+v", st.Storage)
	}
	resp, err = http.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 503 || !strings.Contains(string(body), "disk is full") {
		t.Errorf("/healthz on a full disk: %d %s", resp.StatusCode, body)
	}

	store.Fail = nil
	resp, _ = http.DefaultClient.Do(req)
	resp.Body.Close()
	if st := events.nextState(t); st.Storage != nil || len(st.Turns) != 1 {
		t.Errorf("after the disk has room: storage %+v, %d turns", st.Storage, len(st.Turns))
	}
	resp, _ = http.Get(ts.URL + "/healthz")
	if resp.StatusCode != 200 {
		t.Errorf("/healthz after: %d", resp.StatusCode)
	}
	resp.Body.Close()
}

// TestSlowAndIdleClientsDropped: with short limits (1-1.5 s), a client that sends
// its header slowly, one that sends its body slowly and an idle keep-alive
// connection are all dropped, while 200 event streams stay connected past
// every timeout and still get the game's changes. Issue 19: 100 slow-body clients and 200 idle
// connections were all still open after 65 s.
func TestSlowAndIdleClientsDropped(t *testing.T) {
	f := newFixture(t)
	// Short limits, but not so short that a busy machine's scheduling
	// delays cut a stream before its handler has set its deadlines.
	limits := Limits{ReadHeaderTimeout: time.Second, ReadTimeout: 1500 * time.Millisecond,
		WriteTimeout: 1500 * time.Millisecond, IdleTimeout: time.Second}
	srv, err := New(Config{Session: f.sess, PIN: testPIN, URL: "http://192.0.2.1:8080/", Heartbeat: 100 * time.Millisecond, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := listenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()
	base := "http://" + ln.Addr().String()

	streams := make([]*sseClient, 200)
	for i := range streams {
		streams[i] = openEvents(t, base, "")
		defer streams[i].resp.Body.Close()
		streams[i].nextState(t)
	}
	dial := func() net.Conn {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	// closedWithin reads until the server closes the connection.
	closedWithin := func(c net.Conn, limit time.Duration) bool {
		c.SetReadDeadline(time.Now().Add(limit))
		_, err := io.Copy(io.Discard, c)
		var ne net.Error
		return !(errors.As(err, &ne) && ne.Timeout())
	}
	slowHeader := dial()
	defer slowHeader.Close()
	io.WriteString(slowHeader, "GET /api/game HTTP/1.1\r\nHost: localhost\r\n")
	slowBody := dial()
	defer slowBody.Close()
	io.WriteString(slowBody, "POST /api/pin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\npin=")
	idle := dial()
	defer idle.Close()
	io.WriteString(idle, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
	if line, _ := bufio.NewReader(idle).ReadString('\n'); !strings.Contains(line, "200") {
		t.Fatalf("idle connection's first answer: %q", line)
	}
	for name, c := range map[string]net.Conn{"slow header": slowHeader, "slow body": slowBody, "idle": idle} {
		if !closedWithin(c, 10*time.Second) {
			t.Errorf("%s: still open", name)
		}
	}
	// Past every timeout, the streams are still there and get a change.
	time.Sleep(limits.WriteTimeout + limits.ReadTimeout)
	if _, err := f.sess.Pass(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i, s := range streams {
		st := s.nextState(t)
		if len(st.Turns) == 0 || st.Turns[len(st.Turns)-1].Kind != "pass" {
			t.Fatalf("stream %d: no pass in %+v", i, st.Turns)
		}
	}
}

// TestConnectionCap: with every connection the cap allows held by event
// streams, a new connection is closed unanswered, and the streams carry
// on.
func TestConnectionCap(t *testing.T) {
	f := newFixture(t)
	srv, err := New(Config{Session: f.sess, PIN: testPIN, URL: "http://192.0.2.1:8080/", Limits: Limits{MaxConns: 5}})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := listenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()
	var streams []*sseClient
	for range 5 {
		s := openEvents(t, "http://"+ln.Addr().String(), "")
		defer s.resp.Body.Close()
		s.nextState(t)
		streams = append(streams, s)
	}
	for i := range 10 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		line, err := bufio.NewReader(c).ReadString('\n')
		c.Close()
		if line != "" || errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("connection %d over the cap: %q, %v; want it closed unanswered", i, line, err)
		}
	}
	if _, err := f.sess.Pass(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, s := range streams {
		s.nextState(t)
	}
}
