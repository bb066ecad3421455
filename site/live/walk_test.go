package live

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/sitetest"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/site"
)

// textsJS gathers what a reader is told on a page: its rendered text, its title, and the
// names and hints of its elements (aria-label, title, alt, placeholder) that a screen reader
// or a pointer shows. What is marked as in another language (the language switch's
// "English") is left out.
const textsJS = `(() => {
	let text = document.body.innerText;
	for (const e of document.querySelectorAll('body [lang]'))
		if (e.lang !== document.documentElement.lang) text = text.split(e.innerText).join(' ');
	const out = [document.title, text];
	for (const e of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]'))
		for (const a of ['aria-label', 'title', 'alt', 'placeholder'])
			if (e.hasAttribute(a)) out.push(e.getAttribute(a));
	for (const t of document.querySelectorAll('svg title')) out.push(t.textContent);
	return out.join('\n');
})()`

// englishIn lists the English catalogue's texts (those the Kiswahili one does not share)
// found in text: its sentences anywhere, its messages of one word as a whole word.
func englishIn(t *testing.T, text string) []string {
	t.Helper()
	text = strings.Join(strings.Fields(text), " ")
	// The keys of the keyboard are named as they are printed on it.
	text = keyNames.ReplaceAllString(text, " ")
	var found []string
	for _, s := range englishSentences(t) {
		if strings.Contains(text, s) {
			found = append(found, s)
		}
	}
	for _, re := range englishWords(t) {
		if m := re.FindStringSubmatch(text); m != nil {
			found = append(found, m[1])
		}
	}
	return found
}

var keyNames = regexp.MustCompile(`\((Home|End|Enter|Space|Esc)\)`)

// englishWords are the English catalogue's messages of one word of three letters or more
// ("Undo", "Clocks"), as patterns matching the whole word, where the Kiswahili catalogue says
// something else.
func englishWords(t *testing.T) []*regexp.Regexp {
	t.Helper()
	en, sw := lang.Must("en").Messages(""), lang.Must("sw").Messages("")
	word := regexp.MustCompile(`^\p{L}{3,}$`)
	seen := map[string]bool{}
	var out []*regexp.Regexp
	for id, m := range en {
		w, ok := m.(string)
		w = strings.TrimSpace(strings.Trim(w, ".:…"))
		if !ok || !word.MatchString(w) || seen[w] || strings.Contains(toString(sw[id]), w) {
			continue
		}
		seen[w] = true
		out = append(out, regexp.MustCompile(`(?:^|[^\p{L}])(`+regexp.QuoteMeta(w)+`)(?:[^\p{L}]|$)`))
	}
	return out
}

