package live

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/sitetest"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/server"
)

// liveSite serves the event in dir as bao serve does: the site's pages with the live
// recording and broadcast mounted. While cut is set, the moves sent are written and the
// connection closed before the answer: the phone's network failing in the middle of a move.
// Addresses holding one of refuse are answered 404, as by a host that lost the file.
func liveSite(t *testing.T, dir string, cut *atomic.Bool, refuse ...string) string {
	t.Helper()
	cfg, err := event.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.New(site.Options{Title: cfg.Name, Source: dir, LiveScript: LivePrefix + "live.js", Langs: lang.Codes})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(t.Context(), s, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	lv, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	lv.Refresh = func(ctx context.Context) { _, _ = srv.Refresh(ctx) }
	lv.Language = srv.Language
	lv.NotFound = srv.NotFound
	go lv.Run(t.Context())
	srv.Handle(event.LinkPrefix, lv)
	srv.Handle(LivePrefix, lv)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, name := range refuse {
			if strings.Contains(r.URL.Path, name) {
				http.NotFound(w, r)
				return
			}
		}
		if !cut.Load() || r.Method != http.MethodPost {
			srv.ServeHTTP(w, r)
			return
		}
		srv.ServeHTTP(httptest.NewRecorder(), r)
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			conn.Close()
		}
	}))
	t.Cleanup(ts.Close)
	return ts.URL
}

// person is a browser context of its own (its own storage, as another phone has), whose
// confirmations are accepted.
func person(t *testing.T, ctx context.Context, phone bool) context.Context {
	t.Helper()
	c, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	vp := chromedp.EmulateViewport(1366, 900)
	if phone {
		vp = chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait)
	}
	if err := chromedp.Do(c, chromedp.Navigate("about:blank"), vp); err != nil {
		t.Fatal(err)
	}
	evs := chromedp.Events(c, page.JavascriptDialogOpening)
	go func() {
		for _, err := range evs {
			if err != nil {
				return
			}
			go chromedp.Call(c, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true, PromptText: "0:30:00"})
		}
	}()
	return c
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating %.80s…: %v", js, err)
	}
	return v
}

