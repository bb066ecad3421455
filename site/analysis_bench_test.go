package site_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/sitetest"
)

// BenchmarkBrowserEngine measures the engine in Chromium (through window.bao.engine(), the
// worker and its messages) against the native engine on the same positions: the moves of
// 2,000 positions per game (positions/s; native: Children), a 1 s search from the start
// (nodes/s), and the bytes a game page loads before and after its analysis board is opened
// (raw and gzipped). It is skipped without Chromium.
func BenchmarkBrowserEngine(b *testing.B) {
	if sitetest.ChromiumPath() == "" {
		b.Skip("no Chromium found (Debian: apt-get install chromium)")
	}
	dir := b.TempDir()
	rec := "[Variant \"Bao la Kiswahili\"]\n\n1. A6<* a6>* *\n"
	if err := os.WriteFile(filepath.Join(dir, "g.bgn"), []byte(rec), 0o644); err != nil {
		b.Fatal(err)
	}
	out, base := staticSite(b, dir)
	ctx, cancel := chromedp.NewExecAllocator(b.Context(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(sitetest.ChromiumPath()), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(b.TempDir()))...)
	defer cancel()
	ctx, cancel = chromedp.NewContext(ctx)
	defer cancel()
	run := func(js string, v any) {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatalf("%.60s: %v", js, err)
		}
		if err := json.Unmarshal([]byte(s), v); err != nil {
			b.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/g/1.html")); err != nil {
		b.Fatal(err)
	}
	var before []string
	run(`Promise.resolve(JSON.stringify([location.href].concat(performance.getEntriesByType('resource').map(e => e.name))))`, &before)
	if err := chromedp.Do(ctx, chromedp.Click("button.analyse")); err != nil {
		b.Fatal(err)
	}
	var opened bool
	run(`bao.engine().then(e => e.moves('kiswahili', document.querySelector('svg[data-analysis]').getAttribute('data-bpn'))).then(d => JSON.stringify(!!d.moves))`, &opened)
	var after []string
	run(`Promise.resolve(JSON.stringify([location.href].concat(performance.getEntriesByType('resource').map(e => e.name))))`, &after)
	size := func(urls []string) (raw, gz int) {
		for _, u := range urls {
			p, err := url.Parse(u)
			if err != nil {
				b.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(strings.TrimPrefix(p.Path, "/"))))
			if err != nil {
				continue // the worker's own fetch of the engine is listed by the worker, not here
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
	wasm, _ := filepath.Glob(filepath.Join(out, "static", "engine.*.wasm"))
	for _, w := range wasm {
		after = append(after, base+"/static/"+filepath.Base(w))
	}
	raw0, gz0 := size(before)
	raw1, gz1 := size(after)
	b.Logf("a game page loads %d bytes (%d gzipped) without the board, %d (%d gzipped) with it", raw0, gz0, raw1, gz1)

	for _, v := range engine.Variants() {
		var ps []engine.Position
		for i := uint64(0); len(ps) < 2000; i++ {
			ps = append(ps, engine.RandomGame(v.Start(), engine.NewRand(5, i), 300).Positions()...)
		}
		ps = ps[:2000]
		list := make([]string, len(ps))
		for i, p := range ps {
			list[i] = p.String()
		}
		js, _ := json.Marshal(list)
		b.Run(v.ID(), func(b *testing.B) {
			var browser float64
			run(fmt.Sprintf(`bao.engine().then(e => { const t = performance.now(); return Promise.all(%s.map(p => e.moves(%q, p))).then(() => JSON.stringify(performance.now() - t)); })`, js, v.ID()), &browser)
			var kids []engine.Child
			start := time.Now()
			for range 10 {
				for _, p := range ps {
					kids = p.Children(kids[:0])
				}
			}
			native := float64(10*len(ps)) / time.Since(start).Seconds()
			inBrowser := float64(len(ps)) / (browser / 1000)
			var best struct {
				NPS int64 `json:"nps"`
			}
			run(fmt.Sprintf(`bao.engine().then(e => e.bestmove(%q, %q, 1000)).then(d => JSON.stringify(d))`, v.ID(), v.Start().String()), &best)
			r := analysis.NewSearcher(16).Search(b.Context(), v.Start(), nil, analysis.Limits{MoveTime: time.Second}, nil)
			b.ReportMetric(inBrowser, "browser-positions/s")
			b.ReportMetric(native, "native-positions/s")
			b.ReportMetric(inBrowser/native, "browser/native")
			b.ReportMetric(float64(best.NPS), "browser-nodes/s")
			b.ReportMetric(float64(r.NPS()), "native-nodes/s")
			b.ReportMetric(float64(gz1), "gz-bytes-with-board")
			b.ReportMetric(float64(gz0), "gz-bytes-without-board")
			b.ReportMetric(float64(raw1), "raw-bytes-with-board")
			b.ReportMetric(float64(raw0), "raw-bytes-without-board")
		})
	}
}
