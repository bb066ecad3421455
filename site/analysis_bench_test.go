package site_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/sitetest"
)

// BenchmarkBrowserEngine measures the engine in Chromium against the native engine on the
// same positions: the moves of the 500 positions engine.BenchmarkChildren lists per game,
// listed again and again inside the worker's WebAssembly and timed there (positions/s: the
// engine alone, not the messages between page and worker), a 1 s search from the start
// (nodes/s), and the bytes a game page loads before and after its analysis board is opened
// (raw and gzipped). browser/native is the ratio of the two engines' positions/s (the target
// is at least 0.25). It is skipped without Chromium.
func BenchmarkBrowserEngine(b *testing.B) {
	if sitetest.ChromiumPath() == "" {
		b.Skip("no Chromium found (Debian: apt-get install chromium)")
	}
	ctx, cancel := chromedp.NewExecAllocator(b.Context(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(sitetest.ChromiumPath()), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(b.TempDir()))...)
	defer cancel()
	ctx, cancel = chromedp.NewContext(ctx)
	defer cancel()
	run := func(js string, v any) { evalJSON(b, ctx, js, v) }
	raw0, gz0, raw1, gz1 := gamePageBytes(b, ctx)
	b.Logf("a game page loads %d bytes (%d gzipped) without the board, %d (%d gzipped) with it", raw0, gz0, raw1, gz1)

	for _, v := range engine.Variants() {
		ps := childrenPositions(b, v)
		list := make([]string, len(ps))
		for i, p := range ps {
			list[i] = p.String()
		}
		bpns := strings.Join(list, "\n")
		b.Run(v.ID(), func(b *testing.B) {
			type timing struct {
				Positions int
				MS        float64
				Error     string
			}
			bench := func(rounds int) timing {
				var t timing
				run(fmt.Sprintf(`bao.engine().then(e => e.bench(%q, %q, %d)).then(d => JSON.stringify(d))`, v.ID(), bpns, rounds), &t)
				if t.Error != "" || t.Positions != rounds*len(ps) {
					b.Fatalf("bench in the worker: %+v", t)
				}
				return t
			}
			// A first pass warms the engine up and sizes the timed ones at about 0.2 s. The
			// machine may be shared and its load change from one second to the next: the two
			// engines take turns nine times, and the figures are the medians, the ratio that of
			// each turn's pair.
			warm := bench(10)
			rounds := max(5, int(10*200/max(warm.MS, 1)))
			kids := make([]engine.Child, 0, 64)
			var browsers, natives, ratios []float64
			for range 9 {
				t := bench(rounds)
				br := float64(t.Positions) / (t.MS / 1000)
				start := time.Now()
				for range rounds {
					for _, p := range ps {
						kids = p.Children(kids[:0])
					}
				}
				nat := float64(rounds*len(ps)) / time.Since(start).Seconds()
				browsers, natives, ratios = append(browsers, br), append(natives, nat), append(ratios, br/nat)
			}
			median := func(xs []float64) float64 { slices.Sort(xs); return xs[len(xs)/2] }
			inBrowser, native, ratio := median(browsers), median(natives), median(ratios)
			var best struct {
				NPS int64 `json:"nps"`
			}
			run(fmt.Sprintf(`bao.engine().then(e => e.bestmove(%q, %q, 1000)).then(d => JSON.stringify(d))`, v.ID(), v.Start().String()), &best)
			r := analysis.NewSearcher(16).Search(b.Context(), v.Start(), nil, analysis.Limits{MoveTime: time.Second}, nil)
			b.ReportMetric(inBrowser, "browser-positions/s")
			b.ReportMetric(native, "native-positions/s")
			b.ReportMetric(ratio, "browser/native")
			b.ReportMetric(float64(best.NPS), "browser-nodes/s")
			b.ReportMetric(float64(r.NPS()), "native-nodes/s")
			b.ReportMetric(float64(gz1), "gz-bytes-with-board")
			b.ReportMetric(float64(gz0), "gz-bytes-without-board")
			b.ReportMetric(float64(raw1), "raw-bytes-with-board")
			b.ReportMetric(float64(raw0), "raw-bytes-without-board")
		})
	}
}