// TestBrowserWalkInKiswahili walks, at a phone's size and in Kiswahili, a game page (its
// viewer stepped), the analysis board opened on it (an illegal tap, a move, the engine asked),
// the event's page, the round page live and a board's recording page (an illegal tap, a move
// saved), and fails on
// any sentence of the English catalogue in what the pages show, before and after the
// scripts have had their say. The same walk in English must find English: the check can fail.
func TestBrowserWalkInKiswahili(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	// The record content (the event's and the players' names) is in Kiswahili too, so that
	// whatever English the pages show is theirs.
	dir, links := kombe(t)
	line := testgame.Line(engine.Kiswahili, 6, 1, 3)
	s, err := event.Record(dir, 1, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range line {
		if _, err := s.Exec(tok); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	var cut atomic.Bool
	base := liveSite(t, dir, &cut)
	ctx := sitetest.Browser(t)
	shots := os.Getenv("BAO_SCREENSHOTS")
	walk := func(t *testing.T, code string) []string {
		p := person(t, ctx, true)
		var found []string
		look := func(where string) {
			t.Helper()
			for _, s := range englishIn(t, eval[string](t, p, textsJS)) {
				found = append(found, where+": "+s)
			}
		}
		shot := func(name string) {
			t.Helper()
			if shots == "" || code != "sw" {
				return
			}
			png, err := chromedp.Run(p, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(shots, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// The game page, its viewer stepped back and on.
		do(t, p, chromedp.Navigate(base+"/"+site.GameHref("round-01.bgn", 1)+"?lang="+code))
		settle(t, p, `!!document.querySelector('#controls button') && !!document.querySelector('button.analyse')`)
		if got := eval[string](t, p, `document.documentElement.lang`); got != code {
			t.Fatalf("the game page is in %q, want %q", got, code)
		}
		look("game page")
		do(t, p, chromedp.Click(`#controls [data-go="first"]`), chromedp.Click(`#controls [data-go="next"]`))
		look("game page, stepped")
		shot("game-sw-390x844.png")
		// The analysis board: an illegal tap, a legal one, the engine.
		do(t, p, chromedp.Click("button.analyse"))
		settle(t, p, `!!document.querySelector('svg[data-analysis] g.pit.can')`)
		look("analysis board")
		do(t, p, chromedp.Evaluate[chromedp.Void](`(() => {
			const pits = [...document.querySelectorAll('svg[data-analysis] g.pit')];
			pits.find(g => !g.classList.contains('can')).dispatchEvent(new MouseEvent('click', {bubbles: true}));
		})()`))
		settle(t, p, `document.querySelector('section.analysis .say').textContent !== ''`)
		look("analysis board, an illegal tap")
		do(t, p, chromedp.Evaluate[chromedp.Void](`document.querySelector('svg[data-analysis] g.pit.can').dispatchEvent(new MouseEvent('click', {bubbles: true}))`))
		do(t, p, chromedp.Evaluate[chromedp.Void](`(() => { const b = document.querySelector('section.analysis .choices button'); if (b) b.click(); })()`))
		settle(t, p, `document.querySelector('svg[data-analysis]').getAttribute('data-line') !== ''`)
		do(t, p, chromedp.Click(`section.analysis [data-a="engine"]`))
		settle(t, p, `document.querySelector('section.analysis .best').hasAttribute('data-best')`)
		look("analysis board, a move and the engine")
		shot("analysis-sw-390x844.png")
		// The event's page.
		do(t, p, chromedp.Navigate(base+"/"+site.EventHref(".")))
		settle(t, p, `!!document.querySelector('#standings tbody tr')`)
		look("event page")
		shot("event-sw-390x844.png")
		// The round page, live.
		do(t, p, chromedp.Navigate(base+LivePrefix+"round-1.html"))
		settle(t, p, `!document.querySelector('.on-air').hidden`)
		look("round page")
		shot("round-sw-390x844.png")
		// A board's recording page: an illegal tap, a move saved.
		do(t, p, chromedp.Navigate(base+links.Boards[1].Link))
		settle(t, p, readyJS)
		look("recording page")
		shot("record-sw-390x844.png")
		tapPit(t, p, "b8")
		settle(t, p, `document.querySelector('#status').classList.contains('bad')`)
		look("recording page, an illegal tap")
		playMove(t, p, testgame.Line(engine.Kiswahili, 1, 2, 5)[0])
		settle(t, p, savedJS(1))
		look("recording page, a move saved")
		shot("record-saved-sw-390x844.png")
		do(t, p, chromedp.Click("details.results summary"))
		look("recording page, the results")
		return found
	}
	if found := walk(t, "sw"); len(found) > 0 {
		t.Errorf("English on the Kiswahili pages:\n%s", strings.Join(found, "\n"))
	}
	t.Run("english", func(t *testing.T) {
		if found := walk(t, "en"); len(found) == 0 {
			t.Error("the same walk in English found no English sentence: the check cannot fail")
		} else {
			t.Logf("in English, %d sentences of the catalogue found, %s first", len(found), fmt.Sprint(found[0]))
		}
	})
}

// kombe is a Kiswahili event of four players named as players at a baraza are, paired for
// round 1, and its links: the pages in Kiswahili then hold no English name.
func kombe(t *testing.T) (string, *event.RoundLinks) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kombe")
	c := event.Config{Name: "Kombe la Unguja", Variant: "kiswahili", Format: "round-robin"}
	for _, name := range []string{"Asha Juma", "Bakari Mzee", "Mwanaisha Ali", "Omari Haji"} {
		c.Players = append(c.Players, event.Player{Name: name})
	}
	if err := event.New(dir, c); err != nil {
		t.Fatal(err)
	}
	if _, _, err := event.Pair(dir); err != nil {
		t.Fatal(err)
	}
	links, err := event.Links(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	return dir, links
}
