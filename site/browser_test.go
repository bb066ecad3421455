package site_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/sitetest"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/board"
	"github.com/bao-archive/bao/site/server"
)

// The browser tests drive headless Chromium with chromedp, the maintained Go client of the
// DevTools protocol (it replaced a hand-written one). They skip when no Chromium is installed
// (Debian: apt-get install chromium). The archive is the test fixture, the demo collection
// (testdata/archive at the top of the repository) and three records with hostile names.

// hostileNames are file names a record may have that once broke links or ran script.
var hostileNames = []string{"javascript:alert(document.domain)\u2028-->.bgn", "50% draw.bgn", "a#b?c.bgn"}

// indexedServer indexes the archive at dir and returns a live server of it, its catalog read
// (which Serve would read in the background).
func indexedServer(t *testing.T, dir, title string) *server.Server {
	t.Helper()
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	s, err := site.New(site.Options{Title: title, IndexDir: archive.DefaultIndexDir(dir)})
	if err != nil {
		t.Fatal(err)
	}
	sv, err := server.New(t.Context(), s, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	return sv
}

// browserSite serves the browser tests' archive.
func browserSite(t *testing.T) string {
	t.Helper()
	dir := site.WriteArchive(t)
	demo := filepath.Join("..", "testdata", "archive")
	if err := os.CopyFS(filepath.Join(dir, "demo"), os.DirFS(demo)); err != nil {
		t.Fatal(err)
	}
	for i, name := range hostileNames {
		rec := fmt.Sprintf("[Event \"Hostile names\"]\n[Round \"%d\"]\n[South \"Eve\"]\n[North \"Mallory\"]\n"+
			"[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 a4 2. A1 *\n", i+1)
		// At the archive's root, where a page's address is the bare file name: "javascript:…"
		// once became a link's scheme.
		if err := os.WriteFile(filepath.Join(dir, name), []byte(rec), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range map[string]string{"names/names.bgn": sitetest.PlayerRecords(), "players.toml": sitetest.PlayersTOML} {
		if err := os.MkdirAll(filepath.Join(dir, "names"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A game with the engine's evaluations, for the evaluation graph.
	if err := os.WriteFile(filepath.Join(dir, "evals.bgn"), []byte(evalsRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(indexedServer(t, dir, "Test site"))
	t.Cleanup(ts.Close)
	return ts.URL
}

// evalsRecord is a game with [%eval] commands after three of its four moves.
const evalsRecord = "[Event \"Evals\"]\n[South \"Ali\"]\n[North \"Mwana\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n" +
	"1. A3 {[%eval 0.50]} a4 $2 {[%eval -1.20]} 2. A1 a6 {[%eval #3]} *\n"

// browser starts headless Chromium for the test and returns a context for its first tab, and
// a counter of the JavaScript dialogs (alert, confirm) any page opened.
func browser(t *testing.T) (context.Context, *atomic.Int32) {
	ctx := sitetest.Browser(t)
	var dialogs atomic.Int32
	watchDialogs(ctx, &dialogs)
	return ctx, &dialogs
}

// watchDialogs counts the dialogs a tab opens, and dismisses them so that the page goes on.
func watchDialogs(ctx context.Context, n *atomic.Int32) {
	evs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for _, err := range evs {
			if err != nil {
				return
			}
			n.Add(1)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
}

// tab opens a new tab of the browser of ctx.
func tab(t *testing.T, ctx context.Context, dialogs *atomic.Int32) context.Context {
	t.Helper()
	c, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(c, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	watchDialogs(c, dialogs)
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

// settle waits until the expression is true, also across a navigation (which
// chromedp.Poll does not survive: its page goes away).
func settle(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		c, cancel := context.WithTimeout(ctx, 2*time.Second)
		ok, err := chromedp.Run(c, chromedp.Evaluate[bool](js))
		cancel()
		if err == nil && ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("waiting for %s: timed out", js)
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

// boardJS reads the viewer's board: node shown, counts, caption, accessible name.
const boardJS = `(() => { const b = document.getElementById('board'); return {
	ply: b.getAttribute('data-ply'),
	counts: Array.from(b.querySelectorAll('.pit text')).map(t => t.textContent || '0').join(','),
	sown: b.getAttribute('data-sown') || '',
	caption: document.getElementById('board-caption').textContent,
	label: b.getAttribute('aria-label'),
	hash: location.hash,
	marked: b.querySelectorAll('.from, .sown').length }; })()`

type boardState struct {
	Ply, Counts, Sown, Caption, Label, Hash string
	Marked                                  int
}

func TestBrowser(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	base := browserSite(t)
	ctx, dialogs := browser(t)
	start := time.Now()
	t.Run("viewer", func(t *testing.T) { browserViewer(t, tab(t, ctx, dialogs), base) })
	t.Run("hostile-names", func(t *testing.T) { browserHostile(t, tab(t, ctx, dialogs), base) })
	t.Run("no-script", func(t *testing.T) { browserNoScript(t, tab(t, ctx, dialogs), base) })
	t.Run("phone", func(t *testing.T) { browserPhone(t, tab(t, ctx, dialogs), base) })
	t.Run("phone-long-words", func(t *testing.T) { browserLongWords(t, tab(t, ctx, dialogs)) })
	t.Run("bidi-file-name", func(t *testing.T) { browserBidiName(t, tab(t, ctx, dialogs)) })
	t.Run("contrast", func(t *testing.T) { browserContrast(t, tab(t, ctx, dialogs), base) })
	t.Run("sowing", func(t *testing.T) { browserSowing(t, tab(t, ctx, dialogs), base) })
	t.Run("marks", func(t *testing.T) { browserMarks(t, tab(t, ctx, dialogs), base) })
	t.Run("evalgraph", func(t *testing.T) { browserEvalGraph(t, tab(t, ctx, dialogs), base) })
	t.Run("live-search", func(t *testing.T) { browserLive(t, tab(t, ctx, dialogs), base) })
	t.Run("search-variant", func(t *testing.T) { browserSearchVariant(t, tab(t, ctx, dialogs), base) })
	t.Run("events", func(t *testing.T) { browserEvents(t, tab(t, ctx, dialogs), base) }) // events_browser_test.go
	t.Run("events-no-script", func(t *testing.T) { browserEventsNoScript(t, tab(t, ctx, dialogs), base) })
	if dir := os.Getenv("BAO_SCREENSHOTS"); dir != "" {
		t.Run("screenshots", func(t *testing.T) { browserScreenshots(t, tab(t, ctx, dialogs), base, dir) })
		t.Run("event-screenshots", func(t *testing.T) { browserEventScreenshots(t, tab(t, ctx, dialogs), base, dir) })
	}
	if n := dialogs.Load(); n > 0 {
		t.Errorf("%d JavaScript dialogs opened", n)
	}
	t.Logf("browser tests took %v", time.Since(start).Round(time.Millisecond))
}

// browserViewer steps through the fixture's Kingulu game with the keyboard, checks the board,
// the accessible name (the same sentence the build writes for a static board), the hash and
// the history (stepping adds no entry).
func browserViewer(t *testing.T, ctx context.Context, base string) {
	do(t, ctx, chromedp.Navigate(base+"/club/games/1.html"), chromedp.WaitVisible("#controls"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '0'`))
	want := func(moves ...string) (counts, label string) {
		p := engine.Kingulu.Start()
		caption := "Start"
		for i, m := range moves {
			mv, err := p.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = p.Apply(mv); err != nil {
				t.Fatal(err)
			}
			caption = []string{"1. A3", "1... a4!", "2. A1"}[i]
		}
		out := make([]string, engine.Kingulu.Pits())
		for i := range out {
			out[i] = strconv.Itoa(p.Seeds(engine.Pit(i)))
		}
		b := board.New(lang.Must("en"), p, nil)
		b.Caption = caption
		return strings.Join(out, ","), b.Label()
	}
	steps := []struct {
		key, ply, hash string
		moves          []string
	}{
		{"", "0", "", nil},
		{"ArrowRight", "1", "#p1", []string{"A3"}},
		{"ArrowRight", "2", "#p2", []string{"A3", "a4"}},
		{"ArrowLeft", "1", "#p1", []string{"A3"}},
		{"End", "3", "#p3", []string{"A3", "a4", "A1"}},
		{"ArrowRight", "3", "#p3", []string{"A3", "a4", "A1"}}, // the last move stays
		{"Home", "0", "#p0", nil},
	}
	entries := eval[int](t, ctx, `history.length`)
	for i, st := range steps {
		if st.key != "" {
			do(t, ctx, chromedp.KeyEvent(keyOf(st.key)))
		}
		got := eval[boardState](t, ctx, boardJS)
		counts, label := want(st.moves...)
		if got.Ply != st.ply || got.Counts != counts || got.Hash != st.hash {
			t.Errorf("step %d (%s): node %s, board %s, hash %q; want %s, %s, %q", i, st.key, got.Ply, got.Counts, got.Hash, st.ply, counts, st.hash)
		}
		if got.Label != label {
			t.Errorf("step %d (%s): accessible name\n%q\nwant\n%q", i, st.key, got.Label, label)
		}
		if st.ply != "0" && got.Marked == 0 {
			t.Errorf("step %d (%s): no pits marked for the last move", i, st.key)
		}
	}
	// Stepping replaces the history entry (Back leaves the page, however many moves were
	// stepped through); an edited hash moves the board.
	if n := eval[int](t, ctx, `history.length`); n != entries {
		t.Errorf("stepping through %d moves made %d history entries, want none", len(steps), n-entries)
	}
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = '#p2'`))
	if got := eval[boardState](t, ctx, boardJS); got.Ply != "2" {
		t.Errorf("hash #p2: node %s", got.Ply)
	}
	// A click on the variation's move shows it; a page loaded with a hash starts there.
	do(t, ctx, chromedp.Click(`.movetext a[href="#p4"]`))
	if got := eval[boardState](t, ctx, boardJS); got.Ply != "4" || got.Caption != "1... a1?!" {
		t.Errorf("click on the variation's move: node %s, caption %q", got.Ply, got.Caption)
	}
	do(t, ctx, chromedp.Navigate(base+"/club/games/1.html#p2"), chromedp.WaitVisible("#controls"))
	if got := eval[boardState](t, ctx, boardJS); got.Ply != "2" {
		t.Errorf("loaded with #p2: node %s", got.Ply)
	}
}

func keyOf(name string) string {
	return map[string]string{"ArrowRight": kb.ArrowRight, "ArrowLeft": kb.ArrowLeft, "Home": kb.Home, "End": kb.End}[name]
}

// browserHostile follows every link to the records with hostile names, from the search page
// and from the "also reached in" links, and checks that each is a page of this site and that
// no script runs.
func browserHostile(t *testing.T, ctx context.Context, base string) {
	do(t, ctx, chromedp.Navigate(base+"/search.html?player=eve"))
	settle(t, ctx, `document.querySelectorAll('#search-results tbody tr').length === 3`)
	links := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#search-results a')).map(a => a.href)`)
	if len(links) != len(hostileNames) {
		t.Fatalf("search for eve: %d links, want %d", len(links), len(hostileNames))
	}
	for _, l := range links {
		if !strings.HasPrefix(l, base+"/") {
			t.Errorf("search result link %q leaves the site", l)
		}
	}
	// A real click on the first result, then each page in turn.
	do(t, ctx, chromedp.Click("#search-results a"), chromedp.WaitVisible("#board"))
	for _, l := range links {
		do(t, ctx, chromedp.Navigate(l), chromedp.WaitVisible("#controls"))
		if h := eval[string](t, ctx, `document.querySelector('h1').textContent`); h != "Eve – Mallory" {
			t.Errorf("%s: heading %q, want the hostile record's game", l, h)
		}
		// Every link of the game's page stays on the site. (The viewer lists no other games per
		// ply: diagrams ask the index for them, and their links are checked by TestMarkdownCases.)
		for _, o := range eval[[]string](t, ctx, `Array.from(document.links).map(a => a.href)`) {
			if !strings.HasPrefix(o, base+"/") {
				t.Errorf("%s: link %q leaves the site", l, o)
			}
		}
	}
	// Every link of the site's pages stays on the site.
	for _, p := range []string{"/index.html", "/club/index.html", "/lists/index.html", "/lists/player/eve.html"} {
		do(t, ctx, chromedp.Navigate(base+p))
		for _, l := range eval[[]string](t, ctx, `Array.from(document.links).map(a => a.href)`) {
			if !strings.HasPrefix(l, base+"/") {
				t.Errorf("%s: link %q leaves the site", p, l)
			}
		}
	}
}

// visibleControlsJS lists the form controls a reader can see.
const visibleControlsJS = `Array.from(document.querySelectorAll('button, select, input, form')).filter(e => e.getClientRects().length > 0).map(e => e.outerHTML.slice(0, 60))`

// browserNoScript loads pages with JavaScript off: no control may show, and a move's link
// must lead to its position.
func browserNoScript(t *testing.T, ctx context.Context, base string) {
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/club/games/1.html", "/search.html", "/demo/selfplay/kiswahili/1.html"} {
		do(t, ctx, chromedp.Navigate(base+p))
		if got := eval[[]string](t, ctx, visibleControlsJS); len(got) > 0 {
			t.Errorf("%s without JavaScript shows controls that do nothing: %v", p, got)
		}
	}
	do(t, ctx, chromedp.Navigate(base+"/club/games/1.html"), chromedp.Click(`.movetext a[href="#p2"]`))
	settle(t, ctx, `location.hash === '#p2'`)
	got := eval[map[string]any](t, ctx, `(() => { const r = document.getElementById('p2'); const b = r.getBoundingClientRect();
		return {hash: location.hash, open: document.getElementById('positions').open, text: r.textContent,
			inView: b.top >= -1 && b.bottom <= innerHeight + 1}; })()`) // a pixel of slack for sub-pixel layout
	if got["hash"] != "#p2" || got["open"] != true || got["inView"] != true {
		t.Errorf("a move's link without JavaScript: %v; want its row of the positions table open and in view", got)
	}
	// On a phone the board, which shows only the start without the script, does not stay over
	// the row a move's link leads to.
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		chromedp.Navigate(base+"/demo/selfplay/kiswahili/1.html"), chromedp.Click(`.movetext a[href="#p30"]`))
	settle(t, ctx, `location.hash === '#p30'`)
	if !eval[bool](t, ctx, `(() => { const r = document.getElementById('p30'); const b = r.getBoundingClientRect();
		return r.contains(document.elementFromPoint(b.left + 4, b.top + b.height / 2)); })()`) {
		t.Error("on a phone without JavaScript the board covers the row a move's link leads to")
	}
}

// browserPhone taps Next 150 times at a phone's width: the board and the Next button stay on
// screen; then a tapped move shows its board.
func browserPhone(t *testing.T, ctx context.Context, base string) {
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait),
		chromedp.Navigate(base+"/demo/selfplay/kimasai/4.html"), chromedp.WaitVisible("#controls"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '0'`))
	const where = `(() => { const v = el => { const b = el.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight && b.height > 0; };
		const n = document.querySelector('[data-go=next]').getBoundingClientRect();
		return {board: v(document.getElementById('board')), next: v(document.querySelector('[data-go=next]')),
			x: n.left + n.width / 2, y: n.top + n.height / 2, ply: +document.getElementById('board').getAttribute('data-ply')}; })()`
	type pos struct {
		Board, Next bool
		X, Y        float64
		Ply         int
	}
	for i := range 150 {
		p := eval[pos](t, ctx, where)
		if !p.Board || !p.Next {
			t.Fatalf("tap %d (node %d): board on screen %v, Next on screen %v", i, p.Ply, p.Board, p.Next)
		}
		do(t, ctx, chromedp.MouseClickXY(p.X, p.Y))
	}
	if p := eval[pos](t, ctx, where); p.Ply < 100 || !p.Board {
		t.Errorf("after 150 taps: node %d, board on screen %v", p.Ply, p.Board)
	}
	// Tap a move further down the list: its board shows, and stays on screen.
	xy := eval[[]float64](t, ctx, `(() => { const a = document.querySelector('.movetext a[href="#p40"]'); a.scrollIntoView({block: 'center'});
		const b = a.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; })()`)
	do(t, ctx, chromedp.MouseClickXY(xy[0], xy[1]))
	if p := eval[pos](t, ctx, where); p.Ply != 40 || !p.Board {
		t.Errorf("tapped move 40: node %d, board on screen %v", p.Ply, p.Board)
	}
	do(t, ctx, chromedp.EmulateViewport(1280, 900))
}

// longWord is a tag value with no place to break a line: a long URL or a hostile string.
var longWord = "https://example.org/" + strings.Repeat("x", 80) + "</script><script>alert(1)</script>"

// browserLongWords serves a record whose tags are long words and checks at a phone's width
// that no page scrolls sideways: the game page (crumbs, tags), the browse page and the lists
// it links to. The words once pushed the game page to 811 px on a 360 px screen.
func browserLongWords(t *testing.T, ctx context.Context) {
	dir := t.TempDir()
	tags := ""
	for _, tag := range []string{"Event", "Site", "South", "North", "Annotator", "Round"} {
		tags += fmt.Sprintf("[%s %q]\n", tag, tag[:1]+longWord)
	}
	rec := tags + "[Date \"2024.01.01\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 {" + longWord + "} a4 2. A1 *\n"
	if err := os.WriteFile(filepath.Join(dir, "long.bgn"), []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(indexedServer(t, dir, "Long words"))
	t.Cleanup(ts.Close)
	do(t, ctx, chromedp.EmulateViewport(360, 800, chromedp.EmulatePortrait))
	defer do(t, ctx, chromedp.EmulateViewport(1280, 900))
	do(t, ctx, chromedp.Navigate(ts.URL+"/lists/index.html"))
	pages := append(eval[[]string](t, ctx, `Array.from(document.querySelectorAll('main a[href]')).map(a => a.href)`),
		ts.URL+"/lists/index.html", ts.URL+"/long/index.html", ts.URL+"/long/1.html")
	if len(pages) < 8 {
		t.Fatalf("browse page links to %d pages: %v", len(pages)-3, pages)
	}
	for _, u := range pages {
		do(t, ctx, chromedp.Navigate(u))
		if w := eval[[]int](t, ctx, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
			t.Errorf("%s: %d px wide on a %d px screen", u, w[0], w[1])
		}
	}
}

// browserBidiName serves a record whose file name holds a right-to-left override and checks
// that the breadcrumbs keep their order: the override in the file's link once ran on past it,
// so that the game's title showed before the file it is in.
func browserBidiName(t *testing.T, ctx context.Context) {
	dir := t.TempDir()
	rec := "[South \"Ali\"]\n[North \"Mwana\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 a4 *\n"
	if err := os.WriteFile(filepath.Join(dir, "ok\u202exyz.bgn"), []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(indexedServer(t, dir, "Bidi"))
	t.Cleanup(ts.Close)
	do(t, ctx, chromedp.Navigate(ts.URL+"/ok-xyz/1.html"))
	// each crumb ends before the next begins
	gaps := eval[[]float64](t, ctx, `(() => { const c = Array.from(document.querySelectorAll('nav.crumbs a, nav.crumbs span'));
		return c.slice(1).map((e, i) => e.getBoundingClientRect().left - c[i].getBoundingClientRect().right); })()`)
	if len(gaps) != 2 || slices.Min(gaps) < 0 {
		t.Errorf("breadcrumbs overlap: gaps %v px between them", gaps)
	}
}

// contrastJS measures, on a game page, the contrast of every mark of the key against a plain
// pit, of every count against its pit, and of the labels and texts against their grounds.
const contrastJS = `(() => {
	const rgb = s => (s.match(/[\d.]+/g) || [0, 0, 0]).slice(0, 3).map(Number);
	const lum = c => { const l = rgb(c).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
		return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
	const cr = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const cs = e => getComputedStyle(e);
	const out = [];
	const shape = g => g.querySelector('circle, rect');
	// The key's first entry is a plain pit.
	const plainG = document.querySelector('ul.legend li g');
	const plain = cs(shape(plainG)).fill;
	document.querySelectorAll('ul.legend li + li').forEach(li => {
		const g = li.querySelector('g'), s = cs(shape(g)), txt = g.querySelector('text');
		out.push({what: 'mark ' + g.getAttribute('class'), ratio: Math.max(cr(s.fill, plain), cr(s.stroke, plain)), min: 3});
		if (txt && txt.textContent) out.push({what: 'count on ' + g.getAttribute('class'), ratio: cr(cs(txt).fill, s.fill), min: 4.5});
	});
	const count = document.querySelector('#board .pit:not(.sown):not(.capt) text');
	if (count) out.push({what: 'count on a plain pit', ratio: cr(cs(count).fill, cs(shape(count.parentNode)).fill), min: 4.5});
	out.push({what: 'row and pit labels', ratio: cr(cs(document.querySelector('#board .lbl')).fill, cs(document.querySelector('#board .frame')).fill), min: 4.5});
	const paper = cs(document.body).backgroundColor;
	for (const sel of ['body', '.sub', '.movetext .num', '.movetext a[href^="#p"]', 'main a', '.viewer .step', '.source']) {
		const e = document.querySelector(sel);
		if (e) out.push({what: 'text ' + sel, ratio: cr(cs(e).color, paper), min: 4.5});
	}
	const cur = document.querySelector('.movetext a.current');
	if (cur) out.push({what: 'current move', ratio: cr(cs(cur).color, cs(cur).backgroundColor), min: 4.5});
	const sel = document.getElementById('speed');
	out.push({what: 'control border', ratio: cr(cs(sel).borderTopColor, cs(sel).backgroundColor), min: 3});
	return out; })()`

func browserContrast(t *testing.T, ctx context.Context, base string) {
	type ratio struct {
		What       string
		Ratio, Min float64
	}
	for _, v := range engine.Variants() {
		do(t, ctx, chromedp.Navigate(base+"/demo/selfplay/"+v.ID()+"/1.html"), chromedp.WaitVisible("#controls"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '0'`), chromedp.KeyEvent(keyOf("ArrowRight")))
		// The key explains every mark the game's boards use. The moves are shown fifty to an
		// evaluation, which a loaded machine may otherwise not finish in time.
		moves := eval[int](t, ctx, `window.used_ = new Set(), window.add_ = () => document.querySelectorAll('#board .pit').forEach(g =>
			g.getAttribute('class').split(' ').forEach(x => window.used_.add(x))), window.add_(),
			document.querySelectorAll('.movetext a[href^="#p"]').length`)
		for k := 0; k < moves; k += 50 {
			do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`Array.from(document.querySelectorAll('.movetext a[href^="#p"]')).slice(%d, %d).forEach(a => { a.click(); window.add_(); })`, k, k+50)))
		}
		missing := eval[[]string](t, ctx, `(() => {
			const key = new Set();
			document.querySelectorAll('ul.legend g').forEach(g => g.getAttribute('class').split(' ').forEach(x => key.add(x)));
			return [...window.used_].filter(x => x && !key.has(x)); })()`)
		if len(missing) > 0 {
			t.Errorf("%s: the key does not explain %v", v.ID(), missing)
		}
		rs := eval[[]ratio](t, ctx, contrastJS)
		if len(rs) < 10 {
			t.Errorf("%s: only %d contrast measures", v.ID(), len(rs))
		}
		for _, r := range rs {
			if r.Ratio < r.Min {
				t.Errorf("%s: %s: contrast %.2f:1, want at least %.1f:1", v.ID(), r.What, r.Ratio, r.Min)
			}
		}
	}
}

// browserMarks shows every node of a demo game of each variant: the viewer's board, which
// it draws from the compact data block, must carry the classes the build draws a board of
// that node with (newBoard), pit by pit.
func browserMarks(t *testing.T, ctx context.Context, base string) {
	for _, v := range engine.Variants() {
		file := "selfplay/" + v.ID() + ".bgn"
		boards := site.NodeBoards(t, os.DirFS(filepath.Join("..", "testdata", "archive")), file)
		do(t, ctx, chromedp.Navigate(base+"/demo/selfplay/"+v.ID()+"/1.html"), chromedp.WaitVisible("#controls"))
		got := eval[[][]string](t, ctx, `Array.from(document.querySelectorAll('.movetext a[href^="#p"]')).map(a => {
			a.click();
			return [a.getAttribute('href').slice(2)].concat(Array.from(document.querySelectorAll('#board .pit')).
				map(g => g.getAttribute('class').split(' ').filter(c => c).sort().join(' ')));
		})`)
		if len(got) < 10 {
			t.Fatalf("%s: only %d nodes shown", v.ID(), len(got))
		}
		for _, row := range got {
			id, _ := strconv.Atoi(row[0])
			want := boards[id]
			for k, p := range want.Pits {
				cs := strings.Fields(p.Class())
				slices.Sort(cs)
				if w := strings.Join(cs, " "); row[1+k] != w {
					t.Errorf("%s node %d pit %s: the viewer draws %q, the build %q", v.ID(), id, p.Name, row[1+k], w)
				}
			}
		}
	}
}

// browserSowing plays the first moves of a game of each variant seed by seed: each
// animation must end on the board the viewer shows when it jumps to the move.
func browserSowing(t *testing.T, ctx context.Context, base string) {
	for _, v := range engine.Variants() {
		do(t, ctx, chromedp.Navigate(base+"/demo/selfplay/"+v.ID()+"/1.html"), chromedp.WaitVisible("#controls"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '50'`))
		// A reader who asks for less motion gets the jump.
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
			t.Fatal(err)
		}
		do(t, ctx, chromedp.Reload(), chromedp.WaitVisible("#controls"))
		if sp := eval[string](t, ctx, `document.getElementById('speed').value`); sp != "0" {
			t.Errorf("%s: with prefers-reduced-motion the sowing speed is %s, want 0 (jump)", v.ID(), sp)
		}
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
			t.Fatal(err)
		}
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '50'`))
		// The first move runs at its own pace to the end.
		// (Next is pressed and the board read in one evaluation: a loaded machine may take
		// longer than the whole sowing between two calls.)
		if st := eval[map[string]any](t, ctx, `document.querySelector('[data-go=next]').click(),
			({skip: !document.getElementById('skip').hidden, step: document.getElementById('board-step').textContent})`); st["skip"] != true || st["step"] == "" {
			t.Errorf("%s: no sowing under way after Next: %v", v.ID(), st)
		}
		settle(t, ctx, `document.getElementById('skip').hidden`)
		check := func(ply int) {
			t.Helper()
			got := eval[boardState](t, ctx, boardJS)
			if got.Ply != strconv.Itoa(ply) || got.Sown == "" || got.Sown != got.Counts {
				t.Errorf("%s node %d: the sowing ended on %s, the jump shows %s (node %s)", v.ID(), ply, got.Sown, got.Counts, got.Ply)
			}
		}
		check(1)
		// The next moves are skipped to their end once they have started: slowly, so that
		// they are still under way when Skip is pressed.
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '400'`))
		for ply := 2; ply <= 12; ply++ {
			if eval[bool](t, ctx, `document.querySelector('[data-go=next]').click(), document.getElementById('skip').hidden`) {
				break // the game is over
			}
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('skip').click()`))
			check(ply)
		}
		if v.Stones() {
			continue // a stone steps one lap
		}
		browserLaps(t, ctx, base, v)
	}
}

// namesGame reads the number of a game of sitetest.PlayerRecords from its page's address.
var namesGame = regexp.MustCompile(`/names/names/(\d+)\.html$`)

// lapsJS finds the first move of the main line with three laps or more, shows the position
// before it, plays it at the fastest pace and records every frame of the sowing: the pits
// marked sown (the current lap), early (earlier laps), lift and hand, the seeds in hand and
// the info line. window.frames_ holds the frames once the move is sown.
const lapsJS = `(() => {
	const d = JSON.parse(document.getElementById('bao-plies').textContent);
	const i = d.n.findIndex((s, i) => i > 0 && s.split(' ').filter(t => t[0] === 'S').length >= 3);
	if (i < 0) return -1;
	location.hash = '#p' + (i - 1);
	window.frames_ = [];
	const b = document.getElementById('board');
	const rec = () => window.frames_.push({
		sown: Array.from(b.querySelectorAll('.pit.sown')).map(g => g.querySelector('title').textContent),
		early: b.querySelectorAll('.pit.early').length, lift: b.querySelectorAll('.pit.lift').length,
		hand: b.querySelectorAll('.pit.hand').length,
		inhand: document.querySelector('#board-step .inhand').textContent,
		info: document.getElementById('board-info').textContent,
		skip: !document.getElementById('skip').hidden });
	new MutationObserver(rec).observe(b, {subtree: true, attributes: true, attributeFilter: ['class']});
	return i; })()`

// browserEvalGraph checks that the evaluation graph follows the viewer (its line and its
// slider at the ply the board shows, the value said in words), that the slider moves the
// board, and that the graph, a picture, holds no link or focusable element.
func browserEvalGraph(t *testing.T, ctx context.Context, base string) {
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		chromedp.Navigate(base+"/evals/1.html#p2"), chromedp.WaitVisible("#evalgraph-ply"))
	type graphState struct {
		Value, Text, Out, Ply string
		X, Want               float64
		Visible, Inside       bool
	}
	const js = `(() => { const s = document.getElementById('evalgraph-ply'), f = document.getElementById('evalgraph'),
		l = document.getElementById('evalgraph-cur'), ply = document.getElementById('board').getAttribute('data-ply');
		return {value: s.value, text: s.getAttribute('aria-valuetext') || '', out: f.querySelector('output').textContent, ply: ply,
			x: +l.getAttribute('x1'), want: +f.getAttribute('data-xs').split(' ')[ply],
			visible: l.getAttribute('visibility') === 'visible',
			inside: !!f.querySelector('svg a, svg [tabindex], svg[role="img"] [role]')}; })()`
	check := func(step, ply, words string) {
		t.Helper()
		g := eval[graphState](t, ctx, js)
		if g.Ply != ply || g.Value != ply || !g.Visible || g.X != g.Want || !strings.Contains(g.Text, words) || g.Out != g.Text || g.Inside {
			t.Errorf("%s: graph %+v; want the board, the slider and the line at ply %s, the value %q said", step, g, ply, words)
		}
	}
	check("opened at ply 2", "2", "-1.20")
	do(t, ctx, chromedp.KeyEvent(keyOf("ArrowRight")))
	settle(t, ctx, `document.getElementById('board').getAttribute('data-ply') === '3'`)
	check("Next", "3", "no evaluation")
	// The slider drives the board: by keyboard, as a reader tabbing to it would.
	do(t, ctx, chromedp.Focus("#evalgraph-ply"), chromedp.KeyEvent(keyOf("ArrowRight")))
	settle(t, ctx, `document.getElementById('board').getAttribute('data-ply') === '4'`)
	check("the slider's →", "4", "#3")
	do(t, ctx, chromedp.KeyEvent(keyOf("Home")))
	settle(t, ctx, `document.getElementById('board').getAttribute('data-ply') === '0'`)
	check("the slider's Home", "0", "")
	// The move list shows each value beside its move.
	if got := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('.movetext .eval')).map(e => e.previousElementSibling.textContent + ' ' + e.textContent)`); strings.Join(got, "; ") != "A3 +0.50; ? -1.20; a6 #3" {
		t.Errorf("values in the move list: %q", got)
	}
}

// browserLaps plays a move of three laps or more and checks, frame by frame, that only the
// current lap is marked (the pits sown in one frame are a run of the lap being sown, earlier
// laps dimmed), that a count of the seeds in hand is shown and falls to 0, and that the
// reserves or stores in the info line change while the seeds move, not only at the end.
func browserLaps(t *testing.T, ctx context.Context, base string, v *engine.Variant) {
	do(t, ctx, chromedp.Navigate(base+"/demo/selfplay/"+v.ID()+"/1.html"), chromedp.WaitVisible("#controls"))
	i := eval[int](t, ctx, lapsJS)
	if i < 0 {
		t.Logf("%s: no move of three laps in the demo game", v.ID())
		return
	}
	settle(t, ctx, `document.getElementById('board').getAttribute('data-ply') === '`+strconv.Itoa(i-1)+`'`)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.frames_.length = 0, document.getElementById('speed').value = '50', document.querySelector('[data-go=next]').click()`))
	settle(t, ctx, `document.getElementById('skip').hidden`)
	type frame struct {
		Sown              []string
		Early, Lift, Hand int
		Inhand, Info      string
		Skip              bool
	}
	frames := eval[[]frame](t, ctx, `window.frames_`)
	var during []frame
	for _, f := range frames {
		if f.Skip {
			during = append(during, f)
		}
	}
	if len(during) < 6 {
		t.Fatalf("%s: only %d frames recorded while sowing move %d", v.ID(), len(during), i)
	}
	dimmed, zero := false, false
	infos := map[string]bool{}
	for k, f := range during {
		if f.Hand > 1 || f.Lift > 1 {
			t.Errorf("%s frame %d: %d pits ringed as hand and %d as lift, want at most one each", v.ID(), k, f.Hand, f.Lift)
		}
		if f.Early > 0 {
			dimmed = true
		}
		if f.Inhand == "" {
			t.Errorf("%s frame %d: no count of the seeds in hand", v.ID(), k)
		}
		if strings.HasSuffix(f.Inhand, ": 0") {
			zero = true
		}
		infos[f.Info] = true
	}
	if !dimmed {
		t.Errorf("%s: a move of three laps never dimmed an earlier lap", v.ID())
	}
	if !zero {
		t.Errorf("%s: the seeds in hand never came to 0", v.ID())
	}
	// Where the move's steps change the reserves or stores (B steps after the first, which is
	// the bank before the move), the info line shows it before the move ends.
	banks := eval[int](t, ctx, `JSON.parse(document.getElementById('bao-plies').textContent).n[`+strconv.Itoa(i)+`].split(' ').filter(t => t[0] === 'B').length`)
	if banks > 1 && len(infos) < 2 {
		t.Errorf("%s: the move changes the bank %d times, but the info line kept one text while sowing: %v", v.ID(), banks-1, infos)
	}
	t.Logf("%s: move %d sown in %d frames, %d changes of the bank, info lines %d", v.ID(), i, len(during), banks-1, len(infos))
}

