package site_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/sitetest"
)

// puzzleRecord is a puzzle as bao puzzles writes it (from a self-played Bao Kingulu game):
// North to move wins in 4, and a4 is the only first move that does.
const puzzleRecord = `[Event "Engine self-play"]
[Site "bao"]
[Date "????.??.??"]
[Round "1"]
[South "bao random player"]
[North "bao random player"]
[Result "0-1"]
[Variant "Bao Kingulu"]
[Annotator "bao puzzles, depth 7, wins in 2 to 4 moves"]
[Position "7,6,5,0,1,4/1,0,1,0,0,3 N 4-16 A2,A5"]
[Puzzle "found"]
[SetUp "1"]
[Source "games.bgn game 1"]
[SourceRef "ply 6"]
[Theme "front-row"]
[WinIn "4"]

1... a4 2. A4 a2 3. A1 a3 4. A6 a3 0-1
`

// TestPuzzleBrowser solves a puzzle page at a phone's width: a wrong tap is answered "Not
// this one" and leaves the position, the right one plays the solution to its last position
// and shows the moves; the page links the game the puzzle comes from.
func TestPuzzleBrowser(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	dir := t.TempDir()
	game := "[Event \"Engine self-play\"]\n[Variant \"Bao Kingulu\"]\n[Result \"*\"]\n\n1. A3 a4 *\n"
	for name, text := range map[string]string{"games.bgn": game, "puzzles.bgn": puzzleRecord + "\n" + puzzleRecord} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ts := httptest.NewServer(indexedServer(t, dir, "Puzzles"))
	t.Cleanup(ts.Close)
	ctx, dialogs := browser(t)
	ctx = tab(t, ctx, dialogs)

	v, _ := engine.LookupVariant("kingulu")
	start, err := engine.ParsePosition(v, "7,6,5,0,1,4/1,0,1,0,0,3 N 4-16 A2,A5")
	if err != nil {
		t.Fatal(err)
	}
	wrong := ""
	for _, m := range start.Moves() {
		if tok := v.FormatMove(m); !strings.HasPrefix(tok, "a4") {
			wrong = tok
			break
		}
	}
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait),
		chromedp.Navigate(ts.URL+"/puzzles/1.html"), chromedp.WaitVisible("#puzzle-board"))
	if href := eval[string](t, ctx, `document.querySelector('.source-game a').getAttribute('href')`); href != "../games/1.html" {
		t.Errorf("source game link %q", href)
	}
	if open := eval[bool](t, ctx, `document.getElementById('puzzle-solution').open`); open {
		t.Error("the solution is open before the puzzle is solved")
	}
	// tap taps pit name (a pit's <title>) where a finger would: at its centre on the screen.
	tap := func(name string) {
		t.Helper()
		xy := eval[[]float64](t, ctx, `(() => { const g = Array.from(document.querySelectorAll('#puzzle-board g.pit')).find(g => g.querySelector('title').textContent === '`+name+`');
			g.scrollIntoView({block: 'center'}); const b = g.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; })()`)
		do(t, ctx, chromedp.MouseClickXY(xy[0], xy[1]))
	}
	say := `document.getElementById('puzzle-say').textContent`
	ready := `document.querySelector('#puzzle-board g.pit.can') !== null` // the engine has listed the moves
	settle(t, ctx, ready)
	tap(wrong[:2])
	settle(t, ctx, say+`.includes('Not this one')`)
	if bpn := eval[string](t, ctx, `document.getElementById('puzzle-board').getAttribute('data-bpn')`); bpn != start.String() {
		t.Errorf("after a wrong tap the board shows %s, want the puzzle's %s", bpn, start)
	}
	tap("a4")
	settle(t, ctx, say+`.includes('Right')`)
	deadline := time.Now().Add(30 * time.Second)
	for !eval[bool](t, ctx, `document.getElementById('puzzle-solution').open`) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	const last = "8,7,1,0,1,5/0,0,0,0,0,0 S 4-22 A2,A5"
	if bpn := eval[string](t, ctx, `document.getElementById('puzzle-board').getAttribute('data-bpn')`); bpn != last {
		t.Errorf("after the solution the board shows %s, want %s", bpn, last)
	}
	if text := eval[string](t, ctx, say); !strings.Contains(text, "Solved") {
		t.Errorf("at the end the page says %q", text)
	}
	if wide := eval[bool](t, ctx, `document.documentElement.scrollWidth > innerWidth`); wide {
		t.Error("the puzzle page scrolls sideways at 390 px")
	}
	if dir := os.Getenv("BAO_SCREENSHOTS"); dir != "" {
		shoot := func(name string) {
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		os.MkdirAll(dir, 0o755)
		do(t, ctx, chromedp.Navigate(ts.URL+"/puzzles/2.html"), chromedp.WaitVisible("#puzzle-board"))
		settle(t, ctx, ready)
		tap(wrong[:2])
		settle(t, ctx, say+`.includes('Not this one')`)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
		shoot("puzzle-wrong-phone.png")
		shoot2 := func(w, h int64, name string) {
			do(t, ctx, chromedp.EmulateViewport(w, h), chromedp.Navigate(ts.URL+"/puzzles/1.html"), chromedp.WaitVisible("#puzzle-board"))
			settle(t, ctx, ready)
			tap("a4")
			for !eval[bool](t, ctx, `document.getElementById('puzzle-solution').open`) && time.Now().Before(deadline.Add(time.Minute)) {
				time.Sleep(100 * time.Millisecond)
			}
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
			shoot(name)
		}
		shoot2(1366, 900, "puzzle-solved-desktop.png")
		do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait))
		shoot2(390, 844, "puzzle-solved-phone.png")
	}
}
