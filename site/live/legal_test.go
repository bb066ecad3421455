package live

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/sitetest"
)

// TestLegalPitContrast computes, from the stylesheets' own colours, how the recording page
// marks a pit the player may tap: its tile at least 3:1 against every fill a plain pit can
// have and against the board, its count 4.5:1 on it, and the pit picked for a choice 3:1
// against the tile of the others. A mark that fails is lost on a phone in sunlight.
func TestLegalPitContrast(t *testing.T) {
	sheet := sitetest.ParseCSS(readFile(t, filepath.Join("..", "static", "site.css")), readFile(t, filepath.Join("assets", "live.css")))
	board := sheet.Color(t, "svg.board .frame", "fill")
	tile := sheet.Color(t, ".rec-board svg.board .pit.can rect.hit", "fill")
	if c := sitetest.Contrast(tile, board); c < 3 {
		t.Errorf("a legal pit's tile (%s) against the board (%s): %.2f:1, want at least 3:1", tile, board, c)
	}
	for _, f := range []string{"", ".n", ".sown", ".early", ".capt"} {
		fill := sheet.Color(t, "svg.board .pit"+f+" circle", "fill")
		if c := sitetest.Contrast(tile, fill); c < 3 {
			t.Errorf("a legal pit's tile (%s) against a pit%s (%s): %.2f:1, want at least 3:1", tile, f, fill, c)
		}
	}
	if fill := sheet.Color(t, ".rec-board svg.board .pit.can circle", "fill"); fill != tile {
		t.Errorf("a legal pit's fill %s differs from its tile %s: the count is written on both", fill, tile)
	}
	text := sheet.Color(t, ".rec-board svg.board .pit.can text", "fill")
	if c := sitetest.Contrast(text, tile); c < 4.5 {
		t.Errorf("a legal pit's count (%s) on its tile (%s): %.2f:1, want at least 4.5:1", text, tile, c)
	}
	ring := sheet.Color(t, ".rec-board svg.board .pit.can circle", "stroke")
	for _, stone := range []string{"svg.board .pit.stone.has circle", "svg.board .pit.stone.n.has circle"} {
		if c := sitetest.Contrast(ring, sheet.Color(t, stone, "fill")); c < 3 {
			t.Errorf("a legal pit's ring (%s) around a stone (%s): %.2f:1, want at least 3:1", ring, stone, c)
		}
	}
	if c := sitetest.Contrast(ring, tile); c < 3 {
		t.Errorf("a legal pit's ring (%s) on its tile (%s): %.2f:1, want at least 3:1", ring, tile, c)
	}
	picked := sheet.Color(t, ".rec-board svg.board .pit.picked rect.hit", "fill")
	if c := sitetest.Contrast(picked, tile); c < 3 {
		t.Errorf("the picked pit's tile (%s) against a legal pit's (%s): %.2f:1, want at least 3:1", picked, tile, c)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pitsJS lists a recording page's pits as drawn: each one's name, whether it is marked as a
// legal start, the colour of its tile (the target a finger taps) and of its pit, and, first,
// the board's colour; colours as #rrggbb.
const pitsJS = `(() => {
	const hex = c => { const m = /rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/.exec(c);
		if (!m || m[4] === '0') return '';
		return '#' + [m[1], m[2], m[3]].map(n => (+n).toString(16).padStart(2, '0')).join(''); };
	const svg = document.querySelector('#rec-board svg');
	const out = [['', '', hex(getComputedStyle(svg.querySelector('.frame')).fill), '', '']];
	for (const g of svg.querySelectorAll('g.pit')) {
		const hit = g.querySelector('rect.hit'), pit = g.querySelector('circle, rect:not(.hit)');
		const r = hit.getBoundingClientRect();
		out.push([g.querySelector('title').textContent, g.classList.contains('can') ? 'can' : '',
			hex(getComputedStyle(hit).fill), hex(getComputedStyle(pit).fill), String(Math.min(r.width, r.height))]);
	}
	return out;
})()`

// TestBrowserLegalPits opens a recording page on a 360 px phone and fails unless the pits
// marked as legal are exactly those a legal move starts from, and, as the browser draws them
// (with the page's colours, and in forced colours as a high-contrast setting forces them), each
// such pit's tile is at least 3:1 against the plain pits and the board, and 40 px or more.
func TestBrowserLegalPits(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	dir, links := newEvent(t, "kiswahili", 4)
	var cut atomic.Bool
	base := liveSite(t, dir, &cut)
	p := person(t, sitetest.Browser(t), true)
	do(t, p, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	var want []string
	start := engine.Kiswahili.Start()
	for _, c := range start.Children(nil) {
		if pit := pitName(engine.Kiswahili.FormatMove(c.Move)); !slices.Contains(want, pit) {
			want = append(want, pit)
		}
	}
	slices.Sort(want)
	check := func(t *testing.T, how string) {
		rows := eval[[][]string](t, p, pitsJS)
		board := rows[0][2]
		var got []string
		var plain []string
		for _, r := range rows[1:] {
			if r[1] == "can" {
				got = append(got, r[0])
			} else if !slices.Contains(plain, r[3]) {
				plain = append(plain, r[3])
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: marked as legal %v, want %v", how, got, want)
		}
		for _, r := range rows[1:] {
			if r[1] != "can" {
				continue
			}
			if r[2] == "" {
				t.Errorf("%s: legal pit %s has no tile", how, r[0])
				continue
			}
			if c := sitetest.Contrast(r[2], board); c < 3 {
				t.Errorf("%s: legal pit %s's tile %s against the board %s: %.2f:1, want at least 3:1", how, r[0], r[2], board, c)
			}
			for _, f := range plain {
				if c := sitetest.Contrast(r[2], f); c < 3 {
					t.Errorf("%s: legal pit %s's tile %s against a plain pit %s: %.2f:1, want at least 3:1", how, r[0], r[2], f, c)
				}
			}
			var size float64
			fmt.Sscan(r[4], &size)
			if size < 40 {
				t.Errorf("%s: legal pit %s is %.0f px across, want 40 or more", how, r[0], size)
			}
		}
		first := rows[1+slices.IndexFunc(rows[1:], func(r []string) bool { return r[1] == "can" })]
		t.Logf("%s: %d legal pits marked, tile %s (%s px across), board %s, plain pits %v", how, len(got), first[2], first[4], board, plain)
	}
	do(t, p, chromedp.Navigate(base+links.Boards[0].Link+"?lang=sw"))
	settle(t, p, readyJS)
	check(t, "the page's colours")
	keepShot(t, p, "record-legal-sw-360x740.png")
	if _, err := chromedp.Call(p, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "forced-colors", Value: "active"}}}); err != nil {
		t.Fatal(err)
	}
	check(t, "forced colours")
	keepShot(t, p, "record-legal-forced-360x740.png")
	if !strings.Contains(eval[string](t, p, `matchMedia('(forced-colors: active)').matches ? 'yes' : 'no'`), "yes") {
		t.Error("the forced colours were not emulated")
	}
}

// TestBrowserRefusalShown: a move the server refuses as sent (here a clock reading that is
// not a time, left in the phone's storage) is said on the recording page in the server's words,
// in the page's language, and kept on the phone, not sent again and again.
func TestBrowserRefusalShown(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	dir, links := newEvent(t, "kiswahili", 4)
	var cut atomic.Bool
	base := liveSite(t, dir, &cut)
	p := person(t, sitetest.Browser(t), true)
	link := links.Boards[0].Link
	start := engine.Kiswahili.Start()
	c := start.Children(nil)[0]
	queued := fmt.Sprintf(`[{"ply":1,"move":%q,"position":%q,"clock":"25 dakika"}]`, engine.Kiswahili.FormatMove(c.Move), c.Position.String())
	do(t, p, chromedp.Navigate(base+link+"?lang=sw"))
	settle(t, p, readyJS)
	do(t, p, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem(%q, %q)`, "bao-rec:"+link, queued)), chromedp.Reload())
	want := lang.Must("sw").T("live.err.clock", "Clock", "25 dakika")
	settle(t, p, fmt.Sprintf(`document.querySelector('#sync').textContent.includes(%q)`, want))
	keepShot(t, p, "record-refused-sw-390x844.png")
	if got := eval[string](t, p, `localStorage.getItem('bao-rec:' + document.body.getAttribute('data-write'))`); !strings.Contains(got, "25 dakika") {
		t.Errorf("the refused move left the phone's storage: %q", got)
	}
}

// keepShot saves a screenshot of the page in ctx as name under $BAO_SCREENSHOTS, if set.
func keepShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("BAO_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
