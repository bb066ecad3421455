package site_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/machine"
	"github.com/bao-archive/bao/internal/sitetest"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/board"
)

// The browser tests of the engine in the browser (analysis.js, site/webengine) and of the
// analysis board, on a static build served as plain files and on bao serve.

// analysisPly is where the tests open the analysis board.
const analysisPly = 20

// analysisGame is a game of a variant played for the tests, with the line the reader taps
// from its ply analysisPly.
type analysisGame struct {
	v     *engine.Variant
	moves []string // the game's tokens
	line  []string // three moves from ply analysisPly
}

// choices says what tapping tok from p needs: the legal moves from its pit, and whether they
// differ in direction.
func choices(p engine.Position, tok string) (n int, dir bool) {
	v := p.Variant()
	pit := pitOfToken(tok)
	dirs := map[byte]bool{}
	for _, c := range p.Children(nil) {
		t := v.FormatMove(c.Move)
		if pitOfToken(t) == pit {
			n++
			if len(t) > len(pit) && (t[len(pit)] == '<' || t[len(pit)] == '>') {
				dirs[t[len(pit)]] = true
			}
		}
	}
	return n, len(dirs) > 1
}

func pitOfToken(tok string) string {
	i := 1
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	return tok[:i]
}

// playGame finds, among random games of v, one that lasts past ply analysisPly and, for the
// 4x8 games, a line of three moves from there in which one move needs a direction (a takasa
// with both sides legal) and one is a capture with a kichwa choice.
func playGame(t *testing.T, v *engine.Variant) analysisGame {
	t.Helper()
	for i := uint64(0); i < 2000; i++ {
		r := engine.NewRand(25, i)
		g := engine.RandomGame(v.Start(), r, analysisPly+40)
		if len(g.Moves()) < analysisPly+3 {
			continue
		}
		ag := analysisGame{v: v}
		for _, m := range g.Moves() {
			ag.moves = append(ag.moves, v.FormatMove(m))
		}
		p := g.Positions()[analysisPly]
		// Lines from ply analysisPly: the game's own, and random ones.
		for j := uint64(0); j < 200; j++ {
			var line []string
			if j == 0 {
				line = ag.moves[analysisPly : analysisPly+3]
			} else {
				lg := engine.RandomGame(p, engine.NewRand(26, i*1000+j), 3)
				if len(lg.Moves()) < 3 {
					continue
				}
				for _, m := range lg.Moves() {
					line = append(line, v.FormatMove(m))
				}
			}
			if !v.HasHouse() {
				ag.line = line
				return ag
			}
			q := p
			takasaDir, captureDir := false, false
			for _, tok := range line {
				_, dir := choices(q, tok)
				if dir && strings.Contains(tok, "*") {
					takasaDir = true
				}
				if dir && !strings.Contains(tok, "*") {
					captureDir = true
				}
				m, err := q.ParseMove(tok)
				if err != nil {
					t.Fatal(err)
				}
				q, _ = q.Apply(m)
			}
			if takasaDir && captureDir {
				ag.line = line
				return ag
			}
		}
	}
	t.Fatalf("%s: no game with the line the test needs", v.ID())
	return analysisGame{}
}

// record writes the game as a BGN record.
func (ag analysisGame) record() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"Analysis test\"]\n[South \"Asha\"]\n[North \"Baraka\"]\n[Result \"*\"]\n[Variant %q]\n\n", ag.v.Name())
	for i, tok := range ag.moves {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(tok + " ")
	}
	b.WriteString("*\n")
	return b.String()
}