// settle waits until js is true, and says how long it took.
func settle(t *testing.T, ctx context.Context, js string) time.Duration {
	t.Helper()
	start := time.Now()
	for time.Since(start) < 15*time.Second {
		c, cancel := context.WithTimeout(ctx, 2*time.Second)
		ok, err := chromedp.Run(c, chromedp.Evaluate[bool](js))
		cancel()
		if err == nil && ok {
			return time.Since(start)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("waiting for %s: timed out", js)
	return 0
}

// tapPit taps the pit named name on a recording page, as a finger does.
func tapPit(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	xy := eval[[]float64](t, ctx, `(() => { for (const g of document.querySelectorAll('#rec-board g.pit')) {
		if (g.querySelector('title').textContent === `+fmt.Sprintf("%q", name)+`) {
			const r = g.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; } } return []; })()`)
	if len(xy) != 2 {
		t.Fatalf("no pit %s on the page", name)
	}
	do(t, ctx, chromedp.TapXY(xy[0], xy[1]))
}

// readyJS is true once the recording page's input has the engine's legal moves of the
// position it shows (the pits with a move are marked).
const readyJS = `!!document.querySelector('#rec-board g.pit.can') && !document.querySelector('#choices button')`

// playMove enters tok on a recording page as the analysis board's input takes it: a tap on
// its pit, and a tap on the choice where the input asks one.
func playMove(t *testing.T, ctx context.Context, tok string) {
	t.Helper()
	settle(t, ctx, readyJS)
	tapPit(t, ctx, pitName(tok))
	if eval[bool](t, ctx, `!!document.querySelector('#choices button')`) {
		sel := fmt.Sprintf(`#choices button[data-move=%q]`, tok)
		xy := eval[[]float64](t, ctx, `(() => { const b = document.querySelector(`+fmt.Sprintf("%q", sel)+`);
			if (!b) return []; const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
		if len(xy) != 2 {
			t.Fatalf("the input offers no choice %s", tok)
		}
		do(t, ctx, chromedp.TapXY(xy[0], xy[1]))
	}
}

// pitName is the pit a token starts with.
func pitName(tok string) string {
	i := strings.IndexAny(tok, "<>-+*#")
	if i < 0 {
		return tok
	}
	return tok[:i]
}

// savedJS is true once the recording page shows n moves saved and none waiting.
func savedJS(n int) string {
	return fmt.Sprintf(`document.querySelector('#sync').classList.contains('saved') && document.querySelectorAll('#moves li').length === %d && !document.querySelector('#moves li.unsaved')`, n)
}

// Two phones record two boards of a round by tapping, one of them with an illegal tap, an
// undo and a connection cut in the middle of a move; a spectator's round page shows each move
// within a second; the records are what bao record writes, and validate.
func TestBrowserRecording(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	dir, links := newEvent(t, "kiswahili", 4)
	twin, _ := newEvent(t, "kiswahili", 4) // recorded by bao record's session, for comparison
	var cut atomic.Bool
	base := liveSite(t, dir, &cut)
	ctx := sitetest.Browser(t)
	spectator := person(t, ctx, false)
	phones := []context.Context{person(t, ctx, true), person(t, ctx, true)}
	do(t, spectator, chromedp.Navigate(base+"/live/round-1.html"))
	settle(t, spectator, `!document.querySelector('.on-air').hidden`)
	for i, p := range phones {
		do(t, p, chromedp.Navigate(base+links.Boards[i].Link))
		settle(t, p, `document.querySelector('#status').textContent.includes('to move')`)
	}
	lines := [][]string{testgame.Line(engine.Kiswahili, 8, 1, 3), testgame.Line(engine.Kiswahili, 8, 2, 5)}
	played := [][]string{nil, nil} // what each board's record should hold
	// Each move reaches the spectator within a second of being saved. On a machine busy with
	// other work a few may take longer: the test fails when more than one in five does, or
	// any takes five seconds (a push that never came, the next one bringing it).
	var slowest time.Duration
	late, moves := 0, 0
	check := func(b int) {
		n := len(played[b])
		settle(t, phones[b], savedJS(n))
		d := settle(t, spectator, fmt.Sprintf(`document.querySelector('.live-board[data-board="%d"]').getAttribute('data-plies') === '%d'`, b+1, n))
		slowest, moves = max(slowest, d), moves+1
		if d > time.Second {
			late++
			t.Logf("board %d, ply %d reached the spectator %v after it was saved", b+1, n, d)
		}
		if d > 5*time.Second {
			t.Errorf("board %d, ply %d reached the spectator %v after it was saved", b+1, n, d)
		}
	}
	for i := range lines[0] {
		for b, p := range phones {
			tok := lines[b][i]
			if b == 0 && i == 2 { // an illegal tap: a pit of the player not to move
				settle(t, p, readyJS)
				tapPit(t, p, "b8")
				settle(t, p, `document.querySelector('#status').classList.contains('bad') && document.querySelector('#status').textContent.includes('b8')`)
				if eval[int](t, p, `document.querySelectorAll('#moves li').length`) != len(played[b]) {
					t.Fatal("an illegal tap entered a move")
				}
			}
			if b == 1 && i == 5 { // the connection cut while the move is entered
				cut.Store(true)
				playMove(t, p, tok)
				settle(t, p, `document.querySelector('#sync').classList.contains('unsaved') && document.querySelector('#sync').textContent.includes('NOT YET SAVED')`)
				cut.Store(false) // the page sends it again by itself
			} else {
				playMove(t, p, tok)
			}
			played[b] = append(played[b], tok)
			check(b)
			if b == 0 && i == 4 { // an undo of the move just saved, and the move again
				do(t, p, chromedp.Click("#undo"))
				played[b] = played[b][:len(played[b])-1]
				check(b)
				playMove(t, p, tok)
				played[b] = append(played[b], tok)
				check(b)
			}
		}
	}
	t.Logf("slowest move from saved to the spectator: %v; %d of %d after more than 1 s", slowest, late, moves)
	if late*5 > moves {
		t.Errorf("%d of %d moves reached the spectator more than 1 s after they were saved", late, moves)
	}
	// A reload keeps the page as it was.
	do(t, phones[0], chromedp.Reload())
	settle(t, phones[0], savedJS(len(played[0])))

	for b, moves := range played {
		s, err := event.Record(twin, 1, b+1, "")
		if err != nil {
			t.Fatal(err)
		}
		for i, tok := range moves {
			if _, err := s.Exec(tok); err != nil {
				t.Fatal(err)
			}
			if b == 0 && i == 4 { // the undo, as bao record would have it
				if _, err := s.Exec("undo"); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Exec(tok); err != nil {
					t.Fatal(err)
				}
			}
		}
		s.Close()
	}
	got, _ := os.ReadFile(filepath.Join(dir, "round-01.bgn"))
	want, _ := os.ReadFile(filepath.Join(twin, "round-01.bgn"))
	if string(got) != string(want) {
		t.Errorf("the phones recorded\n%s\nbao record writes\n%s", got, want)
	}
	validate(t, filepath.Join(dir, "round-01.bgn"))

	if shots := os.Getenv("BAO_SCREENSHOTS"); shots != "" {
		screenshots(t, shots, base, links, spectator, phones[0])
	}
}

// screenshots saves the recording page and the round page at a phone's and a desktop's size.
func screenshots(t *testing.T, dir, base string, links *event.RoundLinks, desk, phone context.Context) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	shot := func(ctx context.Context, name string) {
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	do(t, phone, chromedp.Navigate(base+links.Boards[0].Link))
	settle(t, phone, `document.querySelector('#sync').classList.contains('saved')`)
	shot(phone, "record-390x844.png")
	do(t, phone, chromedp.Navigate(base+"/live/round-1.html"))
	settle(t, phone, `!document.querySelector('.on-air').hidden`)
	shot(phone, "round-390x844.png")
	do(t, desk, chromedp.Navigate(base+links.Boards[1].Link))
	settle(t, desk, `document.querySelector('#sync').classList.contains('saved')`)
	shot(desk, "record-1366x900.png")
	do(t, desk, chromedp.Navigate(base+"/live/round-1.html"))
	settle(t, desk, `!document.querySelector('.on-air').hidden`)
	shot(desk, "round-1366x900.png")
	do(t, desk, chromedp.Navigate(base+"/live/1.1.html"))
	shot(desk, "game-1366x900.png")
}

// The event's page on the site (standings and crosstable) follows the results: a result
// entered from a board's link reaches a reader's open page, pushed by the server, without a
// reload.
func TestBrowserStandingsLive(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	dir, links := newEvent(t, "kiswahili", 4)
	var cut atomic.Bool
	base := liveSite(t, dir, &cut)
	reader := person(t, sitetest.Browser(t), false)
	do(t, reader, chromedp.Navigate(base+"/"+site.EventHref(".")))
	settle(t, reader, `!!document.querySelector('#standings tbody tr')`)
	// The stream is open once the page has its first message; a mark on the window tells a
	// reload (which would lose it) from an update in place.
	do(t, reader, chromedp.Evaluate[chromedp.Void](`window.kept = true`))
	south := links.Boards[0].South
	first := fmt.Sprintf(`(() => { const tr = document.querySelector('#standings tbody tr');
		return !!tr && tr.querySelector('th').textContent === %q && tr.querySelectorAll('td')[1].textContent === '1'; })()`, south)
	if eval[bool](t, reader, first) {
		t.Fatalf("%s leads before any result", south)
	}
	time.Sleep(500 * time.Millisecond) // the page's stream connects
	if r := post(t, base+links.Boards[0].Link+"/result", `{"result":"1-0","termination":"resignation"}`); r.Status != 200 {
		t.Fatalf("entering the result: %d %s", r.Status, r.Error)
	}
	d := settle(t, reader, first+` && window.kept === true`)
	t.Logf("the standings showed the result %v after it was entered", d)
	points := eval[string](t, reader, fmt.Sprintf(`(() => { for (const tr of document.querySelectorAll('#crosstable tbody tr'))
		if (tr.querySelector('th').textContent === %q) return tr.querySelector('td:last-child').textContent; return ''; })()`, south))
	if points != "1" {
		t.Errorf("the crosstable gives %s %q points, want 1", south, points)
	}
}

// TestBrowserRecordingNoEngine opens recording pages in Kiswahili on a host that lost the
// engine's file, or the worker that runs it: the line under the board says so in Kiswahili,
// from the catalogue, not in the browser's or the worker's English.
func TestBrowserRecordingNoEngine(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	ctx := sitetest.Browser(t)
	want := lang.Must("sw").T("js.a.noload")
	for _, lost := range []string{".wasm", "/engine-worker."} {
		t.Run(lost, func(t *testing.T) {
			dir, links := newEvent(t, "kiswahili", 2)
			var cut atomic.Bool
			base := liveSite(t, dir, &cut, lost)
			phone := person(t, ctx, true)
			do(t, phone, chromedp.Navigate(base+links.Boards[0].Link+"?lang=sw"))
			settle(t, phone, `document.documentElement.lang === 'sw' && document.querySelector('#status').textContent === `+strconv.Quote(want))
		})
	}
}