// browserLive checks that under bao serve the header links to the live search and the
// explorer, and that the live search finds a player as the static one does.
func browserLive(t *testing.T, ctx context.Context, base string) {
	do(t, ctx, chromedp.Navigate(base+"/index.html"))
	settle(t, ctx, `!document.getElementById('nav-explore').hidden`)
	if h := eval[string](t, ctx, `document.getElementById('nav-search').href`); h != base+"/search" {
		t.Errorf("the header's Search link under bao serve: %q, want the live search", h)
	}
	do(t, ctx, chromedp.Navigate(base+"/search.html?player=random"))
	settle(t, ctx, `document.querySelectorAll('#search-results tbody tr').length > 0`)
	static := eval[int](t, ctx, `document.querySelectorAll('#search-results tbody tr').length`)
	do(t, ctx, chromedp.Navigate(base+"/search?player=random"))
	live := eval[string](t, ctx, `document.querySelector('main p').textContent`)
	if live != fmt.Sprintf("%d games.", static) {
		t.Errorf("player 'random': the live search says %q, the static one finds %d games", live, static)
	}
	// one player, one answer: the static search, ?player= and q=player:"…" of the live one
	namesOf := func(hrefs []string) []int {
		var got []int
		for _, h := range hrefs {
			if m := namesGame.FindStringSubmatch(h); m != nil {
				n, _ := strconv.Atoi(m[1])
				got = append(got, n)
			}
		}
		slices.Sort(got)
		return got
	}
	for _, c := range sitetest.PlayerQueries {
		do(t, ctx, chromedp.Navigate(base+"/search.html?player="+url.QueryEscape(c.Query)))
		settle(t, ctx, `!document.getElementById('search').hidden && /\.$/.test(document.getElementById('search-status').textContent)`)
		static := namesOf(eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#search-results a')).map(a => a.href)`))
		do(t, ctx, chromedp.Navigate(base+"/search?player="+url.QueryEscape(c.Query)))
		live := namesOf(eval[[]string](t, ctx, `Array.from(document.querySelectorAll('main table a')).map(a => a.href)`))
		do(t, ctx, chromedp.Navigate(base+"/search?q="+url.QueryEscape(fmt.Sprintf("player:%q", c.Query))))
		field := namesOf(eval[[]string](t, ctx, `Array.from(document.querySelectorAll('main table a')).map(a => a.href)`))
		if !slices.Equal(static, c.Games) || !slices.Equal(live, c.Games) || !slices.Equal(field, c.Games) {
			t.Errorf("player %q: static search %v, ?player= %v, q=player: %v; want %v", c.Query, static, live, field, c.Games)
		}
	}
	// a field the static search does not have is said, not dropped
	do(t, ctx, chromedp.Navigate(base+"/search.html?pattern=x&player=Haji"))
	settle(t, ctx, `!document.getElementById('search-unread').hidden`)
	if n := eval[string](t, ctx, `document.getElementById('search-unread').textContent`); !strings.Contains(n, "pattern") {
		t.Errorf("search.html?pattern=x: note %q, want pattern named", n)
	}
	do(t, ctx, chromedp.Navigate(base+"/search?q=south:"))
	if e := eval[string](t, ctx, `(document.querySelector('.bao-error') || {}).textContent || ''`); !strings.Contains(e, "such as south:") {
		t.Errorf("live search for 'south:': error %q, want one that shows how to ask", e)
	}
}

// browserScreenshots saves a game page of each variant at a phone's and a desktop's width.
func browserScreenshots(t *testing.T, ctx context.Context, base, dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, v := range engine.Variants() {
		for _, w := range []struct {
			name          string
			width, height int64
			mobile        bool
		}{{"phone", 390, 844, true}, {"desktop", 1280, 900, false}} {
			vp := chromedp.EmulateViewport(w.width, w.height)
			if w.mobile {
				vp = chromedp.EmulateViewport(w.width, w.height, chromedp.EmulateMobile, chromedp.EmulatePortrait)
			}
			do(t, ctx, vp, chromedp.Navigate(base+"/demo/selfplay/"+v.ID()+"/1.html#p12"), chromedp.WaitVisible("#controls"))
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(dir, v.ID()+"-"+w.name+".png")
			if err := os.WriteFile(name, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot: %s", name)
		}
	}
	// A move of Bao la Kiswahili half sown, at a phone's width.
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		chromedp.Navigate(base+"/demo/selfplay/kiswahili/3.html#p4"), chromedp.WaitVisible("#controls"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '400'`),
		chromedp.Click("[data-go=next]"), chromedp.Sleep(2500*time.Millisecond))
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "kiswahili-sowing-phone.png")
	if err := os.WriteFile(name, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", name)
}

// browserSearchVariant: the static search reads the variant as the live search writes it
// (?variant=kimasai), and finds that variant's games alone.
func browserSearchVariant(t *testing.T, ctx context.Context, base string) {
	do(t, ctx, chromedp.Navigate(base+"/search.html?variant=kimasai"))
	settle(t, ctx, `document.querySelectorAll('#search-results tbody tr').length > 0 && /\.$/.test(document.getElementById('search-status').textContent)`)
	got := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#search-results tbody tr td:nth-child(6)')).map(td => td.textContent)`)
	for _, v := range got {
		if v != "Bao la Kimasai" {
			t.Errorf("?variant=kimasai finds a game of %q", v)
			break
		}
	}
	if sel := eval[string](t, ctx, `document.querySelector('form select[name=variant]').value`); sel != "kimasai" {
		t.Errorf("?variant=kimasai selects %q", sel)
	}
}