// after is the BPN after the first n moves of the line, as `bao play` gives it.
func (ag analysisGame) after(t *testing.T, n int) string {
	p := ag.v.Start()
	for _, tok := range append(slices.Clone(ag.moves[:analysisPly]), ag.line[:n]...) {
		m, err := p.ParseMove(tok)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return p.String()
}

// analysisSites writes an archive with one game of each variant and serves its static build
// as plain files and the archive with bao serve.
func analysisSites(t *testing.T) (games []analysisGame, static, served string) {
	t.Helper()
	dir := t.TempDir()
	for _, v := range engine.Variants() {
		ag := playGame(t, v)
		games = append(games, ag)
		if err := os.WriteFile(filepath.Join(dir, v.ID()+".bgn"), []byte(ag.record()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, static = staticSite(t, dir)
	sv := httptest.NewServer(indexedServer(t, dir, "Analysis"))
	t.Cleanup(sv.Close)
	return games, static, sv.URL
}

// staticSite builds the site of the archive dir and serves it as plain files, as a static
// host would; it returns the output folder and the address.
func staticSite(tb testing.TB, dir string) (out, url string) {
	tb.Helper()
	out = tb.TempDir()
	if _, err := site.Build(tb.Context(), os.DirFS(dir), out, site.Options{Title: "Analysis"}); err != nil {
		tb.Fatal(err)
	}
	st := httptest.NewServer(http.FileServer(http.Dir(out)))
	tb.Cleanup(st.Close)
	return out, st.URL
}

func TestBrowserAnalysis(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	games, static, served := analysisSites(t)
	ctx, dialogs := browser(t)
	for _, base := range []struct{ name, url string }{{"static", static}, {"served", served}} {
		t.Run("engine-"+base.name, func(t *testing.T) { browserEngine(t, tab(t, ctx, dialogs), base.url, 1000) })
		t.Run("download-"+base.name, func(t *testing.T) { browserDownload(t, tab(t, ctx, dialogs), base.url, games[0]) })
	}
	t.Run("explore-served", func(t *testing.T) { browserExploreLinks(t, tab(t, ctx, dialogs), served, games[0]) })
	for _, ag := range games {
		t.Run("tap-"+ag.v.ID(), func(t *testing.T) { browserTap(t, ctx, dialogs, static, ag) })
		t.Run("line-tools-"+ag.v.ID(), func(t *testing.T) { browserLineTools(t, tab(t, ctx, dialogs), static, ag) })
	}
	if dir := os.Getenv("BAO_SCREENSHOTS"); dir != "" {
		t.Run("screenshots", func(t *testing.T) { browserAnalysisScreenshots(t, tab(t, ctx, dialogs), static, games, dir) })
	}
	if n := dialogs.Load(); n > 0 {
		t.Errorf("%d JavaScript dialogs opened", n)
	}
}

// enginePositions are n positions of each variant from random games, finished ones among
// them, and lines that are not positions.
func enginePositions(n int) map[*engine.Variant][]string {
	out := map[*engine.Variant][]string{}
	for _, v := range engine.Variants() {
		var ps []string
		for i := uint64(0); len(ps) < n; i++ {
			g := engine.RandomGame(v.Start(), engine.NewRand(7, i), 400)
			for _, p := range g.Positions() {
				ps = append(ps, p.String())
			}
		}
		out[v] = append(ps[:n-2], "1,2,3", v.Start().String()+" extra")
	}
	return out
}

// browserEngine checks window.bao.engine() against the command line's documents: moves() for
// n positions of each game, exactly as `bao moves --json` writes them, and bestmove().
func browserEngine(t *testing.T, ctx context.Context, base string, n int) {
	do(t, ctx, chromedp.Navigate(base+"/kingulu/1.html"))
	settle(t, ctx, `typeof window.bao === 'object' && typeof window.bao.engine === 'function'`)
	var en machine.MovesEncoder
	for v, ps := range enginePositions(n) {
		list, _ := json.Marshal(ps)
		got := await[[]string](t, ctx, fmt.Sprintf(`bao.engine().then(e => Promise.all(%s.map(p => e.moves(%q, p)))).then(ds => ds.map(d => JSON.stringify(d)))`, list, v.ID()))
		if len(got) != len(ps) {
			t.Fatalf("%s: %d answers for %d positions", v.ID(), len(got), len(ps))
		}
		bad := 0
		for i, s := range ps {
			var want string
			p, err := engine.ParsePosition(v, s)
			if err != nil {
				want = string(machine.BadPosition{Position: s, Error: err.Error()}.AppendJSON(nil))
			} else {
				want = strings.TrimSuffix(string(en.Append(nil, p)), "\n")
			}
			if got[i] != want && bad < 3 {
				bad++
				t.Errorf("%s: moves(%q)\n got %.300s\nwant %.300s", v.ID(), s, got[i], want)
			}
		}
	}
	var best struct {
		Best  string   `json:"best"`
		Score *float64 `json:"score"`
		WinIn *int     `json:"win_in"`
		PV    []string `json:"pv"`
		Depth int      `json:"depth"`
		Nodes int64    `json:"nodes"`
	}
	s := await[string](t, ctx, `bao.engine().then(e => e.bestmove('kiswahili', '`+engine.Kiswahili.Start().String()+`', 300)).then(d => JSON.stringify(d))`)
	if err := json.Unmarshal([]byte(s), &best); err != nil || best.Best == "" || best.Score == nil || len(best.PV) == 0 || best.PV[0] != best.Best || best.Depth < 1 || best.Nodes < 1 {
		t.Errorf("bestmove: %s (%v)", s, err)
	} else if _, err := engine.Kiswahili.Start().ParseMove(best.Best); err != nil {
		t.Errorf("bestmove: %s: %v", best.Best, err)
	}
}

// browserDownload follows the game page's download link and finds the record.
func browserDownload(t *testing.T, ctx context.Context, base string, ag analysisGame) {
	do(t, ctx, chromedp.Navigate(base+"/"+ag.v.ID()+"/1.html"))
	rec := await[string](t, ctx, `fetch(document.querySelector('a[download]').href).then(r => r.ok ? r.text() : 'HTTP ' + r.status)`)
	if rec != ag.record() {
		t.Errorf("the download link gives %.200q, want the record", rec)
	}
}

// await evaluates js, which gives a Promise, and waits for its value.
func await[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %.80s…: %v", js, err)
	}
	return v
}

// panelJS reads the analysis board: the position and line shown, the message and the
// engine's answer.
const panelJS = `(() => { const s = document.querySelector('svg[data-analysis]'); if (!s) return null; return {
	bpn: s.getAttribute('data-bpn') || '', line: s.getAttribute('data-line') || '',
	say: document.querySelector('section.analysis .say').textContent,
	best: document.querySelector('section.analysis .best').getAttribute('data-best') || '',
	url: location.href }; })()`

type panelState struct {
	BPN, Line, Say, Best, URL string
}

// tapPit taps a pit of the analysis board where it is drawn.
func tapPit(t *testing.T, ctx context.Context, pit string) {
	t.Helper()
	xy := eval[[]float64](t, ctx, fmt.Sprintf(`(() => {
		const g = Array.from(document.querySelectorAll('svg[data-analysis] g.pit')).find(g => g.querySelector('title').textContent === %q);
		g.scrollIntoView({block: 'center', inline: 'center'});
		const r = g.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; })()`, pit))
	if xy[2] < 44 || xy[3] < 44 {
		t.Errorf("pit %s is %.0fx%.0f px, want at least 44x44", pit, xy[2], xy[3])
	}
	do(t, ctx, chromedp.MouseClickXY(xy[0], xy[1]))
}

// browserTap plays the game's line on the analysis board by tapping, at a phone's size.
func browserTap(t *testing.T, ctx context.Context, dialogs *atomic.Int32, base string, ag analysisGame) {
	c := tab(t, ctx, dialogs)
	do(t, c, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		chromedp.Navigate(fmt.Sprintf("%s/%s/1.html#p%d", base, ag.v.ID(), analysisPly)),
		chromedp.WaitVisible("button.analyse"), chromedp.Click("button.analyse"))
	settle(t, c, `!!document.querySelector('svg[data-analysis] g.pit.can')`)
	st := eval[panelState](t, c, panelJS)
	if want := ag.after(t, 0); st.BPN != want {
		t.Fatalf("the analysis board opens at %q, want ply %d: %q", st.BPN, analysisPly, want)
	}
	// An illegal tap: a pit of the player not to move, or an empty one.
	p, _ := engine.ParsePosition(ag.v, st.BPN)
	for pit := range engine.Pit(ag.v.Pits()) {
		name := ag.v.PitName(pit)
		if n, _ := choices(p, name); n > 0 {
			continue
		}
		tapPit(t, c, name)
		settle(t, c, `document.querySelector('section.analysis .say').textContent !== ''`)
		st = eval[panelState](t, c, panelJS)
		if st.BPN != ag.after(t, 0) || st.Line != "" {
			t.Errorf("tapping %s changed the board to %q", name, st.BPN)
		}
		t.Logf("%s: tapping %s says %q", ag.v.ID(), name, st.Say)
		break
	}
	// Each move is sown seed by seed as the game viewer sows: a pit is ringed as the seed in
	// hand (a mark only the animation sets), and the steps reach the move's position.
	do(t, c, chromedp.Evaluate[chromedp.Void](`(() => {
		window.sawHand = false;
		new MutationObserver(() => { if (document.querySelector('svg[data-analysis] g.pit.hand')) window.sawHand = true; })
			.observe(document.querySelector('svg[data-analysis]'), {subtree: true, attributes: true, attributeFilter: ['class']});
	})()`))
	for i, tok := range ag.line {
		q, _ := engine.ParsePosition(ag.v, ag.after(t, i))
		do(t, c, chromedp.Evaluate[chromedp.Void](`window.sawHand = false; document.querySelector('svg[data-analysis]').removeAttribute('data-sown')`))
		tapToken(t, c, ag, i)
		want := ag.after(t, i+1)
		wp, _ := engine.ParsePosition(ag.v, want)
		seeds := make([]string, ag.v.Pits())
		for k := range seeds {
			seeds[k] = strconv.Itoa(wp.Seeds(engine.Pit(k)))
		}
		if got := eval[string](t, c, `document.querySelector('svg[data-analysis]').getAttribute('data-sown') || ''`); got != strings.Join(seeds, ",") {
			t.Errorf("%s: the sowing reached %q, want %q", tok, got, strings.Join(seeds, ","))
		}
		if !eval[bool](t, c, `window.sawHand`) {
			t.Errorf("%s: not sown seed by seed (no seed in hand shown)", tok)
		}
		// Then the move stays marked as the viewer marks a game's: its last lap's pits.
		_, tr, _ := q.Trace(mustMove(t, q, tok))
		var sown []string
		for pit, m := range board.Trace(ag.v, tr) {
			if m&board.Sown != 0 {
				sown = append(sown, ag.v.PitName(engine.Pit(pit)))
			}
		}
		slices.Sort(sown)
		js := `[...document.querySelectorAll('svg[data-analysis] g.pit.sown title')].map(t => t.textContent).sort().join(' ')`
		settle(t, c, fmt.Sprintf(`%s === %q`, js, strings.Join(sown, " ")))
	}
	st = eval[panelState](t, c, panelJS)
	// The address opens the same line in another tab.
	c2 := tab(t, ctx, dialogs)
	do(t, c2, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait), chromedp.Navigate(st.URL))
	settle(t, c2, fmt.Sprintf(`(() => { const s = document.querySelector('svg[data-analysis]'); return !!s && s.getAttribute('data-bpn') === %q && s.getAttribute('data-line') === %q; })()`, st.BPN, st.Line))
	// The engine answers its 1 s search. How soon is a figure for make bench (the machine's
	// load decides it), but a search that takes five times its budget has hung.
	start := time.Now()
	do(t, c, chromedp.Click(`section.analysis button[data-a=engine]`))
	settle(t, c, `!!document.querySelector('section.analysis .best[data-best]')`)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the engine answered after %v, want about 1 s", d)
	} else {
		t.Logf("%s: the engine answered after %v", ag.v.ID(), d.Round(time.Millisecond))
	}
	best := eval[panelState](t, c, panelJS).Best
	if q, _ := engine.ParsePosition(ag.v, st.BPN); q.Status() == engine.Ongoing {
		if _, err := q.ParseMove(best); err != nil {
			t.Errorf("the engine's best move %q: %v", best, err)
		}
	}
}

// mustMove reads move token tok in position p.
func mustMove(t *testing.T, p engine.Position, tok string) engine.Move {
	t.Helper()
	m, err := p.ParseMove(tok)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// lineBGNMoves are the moves of a line from position bpn as the analysis board lists them:
// "1. A6<*" for South's, and a number for North's only where the line starts ("1… a4>").
func lineBGNMoves(bpn string, toks []string) []string {
	south := strings.Fields(bpn)[1] != "N"
	var out []string
	n := 1
	for i, tok := range toks {
		switch {
		case south:
			out = append(out, fmt.Sprintf("%d. %s", n, tok))
		case i == 0:
			out = append(out, fmt.Sprintf("%d… %s", n, tok))
		default:
			out = append(out, tok)
		}
		if !south {
			n++
		}
		south = !south
	}
	return out
}

// tapToken plays move i of ag's line on the open analysis board by tapping its pit, and its
// choice where the pit has several moves (checking that exactly the legal ones are offered),
// then waits for the board to show the position after it, the line so far kept.
func tapToken(t *testing.T, c context.Context, ag analysisGame, i int) {
	t.Helper()
	tok := ag.line[i]
	q, _ := engine.ParsePosition(ag.v, ag.after(t, i))
	n, _ := choices(q, tok)
	tapPit(t, c, pitOfToken(tok))
	if n > 1 {
		settle(t, c, fmt.Sprintf(`!!document.querySelector('section.analysis .choices button[data-move=%q]')`, tok))
		if k := eval[int](t, c, `document.querySelectorAll('section.analysis .choices button').length`); k != n {
			t.Errorf("%s: %d choices offered, want %d", tok, k, n)
		}
		do(t, c, chromedp.Click(fmt.Sprintf(`section.analysis .choices button[data-move=%q]`, tok)))
	}
	settle(t, c, fmt.Sprintf(`(() => { const s = document.querySelector('svg[data-analysis]'); return s.getAttribute('data-bpn') === %q && s.getAttribute('data-line') === %q; })()`,
		ag.after(t, i+1), strings.Join(ag.line[:i+1], " ")))
}

// browserAnalysisScreenshots saves the analysis board in use (the reader's moves tapped, the
// engine's answer shown) for each game at a phone's and a desktop's width.
func browserAnalysisScreenshots(t *testing.T, ctx context.Context, base string, games []analysisGame, dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, ag := range games {
		for _, w := range []struct {
			name          string
			width, height int64
		}{{"phone", 390, 844}, {"desktop", 1366, 900}} {
			vp := chromedp.EmulateViewport(w.width, w.height)
			if w.width < 500 {
				vp = chromedp.EmulateViewport(w.width, w.height, chromedp.EmulateMobile, chromedp.EmulatePortrait)
			}
			do(t, ctx, vp, chromedp.Navigate("about:blank"), chromedp.Navigate(fmt.Sprintf("%s/%s/1.html#p%d", base, ag.v.ID(), analysisPly)),
				chromedp.WaitVisible("button.analyse"), chromedp.Click("button.analyse"))
			settle(t, ctx, `!!document.querySelector('svg[data-analysis] g.pit.can')`)
			for i := range ag.line { // the reader's moves, tapped
				tapToken(t, ctx, ag, i)
			}
			do(t, ctx, chromedp.Click(`section.analysis button[data-a=engine]`))
			settle(t, ctx, `!!document.querySelector('section.analysis .best[data-best]')`)
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('section.analysis').scrollIntoView()`))
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(dir, "analysis-"+ag.v.ID()+"-"+w.name+".png")
			if err := os.WriteFile(name, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot: %s", name)
		}
	}
}

// axeScript finds axe-core (npm install axe-core at the top of the repository, as .ci/run
// does; BAO_AXE names another copy).
func axeScript() string {
	for _, p := range []string{os.Getenv("BAO_AXE"), filepath.Join("..", "node_modules", "axe-core", "axe.min.js")} {
		if p == "" {
			continue
		}
		if b, err := os.ReadFile(p); err == nil {
			return string(b)
		}
	}
	return ""
}

// axeRules are the rules of axe-core that fail TestBrowserAxe whatever their impact (axe calls
// them moderate), beside every serious or critical violation: a page's one h1, landmarks
// told apart by their names, and an accessible name that holds the words shown (WCAG 2.5.3,
// label in name: a rule axe-core still calls experimental, enabled here).
var axeRules = []string{"page-has-heading-one", "landmark-unique", "label-content-name-mismatch"}

// TestBrowserAxe runs axe-core inside the pages a reader meets, the analysis board open among
// them, at a phone's and a desktop's width: no serious or critical violation, and none of
// axeRules.
func TestBrowserAxe(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	axe := axeScript()
	if axe == "" {
		t.Skip("axe test skipped: no axe-core (npm install axe-core at the top of the repository, or BAO_AXE=path/axe.min.js)")
	}
	base := browserSite(t)
	// An archive without an index.md, whose home page the build writes alone, and a player
	// with more games than one page lists: two pagers on a page.
	plain := t.TempDir()
	var many strings.Builder
	for i := range 101 {
		fmt.Fprintf(&many, "[South \"Asha\"]\n[North \"Baraka\"]\n[Round \"%d\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 a4 *\n\n", i+1)
	}
	if err := os.WriteFile(filepath.Join(plain, "many.bgn"), []byte(many.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, plainBase := staticSite(t, plain)
	ctx, dialogs := browser(t)
	pages := []struct{ name, path, open string }{
		{"home without index.md", plainBase + "/index.html", ""},
		{"a player's first page of two", plainBase + "/players/asha.html", ""},
		{"a file's games, first page of two", plainBase + "/many/index.html", ""},
		{"game", "/demo/selfplay/kiswahili/1.html#p6", ""},
		{"evaluation graph", "/evals/1.html#p2", ""},
		{"analysis", "/demo/selfplay/kiswahili/1.html#p6", "button.analyse"},
		{"markdown", "/demo/primer/kiswahili.html", ""},
		{"event", demoEventPage, ""},
		{"player", demoPlayerPage, ""},
		{"search", "/search.html", ""},
		{"embed", "/demo/selfplay/kiswahili/1.embed.html", ""},
	}
	for _, w := range []struct {
		name          string
		width, height int64
	}{{"phone", 390, 844}, {"desktop", 1366, 900}} {
		c := tab(t, ctx, dialogs)
		vp := chromedp.EmulateViewport(w.width, w.height)
		if w.width < 500 {
			vp = chromedp.EmulateViewport(w.width, w.height, chromedp.EmulateMobile, chromedp.EmulatePortrait)
		}
		for _, p := range pages {
			u := p.path
			if !strings.HasPrefix(u, "http") {
				u = base + u
			}
			do(t, c, vp, chromedp.Navigate(u), chromedp.WaitVisible("main"))
			if p.open != "" {
				do(t, c, chromedp.Click(p.open))
				settle(t, c, `!!document.querySelector('svg[data-analysis] g.pit.can')`)
			}
			do(t, c, chromedp.Evaluate[chromedp.Void](axe))
			found := await[[]string](t, c, `axe.run(document, {resultTypes: ['violations'],
				rules: {'label-content-name-mismatch': {enabled: true}}}).then(r => r.violations
				.filter(v => v.impact === 'serious' || v.impact === 'critical' || `+"`"+strings.Join(axeRules, " ")+"`"+`.split(' ').includes(v.id))
				.map(v => v.impact + ' ' + v.id + ': ' + v.help + ' (' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; ') + ')'))`)
			for _, v := range found {
				t.Errorf("%s at %s: %s", p.name, w.name, v)
			}
			if p.name == "game" { // the experimental rule runs: it checks the viewer's buttons
				if n := await[int](t, c, `axe.run(document, {runOnly: ['label-content-name-mismatch']}).then(r => r.passes.concat(r.violations).reduce((n, x) => n + x.nodes.length, 0))`); n == 0 {
					t.Errorf("game at %s: label-content-name-mismatch checked no element", w.name)
				}
			}
		}
	}
}

// browserLineTools checks the analysis board's tools: the reader's line as BGN replays to the
// position shown, the board flips, the position is copied.
func browserLineTools(t *testing.T, ctx context.Context, base string, ag analysisGame) {
	u := fmt.Sprintf("%s/%s/1.html#p%d", base, ag.v.ID(), analysisPly)
	for _, tok := range ag.line {
		u += "/" + url.PathEscape(tok)
	}
	do(t, ctx, chromedp.Navigate(u))
	want := ag.after(t, len(ag.line))
	settle(t, ctx, fmt.Sprintf(`document.querySelector('svg[data-analysis]')?.getAttribute('data-bpn') === %q`, want))
	rec := eval[string](t, ctx, `(h => decodeURIComponent(h.slice(h.indexOf(',') + 1)))(document.querySelector('section.analysis [data-a=bgn]').getAttribute('href'))`)
	recs, err := notation.Parse("line.bgn", strings.NewReader(rec))
	if err != nil || len(recs) != 1 {
		t.Fatalf("the line's BGN %q: %v", rec, err)
	}
	rp, err := recs[0].Replay()
	if err != nil || len(rp.Plies) != len(ag.line) || rp.Plies[len(rp.Plies)-1].After.String() != want {
		t.Errorf("the line's BGN %q replays with %v, want %d plies to %s", rec, err, len(ag.line), want)
	}
	if eval[bool](t, ctx, `!!document.querySelector('section.analysis [data-a=explore], section.analysis [data-a=search]')`) {
		t.Error("a static site's analysis board links to an explorer no server answers")
	}
	// The line is one list, its moves numbered as a record numbers them from the position
	// analysed; a move played instead of the last is its alternative, a list under it.
	wantLine := lineBGNMoves(ag.after(t, 0), ag.line)
	if got := eval[[]string](t, ctx, `[...document.querySelectorAll('section.analysis ol.line > li > button')].map(b => b.textContent)`); !slices.Equal(got, wantLine) {
		t.Errorf("the line's list %q, want %q", got, wantLine)
	}
	do(t, ctx, chromedp.Click(`section.analysis [data-a=back]`))
	q, _ := engine.ParsePosition(ag.v, ag.after(t, len(ag.line)-1))
	var other string
	can := map[string]bool{}
	for _, c := range q.Children(nil) {
		tok := ag.v.FormatMove(c.Move)
		can[pitOfToken(tok)] = true
		if tok != ag.line[len(ag.line)-1] && other == "" {
			other = tok
		}
	}
	// The board takes a tap once the engine has listed the moves of the position gone back
	// to: its pits marked are then exactly those moves' pits.
	settle(t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector('svg[data-analysis]');
		const can = [...s.querySelectorAll('g.pit.can title')].map(t => t.textContent).sort().join(' ');
		return s.getAttribute('data-bpn') === %q && can === %q; })()`, ag.after(t, len(ag.line)-1), strings.Join(slices.Sorted(maps.Keys(can)), " ")))
	if other != "" {
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '0'`))
		tapPit(t, ctx, pitOfToken(other))
		if n, _ := choices(q, other); n > 1 {
			settle(t, ctx, fmt.Sprintf(`!!document.querySelector('section.analysis .choices button[data-move=%q]')`, other))
			do(t, ctx, chromedp.Click(fmt.Sprintf(`section.analysis .choices button[data-move=%q]`, other)))
		}
		settle(t, ctx, `!!document.querySelector('section.analysis ol.line > li:last-child > ol.branch > li > button.current')`)
		do(t, ctx, chromedp.Click(`section.analysis ol.line > li:last-child > button`))
		settle(t, ctx, fmt.Sprintf(`document.querySelector('svg[data-analysis]').getAttribute('data-bpn') === %q`, want))
	}
	do(t, ctx, chromedp.Click(`section.analysis [data-a=flip]`))
	if !eval[bool](t, ctx, `document.querySelector('svg[data-analysis]').classList.contains('flipped')`) {
		t.Error("Flip does not flip the board")
	}
	// Download image: the board as an SVG styled by the site's rules for boards, and as a PNG
	// drawn from it at twice its size. The downloads are caught where the script starts them.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.baoDownloads = [];
		HTMLAnchorElement.prototype.click = function () { if (this.download) baoDownloads.push([this.download, this.href]); };`))
	do(t, ctx, chromedp.Click(`section.analysis [data-a=svg]`))
	settle(t, ctx, `baoDownloads.length === 1`)
	do(t, ctx, chromedp.Click(`section.analysis [data-a=png]`))
	settle(t, ctx, `baoDownloads.length === 2`)
	img := eval[[]string](t, ctx, `baoDownloads.map(d => d[0] + ' ' + (d[1].startsWith('data:') ? decodeURIComponent(d[1].slice(d[1].indexOf(',') + 1)) : d[1]))`)
	if svg := img[0]; !strings.HasPrefix(svg, "position.svg <svg") || !strings.Contains(svg, `data-bpn="`+want+`"`) ||
		!strings.Contains(svg, "svg.board .pit circle") || !strings.Contains(svg, "<title>") {
		t.Errorf("the SVG image: %.300s…, want a styled board of %s with a title", svg, want)
	}
	size := await[[]float64](t, ctx, `new Promise((ok, fail) => { const i = new Image(); i.onerror = fail;
		i.onload = () => ok([i.naturalWidth, i.naturalHeight, document.querySelector('svg[data-analysis]').viewBox.baseVal.width]);
		i.src = baoDownloads[1][1]; })`)
	// iVBOR: a PNG's signature in base64.
	if !strings.HasPrefix(img[1], "position.png iVBOR") || size[0] != 2*size[2] || size[1] < 100 {
		t.Errorf("the PNG image %.60q is %vx%v px, want twice the board's %v", img[1], size[0], size[1], size[2])
	}
}

// browserExploreLinks checks that the analysis board of a page bao serve renders opens the
// position it shows in the explorer and in the position search, and that a static site's has
// no such links (it has no server to answer them).
func browserExploreLinks(t *testing.T, ctx context.Context, served string, ag analysisGame) {
	u := fmt.Sprintf("%s/%s/1.html#p%d/%s", served, ag.v.ID(), analysisPly, url.PathEscape(ag.line[0]))
	want := ag.after(t, 1)
	for _, a := range []string{"explore", "search"} {
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(u))
		settle(t, ctx, fmt.Sprintf(`document.querySelector('svg[data-analysis]')?.getAttribute('data-bpn') === %q`, want))
		href := eval[string](t, ctx, `document.querySelector('section.analysis [data-a=`+a+`]').href`)
		do(t, ctx, chromedp.Navigate(href), chromedp.WaitVisible("main h1"))
		got := eval[string](t, ctx, `(document.querySelector('main svg.board') || {getAttribute: () => ''}).getAttribute('data-bpn')`)
		if got != want {
			t.Errorf("%s from the analysis board (%s) shows %q, want %q", a, href, got, want)
		}
	}
}
