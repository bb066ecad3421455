package server

import (
	"context"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site"
)

// serveOn serves sv on a loopback port until the test ends and returns its base URL.
func serveOn(t *testing.T, sv *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sv.Serve(ctx, ln, time.Hour) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// getHost sends GET url with the Host header host ("" keeps the URL's).
func getHost(t *testing.T, url, host string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestServeChecksHost: the server answered any Host, so a DNS-rebinding page could drive it.
func TestServeChecksHost(t *testing.T) {
	sv, _ := newTestServer(t)
	sv.AllowHosts = []string{"bao.lan"}
	base := serveOn(t, sv)
	port := base[strings.LastIndexByte(base, ':'):]
	for host, want := range map[string]int{
		"":                    200,
		"localhost" + port:    200,
		"127.0.0.1" + port:    200,
		"[::1]" + port:        200,
		"bao.lan" + port:      200,
		"BAO.LAN.":            200,
		"evil.example" + port: 403,
		"localhost.evil.com":  403,
		"10.0.0.1" + port:     403,
		"127.0.0.1.nip.io":    403,
	} {
		if code, body := getHost(t, base+"/", host); code != want {
			t.Errorf("Host %q: %d, want %d (%.100s)", host, code, want, body)
		}
	}
}

// TestHostAllowedEverywhere: bound to every address, any IP literal names this machine; names
// still need --allow-host.
func TestHostAllowedEverywhere(t *testing.T) {
	sv := &Server{}
	any4 := net.IPv4zero
	for host, want := range map[string]bool{"192.168.1.5:8080": true, "[fe80::1]:80": true,
		"localhost:8080": true, "rebind.example:8080": false} {
		if got := sv.hostAllowed(host, any4); got != want {
			t.Errorf("bound to 0.0.0.0, Host %q: %v, want %v", host, got, want)
		}
	}
	if !exposed(&net.TCPAddr{IP: any4}) || exposed(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)}) {
		t.Error("exposed: wrong")
	}
}

// TestServeWarnsBeyondLoopback: binding every address used to pass without a word.
func TestServeWarnsBeyondLoopback(t *testing.T) {
	sv, _ := newTestServer(t)
	var logged strings.Builder
	sv.Logf = func(f string, a ...any) { fmt.Fprintf(&logged, f+"\n", a...) }
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sv.Serve(ctx, ln, time.Hour) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	<-done
	if !strings.Contains(logged.String(), "reachable from other machines") {
		t.Errorf("no warning: %q", logged.String())
	}
	hs := sv.httpServer(ln)
	if hs.ReadTimeout == 0 || hs.WriteTimeout == 0 || hs.IdleTimeout == 0 || hs.ReadHeaderTimeout == 0 {
		t.Errorf("timeouts missing: %+v", hs)
	}
}

// TestGuardRecoversPanic: a panic inside one request is a 500 and a log line, not a crash.
func TestGuardRecoversPanic(t *testing.T) {
	var logged string
	sv := &Server{Logf: func(f string, a ...any) { logged = fmt.Sprintf(f, a...) }} // no build: ServeHTTP panics
	w := httptest.NewRecorder()
	sv.Guard(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)}).ServeHTTP(w, httptest.NewRequest("GET", "http://127.0.0.1/x.html", nil))
	if w.Code != 500 || !strings.Contains(logged, "/x.html") {
		t.Errorf("%d, logged %q", w.Code, logged)
	}
}

// TestLiveBadParams: a bad variant answered 500, a huge offset panicked inside bleve, a bad
// offset was ignored, and long query text held a core for seconds. Each is now a quick 400.
func TestLiveBadParams(t *testing.T) {
	sv := indexedServer(t, writeArchive(t), "")
	long := strings.Repeat("a", 100_000)
	for _, target := range []string{
		"/search?variant=chess",
		"/search?q=bao&offset=9223372036854775807",
		"/search?q=bao&offset=-3",
		"/search?q=bao&offset=abc",
		"/search?q=" + long,
		"/search?player=" + long,
		"/explore?variant=chess",
		"/explore?variant=kiswahili&after=" + strings.Repeat("A6%3C*+", 2000),
	} {
		start := time.Now()
		w := get(t, sv, target)
		if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "bao-error") {
			t.Errorf("GET %.60s: %d, want 400 with a message\n%.300s", target, w.Code, w.Body)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("GET %.60s took %v", target, d)
		}
	}
}

// TestLiveBoundsInLanguage: a search past one of the archive's bounds is refused in the page's
// language, the bound named as the catalogue says it.
func TestLiveBoundsInLanguage(t *testing.T) {
	dir := writeArchive(t)
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	sv := serverOf(t, dir, site.Options{IndexDir: archive.DefaultIndexDir(dir), Langs: lang.Codes})
	if _, err := sv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ target, id string }{
		{"/search?q=bao&offset=9223372036854775807", "search.bound.offset"},
		{"/search?q=" + strings.Repeat("a", 3000), "search.bound.bytes"},
		{"/search?q=" + url.QueryEscape("a*b*c*d*e*f*g*h*i*j"), "search.bound.wildcards"},
	} {
		for _, code := range lang.Codes {
			l := lang.Must(code)
			want := html.EscapeString(l.T(c.id, "Got", 0, "Max", 0, "Part", "")) // the words before the first number
			want = want[:strings.IndexAny(want, "0")]
			w := get(t, sv, c.target+"&lang="+code)
			if w.Code == http.StatusSeeOther { // ?lang= sets the cookie and comes back
				req := httptest.NewRequest(http.MethodGet, w.Header().Get("Location"), nil)
				for _, ck := range w.Result().Cookies() {
					req.AddCookie(ck)
				}
				w = httptest.NewRecorder()
				sv.ServeHTTP(w, req)
			}
			if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), want) {
				t.Errorf("GET %.60s in %s: %d, want 400 with %q\n%.300s", c.target, code, w.Code, want, w.Body)
			}
		}
	}
}