// evalJSON evaluates js in the page (awaiting a promise) and reads the JSON string it gives.
func evalJSON(tb testing.TB, ctx context.Context, js string, v any) {
	tb.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.Fatalf("%.60s: %v", js, err)
	}
	if err := json.Unmarshal([]byte(s), v); err != nil {
		tb.Fatal(err)
	}
}

// gamePageBytes opens a game page of a static site in the browser, then its analysis board,
// and counts the bytes of what it loaded before and after (raw, and gzipped at the best
// ratio, as a server would send them): the resources the browser lists, and the engine the
// worker fetches (which the page's list does not hold).
func gamePageBytes(tb testing.TB, ctx context.Context) (raw0, gz0, raw1, gz1 int) {
	tb.Helper()
	dir := tb.TempDir()
	rec := "[Variant \"Bao la Kiswahili\"]\n\n1. A6<* a6>* *\n"
	if err := os.WriteFile(filepath.Join(dir, "g.bgn"), []byte(rec), 0o644); err != nil {
		tb.Fatal(err)
	}
	out, base := staticSite(tb, dir)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/g/1.html")); err != nil {
		tb.Fatal(err)
	}
	const loaded = `Promise.resolve(JSON.stringify([location.href].concat(performance.getEntriesByType('resource').map(e => e.name))))`
	var before []string
	evalJSON(tb, ctx, loaded, &before)
	if err := chromedp.Do(ctx, chromedp.Click("button.analyse")); err != nil {
		tb.Fatal(err)
	}
	var opened bool
	evalJSON(tb, ctx, `bao.engine().then(e => e.moves('kiswahili', document.querySelector('svg[data-analysis]').getAttribute('data-bpn'))).then(d => JSON.stringify(!!d.moves))`, &opened)
	if !opened {
		tb.Fatal("the analysis board's engine gave no moves")
	}
	var after []string
	evalJSON(tb, ctx, loaded, &after)
	wasm, _ := filepath.Glob(filepath.Join(out, "static", "engine.*.wasm"))
	if len(wasm) != 1 {
		tb.Fatalf("the site holds %d engines", len(wasm))
	}
	after = append(after, base+"/static/"+filepath.Base(wasm[0]))
	size := func(urls []string) (raw, gz int) {
		seen := map[string]bool{}
		for _, u := range urls {
			p, err := url.Parse(u)
			if err != nil {
				tb.Fatal(err)
			}
			if seen[p.Path] {
				continue
			}
			seen[p.Path] = true
			data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(strings.TrimPrefix(p.Path, "/"))))
			if err != nil {
				tb.Fatalf("%s was loaded but is not in the site: %v", u, err)
			}
			raw += len(data)
			var z bytes.Buffer
			w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
			w.Write(data)
			w.Close()
			gz += z.Len()
		}
		return raw, gz
	}
	raw0, gz0 = size(before)
	raw1, gz1 = size(after)
	return raw0, gz0, raw1, gz1
}

// boardBudget is the most a game page may load, gzipped, once its analysis board is open.
const boardBudget = 1_000_000

// TestBoardBudget: a game page with its analysis board open loads at most boardBudget bytes
// gzipped, the engine included. Sizes, not times: it holds on any machine.
func TestBoardBudget(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	ctx, _ := browser(t)
	raw0, gz0, raw1, gz1 := gamePageBytes(t, ctx)
	t.Logf("a game page loads %d bytes (%d gzipped) without the board, %d (%d gzipped) with it", raw0, gz0, raw1, gz1)
	if gz1 > boardBudget {
		t.Errorf("a game page with its board open loads %d bytes gzipped, over the budget of %d", gz1, boardBudget)
	}
}

// childrenPositions are the positions engine.BenchmarkChildren lists the moves of: the first
// 500 of seeded random games of at most 400 plies (engine's benchPositions).
func childrenPositions(b *testing.B, v *engine.Variant) []engine.Position {
	var ps []engine.Position
	for i := uint64(0); len(ps) < 500; i++ {
		p := v.Start()
		for _, m := range engine.RandomGame(v.Start(), engine.NewRand(99, i), 400).Moves() {
			ps = append(ps, p)
			var err error
			if p, err = p.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
	}
	return ps[:500]
}
