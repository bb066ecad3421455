package site_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The event and player pages of the demo archive in the browser: at a phone's width and a
// desktop's, with and without JavaScript.

const (
	demoEventPage  = "/demo/events/club-2026/event.html"
	demoPlayerPage = "/players/chande-omar.html"
)

// pageTextContrastJS measures the contrast of the texts of an event or player page against
// their grounds: the page's paper, and the rating chart's own ground for its labels.
const pageTextContrastJS = `(() => {
	const rgb = s => (s.match(/[\d.]+/g) || [0, 0, 0]).slice(0, 3).map(Number);
	const lum = c => { const l = rgb(c).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
		return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
	const cr = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const cs = e => getComputedStyle(e);
	const paper = cs(document.body).backgroundColor, out = [];
	for (const sel of ['body', 'h1', 'main a', '.note', 'table.games th', 'table.games td', 'table.tags th', '.count', 'nav.crumbs']) {
		document.querySelectorAll(sel).forEach((e, i) => { if (i < 3) out.push({what: sel, ratio: cr(cs(e).color, paper), min: 4.5}); });
	}
	document.querySelectorAll('figure.rating svg').forEach(svg => {
		const ground = cs(svg.querySelector('rect')).fill;
		svg.querySelectorAll('text').forEach(t => out.push({what: 'chart label', ratio: cr(cs(t).fill, ground), min: 4.5}));
		svg.querySelectorAll('polyline').forEach(l => out.push({what: 'chart line', ratio: cr(cs(l).stroke, ground), min: 3}));
	});
	return out; })()`

// overflowJS reports whether the page is wider than the screen: only the tables' own
// scrolling boxes may be.
const overflowJS = `document.documentElement.scrollWidth > innerWidth + 1`

func browserEvents(t *testing.T, ctx context.Context, base string) {
	type ratio struct {
		What       string
		Ratio, Min float64
	}
	for _, w := range []struct {
		name          string
		width, height int64
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		t.Run(w.name, func(t *testing.T) {
			vp := chromedp.EmulateViewport(w.width, w.height)
			if w.width < 600 {
				vp = chromedp.EmulateViewport(w.width, w.height, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait)
			}
			for _, p := range []string{demoEventPage, demoPlayerPage} {
				do(t, ctx, vp, chromedp.Navigate(base+p), chromedp.WaitVisible("main h1"))
				if eval[bool](t, ctx, overflowJS) {
					t.Errorf("%s at %dpx: the page is wider than the screen", p, w.width)
				}
				rs := eval[[]ratio](t, ctx, pageTextContrastJS)
				if len(rs) < 10 {
					t.Errorf("%s: only %d contrast measures", p, len(rs))
				}
				for _, r := range rs {
					if r.Ratio < r.Min {
						t.Errorf("%s: %s: contrast %.2f:1, want at least %.1f:1", p, r.What, r.Ratio, r.Min)
					}
				}
			}
		})
	}
	do(t, ctx, chromedp.EmulateViewport(1280, 900))

	// Every result of the crosstable and the rounds, and every game of a player, reaches a
	// game page of the event; a game page links back to the event and its players.
	do(t, ctx, chromedp.Navigate(base+demoEventPage), chromedp.WaitVisible("#crosstable"))
	cross := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#crosstable td a')).map(a => a.href)`)
	rounds := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#rounds td a[href*="round-"]')).map(a => a.href)`)
	if len(cross) != 20 || len(rounds) != 15 { // 10 games, each in two cells; 15 games and byes
		t.Errorf("crosstable links %d, want 20; round result links %d, want 15", len(cross), len(rounds))
	}
	do(t, ctx, chromedp.Click("#crosstable td a", chromedp.NodeVisible))
	// The new page, loaded: the address changes before its document is read.
	settle(t, ctx, `location.pathname.includes('/events/club-2026/round-') && document.readyState === 'complete'`)
	back := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('table.tags a')).map(a => a.getAttribute('href'))`)
	var event, players int
	for _, h := range back {
		event += strings.Count(h, "event.html")
		players += strings.Count(h, "players/")
	}
	if event != 1 || players != 2 {
		t.Errorf("a game of the event links to %d event pages and %d player pages, want 1 and 2: %v", event, players, back)
	}
	do(t, ctx, chromedp.Navigate(base+demoPlayerPage), chromedp.WaitVisible("#games"))
	games := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#games a.row')).map(a => a.href)`)
	if len(games) != 4 { // four games; the bye is none
		t.Errorf("player page lists %d games, want 4", len(games))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('figure.rating svg circle').length`); n != 5 {
		t.Errorf("rating chart: %d points, want 5 (the start and four rated games)", n)
	}
}

// browserEventsNoScript loads the event and player pages with JavaScript off: nothing on
// them may be a control that does nothing.
func browserEventsNoScript(t *testing.T, ctx context.Context, base string) {
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{demoEventPage, demoPlayerPage} {
		do(t, ctx, chromedp.Navigate(base+p), chromedp.WaitVisible("main h1"))
		if got := eval[[]string](t, ctx, visibleControlsJS); len(got) > 0 {
			t.Errorf("%s without JavaScript shows controls that do nothing: %v", p, got)
		}
	}
}

// browserEventScreenshots saves the event page and a player page at a phone's and a
// desktop's width.
func browserEventScreenshots(t *testing.T, ctx context.Context, base, dir string) {
	for _, p := range []struct{ name, path string }{{"event", demoEventPage}, {"player", demoPlayerPage}} {
		for _, w := range []struct {
			name          string
			width, height int64
		}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
			vp := chromedp.EmulateViewport(w.width, w.height)
			if w.width < 600 {
				vp = chromedp.EmulateViewport(w.width, w.height, chromedp.EmulateMobile, chromedp.EmulatePortrait)
			}
			do(t, ctx, vp, chromedp.Navigate(base+p.path), chromedp.WaitVisible("main h1"))
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(dir, p.name+"-"+w.name+".png")
			if err := os.WriteFile(name, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot: %s", name)
		}
	}
}
